// Property and differential tests of every grid heuristic on random instances (seed printed).
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/grid/grid_broadcast_tree.hpp>
#include <hbcast/grid/grid_cost_model.hpp>
#include <hbcast/grid/grid_heuristic_registry.hpp>
#include <hbcast/grid/grid_instance_builder.hpp>
#include <hbcast/grid/grid_optimum.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>

#include "grid_heuristic_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace hbcast {
namespace {

// A naive reference: every round scores every (i in A, j in B) from scratch, O(k^2) (O(k^3) with
// a lookahead) per round, and keeps the best by (score, j, i).
struct NaiveState {
  const GridInstance& g;
  std::vector<bool> informed;
  std::vector<double> ready;
  std::vector<std::size_t> waiting() const
  {
    std::vector<std::size_t> b;
    for (std::size_t j = 0; j < informed.size(); ++j)
      if (!informed[j])
        b.push_back(j);
    return b;
  }
};
using Score = std::function<double(const NaiveState&, std::size_t i, std::size_t j)>;

double c(const NaiveState& s, std::size_t i, std::size_t j) { return s.g.transfer_time(i, j); }

double lookahead(const NaiveState& s, std::size_t j, const std::string& kind)
{
  std::vector<double> values;
  const auto b = s.waiting();
  for (std::size_t k : b)
    if (k != j) {
      const double t = kind == "la" || kind == "avg" ? c(s, j, k) : c(s, j, k) + s.g.broadcast_time(k);
      values.push_back(t);
    }
  if (kind == "ab") {
    values.clear();
    for (std::size_t a = 0; a < s.informed.size(); ++a)
      if (s.informed[a] || a == j)
        for (std::size_t k : b)
          if (k != j)
            values.push_back(c(s, a, k));
  }
  if (values.empty())
    return 0.0;
  if (kind == "la" || kind == "min")
    return *std::min_element(values.begin(), values.end());
  if (kind == "max")
    return *std::max_element(values.begin(), values.end());
  double sum = 0;
  for (double v : values)
    sum += v;
  return sum / values.size();
}

GridSchedule naive(const GridInstance& g, const Score& score, bool maximise)
{
  NaiveState s{g, std::vector<bool>(g.cluster_count(), false), std::vector<double>(g.cluster_count(), 0.0)};
  s.informed[g.root_cluster()] = true;
  std::vector<std::pair<std::size_t, std::size_t>> decisions;
  for (std::size_t round = 1; round < g.cluster_count(); ++round) {
    double best = maximise ? -INFINITY : INFINITY;
    std::size_t bi = 0, bj = 0;
    for (std::size_t j : s.waiting())
      for (std::size_t i = 0; i < g.cluster_count(); ++i)
        if (s.informed[i]) {
          const double v = score(s, i, j);
          if (maximise ? v > best : v < best)
            best = v, bi = i, bj = j;
        }
    decisions.emplace_back(bi, bj);
    s.ready[bi] = s.ready[bj] = s.ready[bi] + c(s, bi, bj);
    s.informed[bj] = true;
  }
  return time_grid_schedule(g, decisions);
}

GridSchedule naive_by_name(const std::string& name, const GridInstance& g)
{
  auto ecef = [](const std::string& kind) {
    return [kind](const NaiveState& s, std::size_t i, std::size_t j) {
      return s.ready[i] + c(s, i, j) + (kind.empty() ? 0.0 : lookahead(s, j, kind));
    };
  };
  static const std::map<std::string, std::string> kinds = {{"ecef", ""},         {"ecef-la", "la"},
                                                           {"ecef-la-avg", "avg"}, {"ecef-la-avg-ab", "ab"},
                                                           {"ecef-lat-min", "min"}, {"ecef-lat-max", "max"}};
  if (name == "fef")
    return naive(g, [](const NaiveState& s, std::size_t i, std::size_t j) { return s.g.latency(i, j); }, false);
  if (name == "bottom-up") {
    // For a fixed j, max over j of (min over i): score j by its min, then the argmin sender.
    Score nearest = [](const NaiveState& s, std::size_t, std::size_t j) {
      double m = INFINITY;
      for (std::size_t a = 0; a < s.informed.size(); ++a)
        if (s.informed[a])
          m = std::min(m, c(s, a, j));
      return m + s.g.broadcast_time(j);
    };
    GridSchedule order = naive(g, nearest, true);  // picks j; the sender is recomputed below
    NaiveState s{g, std::vector<bool>(g.cluster_count(), false), {}};
    s.informed[g.root_cluster()] = true;
    std::vector<std::pair<std::size_t, std::size_t>> decisions;
    for (const auto& t : order.transfers) {
      std::size_t sender = 0;
      double m = INFINITY;
      for (std::size_t a = 0; a < g.cluster_count(); ++a)
        if (s.informed[a] && c(s, a, t.receiver) < m)
          m = c(s, a, t.receiver), sender = a;
      decisions.emplace_back(sender, t.receiver);
      s.informed[t.receiver] = true;
    }
    return time_grid_schedule(g, decisions);
  }
  return naive(g, ecef(kinds.at(name)), false);
}

TEST(GridHeuristicsProperty, SchedulesAreValidAndMatchANaiveImplementation)
{
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t k = 1 + (seed / 2) % 14;  // both generators at every k (seed % 2 picks one)
    const GridInstance g = seed % 2 ? random_table2_instance(k, rng) : grid_test::random_asymmetric_instance(k, rng);
    for (const auto& heuristic : grid_heuristics()) {
      SCOPED_TRACE(heuristic.name);
      const GridSchedule schedule = heuristic.schedule(g);
      EXPECT_DOUBLE_EQ(check_grid_schedule(g, schedule), schedule.makespan);
      if (heuristic.name != "grid-flat") {
        const GridSchedule reference = naive_by_name(heuristic.name, g);
        EXPECT_EQ(grid_test::decisions_of(schedule), grid_test::decisions_of(reference));
        EXPECT_EQ(schedule.makespan, reference.makespan);
      }
    }
  }
}

TEST(GridHeuristicsProperty, ExhaustiveOptimumBoundsEveryHeuristic)
{
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t k = 2 + seed % 5;  // 2..6 clusters
    const GridInstance g = seed % 2 ? random_table2_instance(k, rng) : grid_test::random_asymmetric_instance(k, rng);
    const double optimum = grid_optimal_makespan(g);
    const double arrival_optimum = grid_optimal_makespan(g, GridCompletion::arrival);
    EXPECT_LE(arrival_optimum, optimum);  // relaying first can only delay a cluster
    double best_heuristic = INFINITY;
    for (const auto& heuristic : grid_heuristics()) {
      const GridSchedule schedule = heuristic.schedule(g);
      EXPECT_GE(schedule.makespan, optimum - 1e-12) << heuristic.name;
      EXPECT_GE(grid_makespan(g, schedule, GridCompletion::arrival), arrival_optimum - 1e-12) << heuristic.name;
      best_heuristic = std::min(best_heuristic, schedule.makespan);
    }
    if (k == 2) {  // a single possible schedule
      EXPECT_DOUBLE_EQ(best_heuristic, optimum);
    }
  }
}

TEST(GridHeuristicsProperty, OptimumOfAHandMadeInstance)
{
  // Y2 (every edge 1, T = 0, 1, 5, 9): cluster 3 receives at 1 at the earliest, then needs 9, so
  // 10 is a lower bound. 0 -> 3 [0,1], 0 -> 2 [1,2], 2 -> 1 [2,3] reaches it: releases 2, 3, 3, 1
  // for clusters 0..3, makespan max(2, 4, 8, 10) = 10 (3 broadcasts at once, relaying nothing).
  EXPECT_EQ(grid_optimal_makespan(grid_test::instance_y2()), 10.0);
  std::mt19937_64 rng(1);
  EXPECT_THROW(grid_optimal_makespan(random_table2_instance(kGridOptimumMaxClusters + 1, rng)),
               std::invalid_argument);
}

// Platform-derived instances: the full tree is valid and its atomic evaluation under the grid's
// own cost model equals the schedule's makespan; on these homogeneous sites, under the platform's
// pairwise model too (differential check of schedule timing, pLogP T_i and the tree builder).
TEST(GridHeuristicsProperty, FullTreeEvaluatesToThePredictedMakespan)
{
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    std::vector<std::size_t> sizes(2 + seed % 6);
    for (auto& size : sizes)
      size = 2 + uniform_index(rng, 8);  // two loners may cluster together
    const DenseCostModel costs = grid_test::random_sites(sizes, rng);
    const NodeId root = uniform_index(rng, costs.size());
    const double bytes = 4e6;
    const GridInstance g = grid_instance_from_costs(costs, cluster_by_latency(costs, kLowekampTolerance), root, bytes);
    ASSERT_EQ(g.cluster_count(), sizes.size());
    const GridCostModel own(g);
    for (const auto& heuristic : grid_heuristics()) {
      SCOPED_TRACE(heuristic.name);
      const GridSchedule schedule = heuristic.schedule(g);
      const BroadcastTree tree = grid_broadcast_tree(g, schedule, costs.size());
      EXPECT_NO_THROW(validate_tree(tree));
      EXPECT_EQ(tree.root(), root);
      const double tolerance = 1e-9 * schedule.makespan;
      EXPECT_NEAR(evaluate_atomic(tree, own, bytes, PortModel::one_port).makespan, schedule.makespan, tolerance);
      EXPECT_NEAR(evaluate_atomic(tree, costs, bytes, PortModel::one_port).makespan, schedule.makespan, tolerance);
    }
  }
}

TEST(GridBroadcastTree, RejectsSyntheticInstances)
{
  std::mt19937_64 rng(1);
  const GridInstance g = random_table2_instance(3, rng);
  EXPECT_THROW(grid_broadcast_tree(g, grid_heuristics().front().schedule(g), 3), std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
