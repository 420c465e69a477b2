#pragma once
#include <string>

namespace hbcast {

/// Writes `content` to `path` through a temporary file renamed over it, so an existing file is
/// replaced only by a complete new one. A symlink is written through (its target is replaced, the
/// link kept); anything that is not a regular file (directory, FIFO, device) and read-only files
/// are refused. Throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, const std::string& content);

/// The checks write_file_atomically makes, done before long work: throws std::runtime_error naming
/// `path` when it (or what it links to) exists and is not a writable regular file.
void check_output_path(const std::string& path);

/// What `path` names once symlinks are followed (up to 40, as the kernel does): the file a write
/// through it reaches, created if it does not exist.
std::string symlink_target(const std::string& path);

}  // namespace hbcast
