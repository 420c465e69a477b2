#pragma once
#include <string>
#include <vector>

namespace hbcast::test_support {

struct CommandResult {
  int exit_status = -1;  ///< exit code, or 128 + signal when killed by a signal
  std::string out;
  std::string err;
};

/// Runs `program` with `arguments` (no shell), capturing stdout and stderr.
CommandResult run_command(const std::string& program, const std::vector<std::string>& arguments);

/// A fresh directory under the system temporary directory, removed with its content on destruction.
class TemporaryDirectory {
public:
  TemporaryDirectory();
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::string& path() const { return path_; }
  /// Writes `content` to path()/name and returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

private:
  std::string path_;
};

std::string read_file(const std::string& path);

}  // namespace hbcast::test_support
