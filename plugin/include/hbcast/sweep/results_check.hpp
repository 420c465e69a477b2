#pragma once
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/sweep/sweep_row.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// Refuses stored result rows that this scenario did not make (sweep --resume, merge): a point id
/// the scenario has not, or a row whose fingerprint or parameter columns (point_columns) differ
/// from the point's. Throws std::runtime_error with one line naming the file, the point, the
/// column and both values. `lines` are the data lines of `path` (read_result_lines).
void check_rows_match(const std::string& path, const std::vector<std::string>& lines, const RowFormat& format,
                      const std::string& header, const Scenario& scenario, const std::vector<SweepPoint>& points);

/// The `status` column of a stored line ("ok", "failed", "timeout", ...).
std::string row_status(const std::string& line, const RowFormat& format, const std::string& header);

}  // namespace hbcast::cli
