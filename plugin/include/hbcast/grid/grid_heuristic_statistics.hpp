#pragma once
#include <hbcast/grid/grid_schedule.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace hbcast {

/// Sums over the instances of one cluster count, per grid heuristic (grid_heuristics() order).
struct GridCountStatistics {
  std::vector<double> makespan_sum;
  std::vector<std::size_t> hits;             ///< instances where it reaches the minimum of the paper's seven
  std::vector<double> ratio_to_optimum_sum;  ///< when the optimum is computed
  std::vector<std::size_t> optimal;          ///< instances where it reaches the optimum
  bool has_optimum = false;
};

/// The measurement behind Barchet-Steffenel-Mounié, section 6 (Figs. 1-4) at one cluster count: `instances` random
/// Table 2 instances of `clusters` clusters, drawn in turn from one std::mt19937_64 seeded with
/// `seed`; every grid heuristic's makespan under `completion`; a hit when a makespan is within a
/// relative 1e-9 of the minimum over the heuristics in_paper_figures; with `with_optimum`, the
/// ratio to grid_optimal_makespan (clusters <= kGridOptimumMaxClusters) and whether it is reached.
GridCountStatistics measure_grid_heuristics(std::size_t clusters, std::size_t instances, std::uint64_t seed,
                                            bool with_optimum, GridCompletion completion);

using GridStatisticsTable = std::map<std::size_t, GridCountStatistics>;  ///< by cluster count

/// What the grid-heuristics validation kind measures: measure_grid_heuristics at every count k in
/// min_clusters..max_clusters, seeded with seed ^ (0x9E3779B97F4A7C15 * (k + 1)), with the optimum
/// when k <= optimum_max_clusters.
GridStatisticsTable measure_grid_heuristics_over(std::size_t min_clusters, std::size_t max_clusters,
                                                 std::size_t instances, std::uint64_t seed,
                                                 std::size_t optimum_max_clusters, GridCompletion completion);

}  // namespace hbcast
