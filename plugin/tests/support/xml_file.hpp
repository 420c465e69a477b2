#pragma once
#include <string>

namespace hbcast::test_support {

/// A platform XML written to a fresh temporary file, removed when the object goes away. The name
/// carries the process id: tests run in parallel processes.
class XmlFile {
public:
  XmlFile(const std::string& stem, const std::string& xml);
  ~XmlFile();
  XmlFile(const XmlFile&) = delete;
  XmlFile& operator=(const XmlFile&) = delete;

  const std::string& path() const { return path_; }

private:
  std::string path_;
};

}  // namespace hbcast::test_support
