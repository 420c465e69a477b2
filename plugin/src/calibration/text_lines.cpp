#include "text_lines.hpp"

#include <hbcast/util/number_parsing.hpp>

#include <cmath>

namespace hbcast::calibration {

std::vector<NumberedLine> numbered_lines(std::string_view text, const std::string& file_name)
{
  if (text.find('\0') != std::string_view::npos)
    fail_at({file_name, 0}, "holds a NUL byte: not a text file");
  std::vector<NumberedLine> lines;
  std::size_t start = 0, number = 1;
  while (start < text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos)
      end = text.size();
    lines.push_back({number++, text.substr(start, end - start)});
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n')
      ++end;
    start = end + 1;
  }
  return lines;
}

std::string_view trim(std::string_view text)
{
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos)
    return {};
  return text.substr(first, text.find_last_not_of(" \t") + 1 - first);
}

std::vector<std::string_view> blank_fields(std::string_view text)
{
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    start = text.find_first_not_of(" \t", start);
    if (start == std::string_view::npos)
      break;
    const auto end = std::min(text.find_first_of(" \t", start), text.size());
    fields.push_back(text.substr(start, end - start));
    start = end;
  }
  return fields;
}

std::vector<std::string_view> split_fields(std::string_view text, char separator)
{
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const auto end = text.find(separator, start);
    fields.push_back(trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
    if (end == std::string_view::npos)
      break;
    start = end + 1;
  }
  return fields;
}

bool starts_with(std::string_view text, std::string_view prefix)
{
  return text.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view text, std::string_view part)
{
  return text.find(part) != std::string_view::npos;
}

double number_field(std::string_view field, const SourceLine& where, const std::string& what)
{
  const auto value = parse_number(field);
  if (!value)
    fail_at(where, what + " '" + std::string(field) + "' is not a finite number");
  return *value;
}

double time_field(std::string_view field, double unit, const SourceLine& where, const std::string& what)
{
  const double value = number_field(field, where, what);
  if (value < 0)
    fail_at(where, what + " " + std::string(field) + " is negative");
  if (!(value * unit > 0))
    fail_at(where, what + " " + std::string(field) + " is not positive");
  return value * unit;
}

double size_field(std::string_view field, const SourceLine& where)
{
  const auto value = parse_whole_number(field);
  if (!value)
    fail_at(where, "message size '" + std::string(field) + "' is not a whole number of bytes");
  return static_cast<double>(*value);
}

std::size_t rank_count_field(std::string_view field, const SourceLine& where, const std::string& what)
{
  const auto value = parse_whole_number(field);
  if (!value)
    fail_at(where, what + " '" + std::string(field) + "' is not a whole number below 2^64");
  if (*value > kMaxRankCount)
    fail_at(where, what + " " + std::string(field) + " is beyond the " + std::to_string(kMaxRankCount) +
                       " ranks a measurement file may name");
  return static_cast<std::size_t>(*value);
}

}  // namespace hbcast::calibration
