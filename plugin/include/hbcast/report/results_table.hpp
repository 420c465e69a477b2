#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hbcast::cli {

/// A CSV file with a header row (RFC 4180: quoted fields may hold commas, doubled quotes and
/// line breaks; CRLF or LF line ends), kept as strings: which columns are numbers is the
/// reader's business. Errors are std::invalid_argument with a one-line message naming the source.
class ResultsTable {
public:
  /// Parses `text`; `source_name` (usually the file path) only appears in error messages.
  static ResultsTable parse(std::string_view text, std::string source_name);
  /// JSON Lines (`hbcast sweep --format jsonl`): one object per line; the columns are the keys in
  /// order of first appearance, numbers written shortest, null and absent keys as empty cells.
  static ResultsTable parse_json_lines(std::string_view text, std::string source_name);
  /// Reads and parses a file: JSON Lines when its name ends in .jsonl or its first character is
  /// '{', CSV otherwise. A file that cannot be read is an error naming it.
  static ResultsTable read_file(const std::string& path);

  /// The rows whose cell in each named column equals the value (`--where COLUMN=VALUE`, all must
  /// hold). A missing column, or no row left, is a one-line std::invalid_argument.
  ResultsTable filtered(const std::vector<std::pair<std::string, std::string>>& conditions) const;

  const std::string& source_name() const { return source_name_; }
  const std::vector<std::string>& columns() const { return columns_; }
  std::size_t row_count() const { return rows_.size(); }

  std::optional<std::size_t> find_column(std::string_view name) const;
  /// Like find_column, but a missing column is an error listing the available ones.
  std::size_t column(std::string_view name) const;
  const std::string& cell(std::size_t row, std::size_t column) const { return rows_[row][column]; }
  /// "row 3 (line 4)": data rows count from 1; the line is where the record starts in the file,
  /// which differs from the row when quoted fields span lines.
  std::string describe_row(std::size_t row) const;

private:
  std::string source_name_;
  std::vector<std::string> columns_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<std::size_t> row_lines_;
};

/// One field as hbcast writes its CSV results (simulate --format csv, sweep): as is, or quoted
/// with inner quotes doubled when it holds a comma, a quote or a line break. A line break (LF or
/// CR) becomes a space, so every record stays on one line (sweep results are resumed line by line)
/// and a cell never ends in a CR, which a reader would take for a CRLF line end.
std::string csv_field(const std::string& text);

}  // namespace hbcast::cli
