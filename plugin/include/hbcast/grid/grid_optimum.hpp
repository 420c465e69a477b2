#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

namespace hbcast {

/// Largest cluster count grid_optimal_makespan accepts ((k-1)!^2 sequences at worst).
inline constexpr std::size_t kGridOptimumMaxClusters = 7;

/// The smallest makespan under `completion` over every inter-cluster schedule (GridSchedule): a
/// depth-first search over every sequence of (informed sender, waiting receiver) decisions, each
/// transfer as early as possible, pruned by the best makespan found. Every tree with every send
/// order is such a sequence, so this is the optimum. Throws std::invalid_argument above
/// kGridOptimumMaxClusters clusters.
double grid_optimal_makespan(const GridInstance& instance, GridCompletion completion = GridCompletion::release);

}  // namespace hbcast
