#include <hbcast/util/atomic_file.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <fstream>
#include <stdexcept>
#include <vector>
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

// "--plan 'x'" (or "'x'" with no option).
std::string fmt_quoted(const std::string& option, const std::string& path)
{
  return (option.empty() ? std::string() : option + " ") + "'" + path + "'";
}

// The folder a new file goes into must exist and take it (write_file_atomically also writes its
// temporary file there, so this holds for a replaced file too).
void check_output_folder(const std::string& path, const std::string& target)
{
  const fs::path parent = fs::path(target).parent_path();
  const std::string folder = parent.empty() ? std::string(".") : parent.string();
  struct stat status {};
  if (stat(folder.c_str(), &status) != 0)
    throw write_error(path, "the folder '" + folder + "' does not exist");
  if (!S_ISDIR(status.st_mode))
    throw write_error(path, "'" + folder + "' is not a folder");
  if (access(folder.c_str(), W_OK | X_OK) != 0)
    throw write_error(path, "the folder '" + folder + "' is not writable");
}

}  // namespace

std::string symlink_target(const std::string& path)
{
  return resolved_target(path);
}

void check_output_path(const std::string& path)
{
  if (path.empty())
    throw std::runtime_error("an empty file name");
  const std::string target = resolved_target(path);
  if (!target.empty() && target.back() == '/')
    throw write_error(path, "it names a folder, and hbcast writes only regular files");
  checked_target(path, target);
  check_output_folder(path, target);
}

bool same_file(const std::string& first, const std::string& second)
{
  std::error_code error;
  if (fs::exists(first, error) && fs::exists(second, error))
    return fs::equivalent(first, second, error);
  const fs::path a = fs::weakly_canonical(fs::absolute(first, error), error);
  const fs::path b = fs::weakly_canonical(fs::absolute(second, error), error);
  return !a.empty() && a == b;
}

void check_outputs(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs)
{
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    const auto& [option, path] = outputs[k];
    const std::string lead = option.empty() ? std::string() : option + ": ";
    if (path.empty())
      throw std::runtime_error(lead + "an empty file name");
    for (const auto& [what, input] : inputs)
      if (!input.empty() && same_file(path, input))
        throw std::runtime_error(fmt_quoted(option, path) + " is " + what + ": hbcast never overwrites its inputs");
    for (std::size_t j = 0; j < k; ++j)
      if (same_file(path, outputs[j].path))
        throw std::runtime_error(outputs[j].role == option
                                     ? option + " names the file '" + path + "' twice"
                                     : outputs[j].role + " and " + option + " name the same file '" + path + "'");
    try {
      check_output_path(path);
    } catch (const std::runtime_error& error) {
      throw std::runtime_error(lead + error.what());
    }
  }
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
