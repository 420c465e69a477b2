#include "xml_file.hpp"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hbcast::test_support {

XmlFile::XmlFile(const std::string& stem, const std::string& xml)
    : path_((std::filesystem::temp_directory_path() / (stem + "-" + std::to_string(getpid()) + ".xml")).string())
{
  std::ofstream(path_) << xml;
}

XmlFile::~XmlFile() { std::filesystem::remove(path_); }

}  // namespace hbcast::test_support
