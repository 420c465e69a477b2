#pragma once
// What every fuzz target shares: the input as a file (for the parsers the CLI hands a path) and the
// contract of a parser's refusal (one line, naming the problem).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

namespace hbcast::fuzz {

/// The input bytes as a file the parsers open by path: an anonymous in-memory file, rewritten for
/// each input, reached as /proc/self/fd/N (no disk, nothing left behind).
class InputFile {
public:
  InputFile();
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  /// Replaces the content; returns the path.
  const std::string& write(const std::uint8_t* data, std::size_t size);
  const std::string& path() const { return path_; }

private:
  int fd_ = -1;
  std::string path_;
};

/// Stops the run with a message (libFuzzer then saves the input as a crash).
[[noreturn]] void violated(const std::string& what);

/// A refusal must be a non-empty single line (the CLI prints it as `hbcast: error: ...`) and, when
/// `must_name` is given, name it (the file a user has to fix).
void check_refusal(const std::exception& error, std::string_view must_name = {});

}  // namespace hbcast::fuzz
