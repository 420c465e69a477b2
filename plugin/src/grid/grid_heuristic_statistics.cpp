#include <hbcast/grid/grid_heuristic_statistics.hpp>

#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/grid/grid_optimum.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>

#include <algorithm>
#include <limits>
#include <random>

namespace hbcast {

GridCountStatistics measure_grid_heuristics(std::size_t clusters, std::size_t instances, std::uint64_t seed,
                                            bool with_optimum, GridCompletion completion)
{
  const auto& heuristics = grid_heuristics();
  const std::size_t h = heuristics.size();
  GridCountStatistics stats{std::vector<double>(h, 0.0), std::vector<std::size_t>(h, 0),
                            std::vector<double>(h, 0.0), std::vector<std::size_t>(h, 0), with_optimum};
  std::mt19937_64 rng(seed);
  std::vector<double> makespan(h);
  for (std::size_t n = 0; n < instances; ++n) {
    const GridInstance instance = random_table2_instance(clusters, rng);
    double minimum = std::numeric_limits<double>::infinity();
    for (std::size_t x = 0; x < h; ++x) {
      makespan[x] = grid_makespan(instance, heuristics[x].schedule(instance), completion);
      stats.makespan_sum[x] += makespan[x];
      if (heuristics[x].in_paper_figures)
        minimum = std::min(minimum, makespan[x]);
    }
    const double optimum = with_optimum ? grid_optimal_makespan(instance, completion) : 0.0;
    for (std::size_t x = 0; x < h; ++x) {
      stats.hits[x] += makespan[x] <= minimum * (1 + 1e-9);
      if (with_optimum) {
        stats.ratio_to_optimum_sum[x] += makespan[x] / optimum;
        stats.optimal[x] += makespan[x] <= optimum * (1 + 1e-9);
      }
    }
  }
  return stats;
}

GridStatisticsTable measure_grid_heuristics_over(std::size_t min_clusters, std::size_t max_clusters,
                                                 std::size_t instances, std::uint64_t seed,
                                                 std::size_t optimum_max_clusters, GridCompletion completion)
{
  GridStatisticsTable table;
  for (std::size_t k = min_clusters; k <= max_clusters; ++k)
    table[k] = measure_grid_heuristics(k, instances, seed ^ (0x9E3779B97F4A7C15ULL * (k + 1)),
                                       k <= optimum_max_clusters, completion);
  return table;
}

}  // namespace hbcast
