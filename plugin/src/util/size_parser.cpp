#include <hbcast/util/size_parser.hpp>

#include <hbcast/util/one_line_text.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hbcast {
namespace {

const std::vector<std::pair<std::string, double>>& units()
{
  static const std::vector<std::pair<std::string, double>> table = {
      {"", 1.0},        {"B", 1.0},           {"kB", 1e3},          {"KB", 1e3},          {"MB", 1e6},
      {"GB", 1e9},      {"TB", 1e12},         {"KiB", 1024.0},      {"MiB", 1048576.0}, {"GiB", 1073741824.0},
      {"TiB", 1099511627776.0}};
  return table;
}

}  // namespace

std::string size_units_text()
{
  std::string text;
  const auto& table = units();
  for (std::size_t k = 1; k < table.size(); ++k)  // the first, no unit, means bytes
    text += table[k].first + (k + 2 < table.size() ? ", " : k + 2 == table.size() ? " or " : "");
  return text;
}

double parse_size(const std::string& text)
{
  const char* begin = text.c_str();
  char* end = nullptr;
  const double number = std::strtod(begin, &end);
  if (end == begin)
    throw std::invalid_argument("size '" + one_line_text(text) + "' is not a number");
  // The rest of the text, NUL bytes included: a C string would end at the first.
  std::string unit = text.substr(static_cast<std::size_t>(end - begin));
  while (!unit.empty() && unit.front() == ' ')
    unit.erase(unit.begin());
  double factor = 0.0;
  for (const auto& [name, value] : units())
    if (unit == name)
      factor = value;
  if (factor == 0.0)
    throw std::invalid_argument("size '" + one_line_text(text) + "' has an unknown unit '" +
                                one_line_text(unit) + "' (use " + size_units_text() + ")");
  const double bytes = number * factor;
  if (!std::isfinite(bytes) || !(bytes >= 1.0))
    throw std::invalid_argument("size '" + one_line_text(text) + "' must be at least one byte");
  if (bytes != std::floor(bytes) || bytes > 9.0e15)
    throw std::invalid_argument("size '" + one_line_text(text) + "' is not a whole number of bytes below 9e15");
  return bytes;
}

std::string format_size(double bytes)
{
  static const char* binary[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  double value = bytes;
  while (value >= 1024.0 && unit < 4) {
    value /= 1024.0;
    ++unit;
  }
  return fmt::format("{:g} {}", value, binary[unit]);
}

}  // namespace hbcast
