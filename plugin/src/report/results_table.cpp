#include <hbcast/report/results_table.hpp>

#include <hbcast/util/json_nesting.hpp>
#include <hbcast/util/one_line_text.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {
namespace {

struct CsvRecord {
  std::vector<std::string> fields;
  std::size_t line = 0;  // where the record starts, counting from 1
};

std::invalid_argument csv_error(const std::string& source, std::size_t line, const std::string& what)
{
  // A cell or a column name it quotes may hold line breaks (a quoted CSV field): one line still.
  return std::invalid_argument(one_line_text("'" + source + "' line " + std::to_string(line) + ": " + what));
}

// Splits RFC 4180 text into records. Lenient where it costs nothing: a quote inside an unquoted
// field is kept as a character, blank lines are skipped, and a UTF-8 byte-order mark is ignored.
class CsvSplitter {
public:
  CsvSplitter(std::string_view text, const std::string& source) : text_(text), source_(source)
  {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF")
      position_ = 3;
  }

  std::vector<CsvRecord> records()
  {
    std::vector<CsvRecord> records;
    while (!at_end()) {
      CsvRecord record{{}, line_};
      bool any_quoted = false;
      for (;;) {
        any_quoted |= peek('"');
        record.fields.push_back(peek('"') ? quoted_field() : unquoted_field());
        if (at_end())
          break;
        if (peek(',')) {
          ++position_;
          continue;
        }
        skip_line_end();
        break;
      }
      const bool blank_line = record.fields.size() == 1 && record.fields[0].empty() && !any_quoted;
      if (!blank_line)
        records.push_back(std::move(record));
    }
    return records;
  }

private:
  bool at_end() const { return position_ >= text_.size(); }
  bool peek(char c) const { return !at_end() && text_[position_] == c; }
  bool at_line_end() const
  {
    return peek('\n') || (peek('\r') && (position_ + 1 == text_.size() || text_[position_ + 1] == '\n'));
  }

  void skip_line_end()
  {
    if (peek('\r'))
      ++position_;
    if (peek('\n'))
      ++position_;
    ++line_;
  }

  std::string unquoted_field()
  {
    std::string field;
    while (!at_end() && !peek(',') && !at_line_end())
      field += text_[position_++];
    return field;
  }

  std::string quoted_field()
  {
    const std::size_t opening_line = line_;
    ++position_;
    std::string field;
    for (;;) {
      if (at_end())
        throw csv_error(source_, opening_line, "unterminated quoted field");
      const char c = text_[position_++];
      if (c == '"') {
        if (!peek('"'))
          break;
        ++position_;  // "" stands for one quote
      } else if (c == '\n') {
        ++line_;
      }
      field += c;
    }
    if (!at_end() && !peek(',') && !at_line_end())
      throw csv_error(source_, line_, "unexpected character after a closing quote");
    return field;
  }

  std::string_view text_;
  const std::string& source_;
  std::size_t position_ = 0;
  std::size_t line_ = 1;
};

std::string joined(const std::vector<std::string>& names)
{
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

ResultsTable ResultsTable::parse(std::string_view text, std::string source_name)
{
  ResultsTable table;
  table.source_name_ = std::move(source_name);
  auto records = CsvSplitter(text, table.source_name_).records();
  if (records.empty())
    throw std::invalid_argument("'" + table.source_name_ + "' is empty: expected a CSV header row");
  table.columns_ = std::move(records.front().fields);
  for (std::size_t k = 0; k < table.columns_.size(); ++k)
    for (std::size_t j = 0; j < k; ++j)
      if (table.columns_[j] == table.columns_[k])
        throw csv_error(table.source_name_, records.front().line,
                        "column '" + table.columns_[k] + "' appears twice in the header");
  for (std::size_t r = 1; r < records.size(); ++r) {
    auto& record = records[r];
    if (record.fields.size() != table.columns_.size())
      throw csv_error(table.source_name_, record.line,
                      std::to_string(record.fields.size()) + " fields where the header has " +
                          std::to_string(table.columns_.size()));
    table.rows_.push_back(std::move(record.fields));
    table.row_lines_.push_back(record.line);
  }
  return table;
}

namespace {

std::string cell_text(const nlohmann::ordered_json& value)
{
  if (value.is_null())
    return "";
  if (value.is_string())
    return value.get<std::string>();
  return value.dump();  // numbers shortest round-trip, booleans, nested values as JSON
}

bool looks_like_json_lines(const std::string& path, const std::string& content)
{
  const auto first = content.find_first_not_of(" \t\r\n");
  return (path.size() >= 6 && path.compare(path.size() - 6, 6, ".jsonl") == 0) ||
         (first != std::string::npos && content[first] == '{');
}

}  // namespace

ResultsTable ResultsTable::parse_json_lines(std::string_view text, std::string source_name)
{
  ResultsTable table;
  table.source_name_ = std::move(source_name);
  std::vector<nlohmann::ordered_json> objects;  // ordered: columns in the order of the file
  std::size_t line_number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos)
      continue;
    if (const auto problem = json_nesting_problem(line))
      throw csv_error(table.source_name_, line_number, *problem);
    nlohmann::ordered_json object = nlohmann::ordered_json::parse(line, nullptr, false);
    if (!object.is_object())
      throw csv_error(table.source_name_, line_number, "not a JSON object");
    for (const auto& item : object.items())
      if (!table.find_column(item.key()))
        table.columns_.push_back(item.key());
    objects.push_back(std::move(object));
    table.row_lines_.push_back(line_number);
  }
  if (objects.empty())
    throw std::invalid_argument("'" + table.source_name_ + "' is empty: expected JSON objects, one per line");
  for (const auto& object : objects) {
    std::vector<std::string> row;
    for (const auto& column : table.columns_)
      row.push_back(object.contains(column) ? cell_text(object.at(column)) : "");
    table.rows_.push_back(std::move(row));
  }
  return table;
}

ResultsTable ResultsTable::filtered(const std::vector<std::pair<std::string, std::string>>& conditions) const
{
  std::vector<std::size_t> columns;
  for (const auto& condition : conditions)
    columns.push_back(column(condition.first));
  ResultsTable kept;
  kept.source_name_ = source_name_;
  kept.columns_ = columns_;
  for (std::size_t row = 0; row < rows_.size(); ++row) {
    bool match = true;
    for (std::size_t k = 0; k < conditions.size() && match; ++k)
      match = rows_[row][columns[k]] == conditions[k].second;
    if (match) {
      kept.rows_.push_back(rows_[row]);
      kept.row_lines_.push_back(row_lines_[row]);
    }
  }
  if (kept.rows_.empty() && !conditions.empty()) {
    std::vector<std::string> texts;
    for (const auto& [name, value] : conditions)
      texts.push_back(name + "=" + value);
    throw std::invalid_argument(one_line_text("no row of '" + source_name_ + "' has " + joined(texts)));
  }
  return kept;
}

ResultsTable ResultsTable::read_file(const std::string& path)
{
  if (std::filesystem::is_directory(path))
    throw std::invalid_argument("cannot read results file '" + path + "': " + std::strerror(EISDIR));
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::invalid_argument("cannot read results file '" + path + "': " + std::strerror(errno));
  std::ostringstream content;
  content << file.rdbuf();
  if (file.bad())
    throw std::invalid_argument("cannot read results file '" + path + "'");
  const std::string text = content.str();
  return looks_like_json_lines(path, text) ? parse_json_lines(text, path) : parse(text, path);
}

std::optional<std::size_t> ResultsTable::find_column(std::string_view name) const
{
  for (std::size_t k = 0; k < columns_.size(); ++k)
    if (columns_[k] == name)
      return k;
  return std::nullopt;
}

std::size_t ResultsTable::column(std::string_view name) const
{
  if (auto index = find_column(name))
    return *index;
  throw std::invalid_argument(one_line_text("no column '" + std::string(name) + "' in '" + source_name_ +
                                            "' (columns: " + joined(columns_) + ")"));
}

std::string ResultsTable::describe_row(std::size_t row) const
{
  return "row " + std::to_string(row + 1) + " (line " + std::to_string(row_lines_[row]) + ")";
}

std::string csv_field(const std::string& text)
{
  if (text.find_first_of(",\"\n\r") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c == '\n' || c == '\r' ? ' ' : c);
  return quoted + "\"";
}

}  // namespace hbcast::cli
