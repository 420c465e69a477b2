#include <hbcast/simulation/temporary_platform_file.hpp>

#include <hbcast/util/atomic_file.hpp>

#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace hbcast::cli {

TemporaryPlatformFile::TemporaryPlatformFile(const std::string& xml, const std::string& stem)
{
  std::string pattern = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
  const int descriptor = mkstemp(pattern.data());  // a unique name, then the same name with .xml
  if (descriptor < 0)
    throw std::runtime_error("cannot create a temporary platform file in " +
                             std::filesystem::temp_directory_path().string());
  close(descriptor);
  std::filesystem::remove(pattern);
  path_ = pattern + ".xml";
  write_file_atomically(path_, xml);
}

TemporaryPlatformFile::~TemporaryPlatformFile()
{
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

}  // namespace hbcast::cli
