#pragma once
#include <string>

namespace hbcast {

/// Writes `content` to `path` through a temporary file renamed over it, so an existing file is
/// replaced only by a complete new one. Throws std::runtime_error naming the path on failure.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace hbcast
