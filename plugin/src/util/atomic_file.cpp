#include <hbcast/util/atomic_file.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace hbcast {

void write_file_atomically(const std::string& path, const std::string& content)
{
  const std::string temporary = path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream file(temporary, std::ios::binary);
    if (!file)
      throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
    file << content;
    file.flush();
    if (!file) {
      std::remove(temporary.c_str());
      throw std::runtime_error("cannot write '" + path + "'");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw std::runtime_error("cannot write '" + path + "': " + reason);
  }
}

}  // namespace hbcast
