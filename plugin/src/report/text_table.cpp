#include <hbcast/report/text_table.hpp>

#include <algorithm>
#include <cctype>
#include <iomanip>
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
  auto print_row = [&](const std::vector<std::string>& row, bool is_header) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      const bool right = !is_header && looks_numeric(row[c]);
      const bool last = c + 1 == row.size();
      out << (c == 0 ? "" : "  ") << (right ? std::right : std::left)
          << std::setw(last && !right ? 0 : static_cast<int>(width[c])) << row[c];  // no trailing blanks
    }
    out << std::left << '\n';
  };
  print_row(header_, true);
  std::string rule;
  for (std::size_t c = 0; c < width.size(); ++c)
    rule += (c == 0 ? "" : "  ") + std::string(width[c], '-');
  out << rule << '\n';
  for (const auto& row : rows_)
    print_row(row, false);
}

}  // namespace hbcast::cli
