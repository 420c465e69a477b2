#pragma once
#include <string>

namespace hbcast::cli {

/// A platform XML written to a fresh file in the temporary directory, for programs that read a
/// path (SimGrid, smpirun); removed when this object goes.
class TemporaryPlatformFile {
public:
  /// `stem` starts the file name, e.g. "hbcast-sender-only".
  TemporaryPlatformFile(const std::string& xml, const std::string& stem);
  ~TemporaryPlatformFile();
  TemporaryPlatformFile(const TemporaryPlatformFile&) = delete;
  TemporaryPlatformFile& operator=(const TemporaryPlatformFile&) = delete;
  const std::string& path() const { return path_; }

private:
  std::string path_;
};

}  // namespace hbcast::cli
