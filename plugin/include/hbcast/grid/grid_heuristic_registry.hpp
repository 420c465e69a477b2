#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

#include <string>
#include <vector>

namespace hbcast {

using GridHeuristicFunction = GridSchedule (*)(const GridInstance&);

struct GridHeuristic {
  std::string name;        ///< the scheduler name (`hbcast schedulers`), stable, lowercase
  std::string paper_name;  ///< as Barchet-Steffenel-Mounié writes it
  std::string summary;
  GridHeuristicFunction schedule;
  bool in_paper_figures;   ///< one of the seven curves of Barchet-Steffenel-Mounié, Figs. 1-4
};

/// Every inter-cluster heuristic, in a stable order: grid-flat, fef, ecef, ecef-la, ecef-la-avg,
/// ecef-la-avg-ab, ecef-lat-min (ECEF-LAt), ecef-lat-max (ECEF-LAT), bottom-up.
const std::vector<GridHeuristic>& grid_heuristics();
/// nullptr when no grid heuristic has that name.
const GridHeuristic* find_grid_heuristic(const std::string& name);

}  // namespace hbcast
