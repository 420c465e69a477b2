#include <hbcast/grid/grid_heuristic_registry.hpp>

#include <hbcast/grid/bottom_up.hpp>
#include <hbcast/grid/ecef.hpp>
#include <hbcast/grid/ecef_la.hpp>
#include <hbcast/grid/ecef_la_avg.hpp>
#include <hbcast/grid/ecef_la_avg_ab.hpp>
#include <hbcast/grid/ecef_lat_max.hpp>
#include <hbcast/grid/ecef_lat_min.hpp>
#include <hbcast/grid/fef.hpp>
#include <hbcast/grid/grid_flat.hpp>

namespace hbcast {

const std::vector<GridHeuristic>& grid_heuristics()
{
  static const std::vector<GridHeuristic> heuristics = {
      {"grid-flat", "Flat Tree", "root coordinator sends to every other cluster in turn", schedule_grid_flat, true},
      {"fef", "FEF", "Fastest Edge First: smallest latency L between informed and waiting clusters", schedule_fef, true},
      {"ecef", "ECEF", "Early Completion Edge First: smallest RT + g + L", schedule_ecef, true},
      {"ecef-la", "ECEF-LA", "ECEF + lookahead min over waiting k of (g + L)", schedule_ecef_la, true},
      {"ecef-la-avg", "ECEF-LA (avg B)", "ECEF + lookahead mean over waiting k of (g + L)", schedule_ecef_la_avg,
       false},
      {"ecef-la-avg-ab", "ECEF-LA (avg AxB)", "ECEF + lookahead mean g + L between A and B if j joined A",
       schedule_ecef_la_avg_ab, false},
      {"ecef-lat-min", "ECEF-LAt", "ECEF + lookahead min over waiting k of (g + L + T_k)", schedule_ecef_lat_min,
       true},
      {"ecef-lat-max", "ECEF-LAT", "ECEF + lookahead max over waiting k of (g + L + T_k)", schedule_ecef_lat_max,
       true},
      {"bottom-up", "BottomUp", "max over waiting j of min over informed i of (g + L + T_j)", schedule_bottom_up,
       true},
  };
  return heuristics;
}

const GridHeuristic* find_grid_heuristic(const std::string& name)
{
  for (const auto& heuristic : grid_heuristics())
    if (heuristic.name == name)
      return &heuristic;
  return nullptr;
}

}  // namespace hbcast
