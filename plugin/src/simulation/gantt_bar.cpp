#include <hbcast/simulation/gantt_bar.hpp>

namespace hbcast::cli {

bool GanttBar::late() const
{
  return simulated_end > predicted_end * (1.0 + 1e-9) + 1e-12;
}

void to_json(nlohmann::json& json, const GanttBar& bar)
{
  json = {{"from", bar.from},
          {"to", bar.to},
          {"predicted", {bar.predicted_start, bar.predicted_end}},
          {"simulated", {bar.simulated_start, bar.simulated_end}}};
}

void from_json(const nlohmann::json& json, GanttBar& bar)
{
  bar.from = json.at("from").get<std::string>();
  bar.to = json.at("to").get<std::string>();
  bar.predicted_start = json.at("predicted").at(0).get<double>();
  bar.predicted_end = json.at("predicted").at(1).get<double>();
  bar.simulated_start = json.at("simulated").at(0).get<double>();
  bar.simulated_end = json.at("simulated").at(1).get<double>();
}

}  // namespace hbcast::cli
