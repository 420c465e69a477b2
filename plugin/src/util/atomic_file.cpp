#include <hbcast/util/atomic_file.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace hbcast {
namespace {

std::runtime_error write_error(const std::string& path, const std::string& reason)
{
  return std::runtime_error("cannot write '" + path + "': " + reason);
}

std::string kind_of(mode_t mode)
{
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

// Renaming over a path replaces a symlink itself; write to what it points at instead (a dangling
// link's target is created). Chains are followed up to 40 links, as the kernel does.
std::string resolved_target(const std::string& path)
{
  fs::path current(path);
  std::error_code error;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(current, error)); ++hops) {
    const fs::path target = fs::read_symlink(current, error);
    if (error)
      break;
    current = target.is_absolute() ? target : current.parent_path() / target;
  }
  return current.string();
}

std::optional<mode_t> checked_target(const std::string& path, const std::string& target)
{
  struct stat status {};
  if (stat(target.c_str(), &status) != 0)
    return std::nullopt;  // a new file
  if (!S_ISREG(status.st_mode))
    throw write_error(path, "it is " + kind_of(status.st_mode) + ", and hbcast writes only regular files");
  // Checked on the mode bits, not access(2): root may write anything, yet a read-only file says "keep me".
  if ((status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || access(target.c_str(), W_OK) != 0)
    throw write_error(path, "the file is read-only");
  return status.st_mode & 07777;
}

}  // namespace

std::string symlink_target(const std::string& path)
{
  return resolved_target(path);
}

void check_output_path(const std::string& path)
{
  checked_target(path, resolved_target(path));
}

void write_file_atomically(const std::string& path, const std::string& content)
{
  const std::string target = resolved_target(path);
  const std::optional<mode_t> mode = checked_target(path, target);
  const std::string temporary = target + ".tmp" + std::to_string(getpid());
  {
    std::ofstream file(temporary, std::ios::binary);
    if (!file)
      throw write_error(path, std::strerror(errno));
    file << content;
    file.flush();
    if (!file) {
      std::remove(temporary.c_str());
      throw write_error(path, "writing failed");
    }
  }
  if (mode)
    chmod(temporary.c_str(), *mode);  // the replacement keeps the file's permissions
  if (std::rename(temporary.c_str(), target.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw write_error(path, reason);
  }
}

}  // namespace hbcast
