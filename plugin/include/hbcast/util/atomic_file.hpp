#pragma once
#include <string>
#include <vector>

namespace hbcast {

/// Writes `content` to `path` through a temporary file renamed over it, so an existing file is
/// replaced only by a complete new one. A symlink is written through (its target is replaced, the
/// link kept); anything that is not a regular file (directory, FIFO, device) and read-only files
/// are refused. Throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, const std::string& content);

/// The checks write_file_atomically makes, done before long work: throws std::runtime_error naming
/// `path` when it is empty, when it (or what it links to) exists and is not a writable regular
/// file, or when its folder does not exist, is not a folder or is not writable.
void check_output_path(const std::string& path);

/// What `path` names once symlinks are followed (up to 40, as the kernel does): the file a write
/// through it reaches, created if it does not exist.
std::string symlink_target(const std::string& path);

/// Whether two paths name one file: the same inode when both exist (hard and symbolic links
/// included), else the same normalised absolute path.
bool same_file(const std::string& first, const std::string& second);

/// A path and what it is to the run: the option that names an output ("--plan"), or what an
/// input is ("the platform being simulated").
struct NamedPath {
  std::string role;
  std::string path;
};

/// The checks every command makes on its outputs before any work: each passes check_output_path,
/// no two name one file, and none is one of `inputs` (empty input paths are ignored). Throws
/// std::runtime_error with one line naming the option and the path.
void check_outputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

}  // namespace hbcast
