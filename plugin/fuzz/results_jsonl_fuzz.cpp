// Results JSON Lines (`sweep --format jsonl`), as `plot`, `sweep --resume` and `merge` read them;
// see results_file_fuzz.hpp. Round trip: each row written back as one JSON object of its cells
// (as strings) reads back as the same cells.

#include "results_file_fuzz.hpp"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static hbcast::fuzz::InputFile input;
  const std::string& path = input.write(data, size);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto table = hbcast::cli::ResultsTable::parse_json_lines(text, path);
    std::string written;
    for (std::size_t row = 0; row < table.row_count(); ++row) {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      for (std::size_t column = 0; column < table.columns().size(); ++column)
        object[table.columns()[column]] = table.cell(row, column);
      written += object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    }
    const auto again = hbcast::cli::ResultsTable::parse_json_lines(written, path);
    hbcast::fuzz::check_same_table(table, again, "as JSON Lines");
  } catch (const std::invalid_argument& error) {
    hbcast::fuzz::check_refusal(error, path);
  }
  hbcast::fuzz::resume_and_merge(path, "jsonl");
  return 0;
}
