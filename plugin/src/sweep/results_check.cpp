#include <hbcast/sweep/results_check.hpp>

#include <hbcast/report/results_table.hpp>
#include <hbcast/util/json_nesting.hpp>

#include <fmt/format.h>

#include <map>
#include <stdexcept>

namespace hbcast::cli {
namespace {

using Values = std::map<std::string, std::string>;

// A stored line's cells by column, as text (CSV unquoted; JSON values as JSON).
Values values_of(const std::string& line, const RowFormat& format, const std::string& header)
{
  Values values;
  if (format.name() == "jsonl") {
    if (const auto problem = json_nesting_problem(line))  // dump() below recurses
      throw std::invalid_argument("malformed result line: " + *problem);
    const auto row = nlohmann::json::parse(line);
    for (const auto& [key, value] : row.items())
      values[key] = value.is_string() ? value.get<std::string>() : value.dump();
    return values;
  }
  const ResultsTable table = ResultsTable::parse(header + "\n" + line + "\n", "");
  for (std::size_t column = 0; column < table.columns().size() && table.row_count() == 1; ++column)
    values[table.columns()[column]] = table.cell(0, column);
  return values;
}

std::string columns_of(const SweepRow& row)
{
  std::string header;
  for (const auto& item : row.items())
    header += (header.empty() ? "" : ",") + item.key();
  return header;
}

[[noreturn]] void refuse(const std::string& path, const std::string& problem)
{
  throw std::runtime_error("'" + path + "' does not match this scenario: " + problem +
                           " (the scenario changed since it was written: use another -o, or restore the scenario)");
}

}  // namespace

std::string row_status(const std::string& line, const RowFormat& format, const std::string& header)
{
  const Values values = values_of(line, format, header);
  const auto it = values.find("status");
  return it == values.end() ? std::string() : it->second;
}

void check_rows_match(const std::string& path, const std::vector<std::string>& lines, const RowFormat& format,
                      const std::string& header, const Scenario& scenario, const std::vector<SweepPoint>& points)
{
  for (const auto& line : lines) {
    const std::size_t id = format.point_of(line);
    if (id >= points.size())
      refuse(path, fmt::format("it has point {}, the scenario {} points", id, points.size()));
    const SweepRow expected_row = point_columns(scenario, points[id]);
    const Values expected = values_of(format.line(expected_row), format, columns_of(expected_row));
    const Values stored = values_of(line, format, header);
    std::string fingerprint_problem;
    for (const auto& [column, value] : expected) {
      const auto it = stored.find(column);
      const std::string found = it == stored.end() ? "(none)" : it->second;
      if (found == value)
        continue;
      if (column != "fingerprint")
        refuse(path, fmt::format("point {} has {} '{}' where the scenario has '{}'", id, column, found, value));
      fingerprint_problem = fmt::format("point {} has fingerprint {} where the scenario's is {}", id, found, value);
    }
    if (!fingerprint_problem.empty())
      refuse(path, fingerprint_problem);
  }
}

}  // namespace hbcast::cli
