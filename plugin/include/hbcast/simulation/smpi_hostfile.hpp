#pragma once
#include <string>
#include <vector>

namespace hbcast::cli {

/// smpirun's hostfile (rank r on hosts[r]) in the temporary directory ($TMPDIR, else /tmp),
/// removed with the object.
class SmpiHostfile {
public:
  explicit SmpiHostfile(const std::vector<std::string>& hosts);
  ~SmpiHostfile();
  SmpiHostfile(const SmpiHostfile&) = delete;
  SmpiHostfile& operator=(const SmpiHostfile&) = delete;
  const std::string& path() const { return path_; }

private:
  std::string path_;
};

}  // namespace hbcast::cli
