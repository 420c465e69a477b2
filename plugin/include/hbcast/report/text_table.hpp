#pragma once
#include <ostream>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A table printed with aligned columns: text left-aligned, numbers right-aligned.
class TextTable {
public:
  explicit TextTable(std::vector<std::string> header);
  void add_row(std::vector<std::string> cells);
  void print(std::ostream& out) const;

private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace hbcast::cli
