#include <hbcast/report/text_table.hpp>

#include <algorithm>
#include <cctype>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {
namespace {

bool looks_numeric(const std::string& cell)
{
  return !cell.empty() && (std::isdigit(static_cast<unsigned char>(cell[0])) || cell[0] == '-' || cell[0] == '+');
}

}  // namespace

TextTable::TextTable(std::vector<std::string> header) : header_(std::move(header)) {}

void TextTable::add_row(std::vector<std::string> cells)
{
  if (cells.size() != header_.size())
    throw std::logic_error("table row has " + std::to_string(cells.size()) + " cells for " +
                           std::to_string(header_.size()) + " columns");
  rows_.push_back(std::move(cells));
}

void TextTable::print(std::ostream& out) const
{
  std::vector<std::size_t> width(header_.size());
  for (std::size_t c = 0; c < header_.size(); ++c) {
    width[c] = header_[c].size();
    for (const auto& row : rows_)
      width[c] = std::max(width[c], row[c].size());
  }
  // Each line without trailing blanks (a last column left empty would leave the padding before it).
  const auto put_line = [&](std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  };
  auto print_row = [&](const std::vector<std::string>& row, bool is_header) {
    std::ostringstream line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const bool right = !is_header && looks_numeric(row[c]);
      line << (c == 0 ? "" : "  ") << (right ? std::right : std::left) << std::setw(static_cast<int>(width[c]))
           << row[c];
    }
    put_line(line.str());
  };
  print_row(header_, true);
  std::string rule;
  for (std::size_t c = 0; c < width.size(); ++c)
    rule += (c == 0 ? "" : "  ") + std::string(width[c], '-');
  put_line(rule);
  for (const auto& row : rows_)
    print_row(row, false);
}

}  // namespace hbcast::cli
