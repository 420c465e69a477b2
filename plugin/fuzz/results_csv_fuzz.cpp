// Results CSV (`sweep`, `simulate --format csv`), as `plot`, `sweep --resume` and `merge` read it;
// see results_file_fuzz.hpp. Round trip: the cells written with csv_field, as hbcast writes every
// CSV cell (a line break, LF or CR, in a cell becomes a space), read back as the same cells.

#include "results_file_fuzz.hpp"

#include <algorithm>

namespace {

std::string written_back(const hbcast::cli::ResultsTable& table)
{
  std::string text;
  const auto line = [&text](const std::vector<std::string>& cells) {
    // A record of one empty cell is written "": an empty line is a blank line, which readers skip.
    // (hbcast's results have dozens of columns: this only arises in fuzzed tables.)
    if (cells.size() == 1 && cells[0].empty()) {
      text += "\"\"\n";
      return;
    }
    for (std::size_t k = 0; k < cells.size(); ++k)
      text += (k == 0 ? "" : ",") + hbcast::cli::csv_field(cells[k]);
    text += '\n';
  };
  line(table.columns());
  for (std::size_t row = 0; row < table.row_count(); ++row) {
    std::vector<std::string> cells;
    for (std::size_t column = 0; column < table.columns().size(); ++column)
      cells.push_back(table.cell(row, column));
    line(cells);
  }
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static hbcast::fuzz::InputFile input;
  const std::string& path = input.write(data, size);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto table = hbcast::cli::ResultsTable::parse(text, path);
    // csv_field keeps every record on one line: line breaks (LF, CR) inside cells become spaces.
    const auto again = hbcast::cli::ResultsTable::parse(written_back(table), path);
    const auto flattened = hbcast::cli::ResultsTable::parse(written_back(again), path);
    hbcast::fuzz::check_same_table(again, flattened, "as CSV");
    bool multiline = false;
    for (std::size_t row = 0; row < table.row_count() && !multiline; ++row)
      for (std::size_t column = 0; column < table.columns().size() && !multiline; ++column)
        multiline = table.cell(row, column).find_first_of("\r\n") != std::string::npos;
    for (const auto& column : table.columns())
      multiline = multiline || column.find_first_of("\r\n") != std::string::npos;
    if (!multiline)
      hbcast::fuzz::check_same_table(table, again, "as CSV");
  } catch (const std::invalid_argument& error) {
    hbcast::fuzz::check_refusal(error, path);
  }
  hbcast::fuzz::resume_and_merge(path, "csv");
  return 0;
}
