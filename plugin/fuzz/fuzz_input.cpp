#include "fuzz_input.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace hbcast::fuzz {

InputFile::InputFile() : fd_(memfd_create("hbcast-fuzz-input", MFD_CLOEXEC))
{
  if (fd_ < 0)
    violated(std::string("memfd_create: ") + std::strerror(errno));
  path_ = "/proc/self/fd/" + std::to_string(fd_);
}

InputFile::~InputFile()
{
  if (fd_ >= 0)
    close(fd_);
}

const std::string& InputFile::write(const std::uint8_t* data, std::size_t size)
{
  if (ftruncate(fd_, 0) != 0)
    violated(std::string("ftruncate: ") + std::strerror(errno));
  std::size_t done = 0;
  while (done < size) {
    const ssize_t written = pwrite(fd_, data + done, size - done, static_cast<off_t>(done));
    if (written <= 0)
      violated(std::string("pwrite: ") + std::strerror(errno));
    done += static_cast<std::size_t>(written);
  }
  return path_;
}

void violated(const std::string& what)
{
  std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
  std::abort();
}

void check_refusal(const std::exception& error, std::string_view must_name)
{
  const std::string_view message = error.what();
  if (message.empty())
    violated("an empty error message");
  if (message.find('\n') != std::string_view::npos)
    violated("an error message of several lines: " + std::string(message));
  if (!must_name.empty() && message.find(must_name) == std::string_view::npos)
    violated("an error message that does not name '" + std::string(must_name) + "': " + std::string(message));
}

}  // namespace hbcast::fuzz
