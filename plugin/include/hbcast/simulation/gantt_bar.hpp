#pragma once
#include <nlohmann/json.hpp>

#include <string>

namespace hbcast::cli {

/// One transfer of a replayed tree: predicted (pairwise) and simulated [start, end).
struct GanttBar {
  std::string from;
  std::string to;
  double predicted_start = 0.0;
  double predicted_end = 0.0;
  double simulated_start = 0.0;
  double simulated_end = 0.0;
  /// Finished later than predicted (relative 1e-9 and 1e-12 s of slack).
  bool late() const;
};

void to_json(nlohmann::json& json, const GanttBar& bar);
void from_json(const nlohmann::json& json, GanttBar& bar);

}  // namespace hbcast::cli
