#include <hbcast/simulation/smpi_hostfile.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace hbcast::cli {

SmpiHostfile::SmpiHostfile(const std::vector<std::string>& hosts)
{
  const char* directory = std::getenv("TMPDIR");
  std::string pattern = std::string(directory ? directory : "/tmp") + "/hbcast-hosts-XXXXXX";
  const int descriptor = mkstemp(pattern.data());
  if (descriptor < 0)
    throw std::runtime_error("cannot create a hostfile for smpirun in the temporary directory");
  close(descriptor);
  path_ = pattern;
  std::ofstream out(path_);
  for (const auto& host : hosts)
    out << host << "\n";
  if (!out.flush())
    throw std::runtime_error("cannot write the hostfile '" + path_ + "'");
}

SmpiHostfile::~SmpiHostfile() { std::remove(path_.c_str()); }

}  // namespace hbcast::cli
