// Column generation for the arborescence packing: see arborescence_packing.hpp.
#include <hbcast/platform_graph/arborescence_packing.hpp>
#include <hbcast/platform_graph/min_cost_arborescence.hpp>

#include "max_flow_network.hpp"
#include "steady_state_lp_detail.hpp"

#include <ClpSimplex.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <queue>
#include <set>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

using Arcs = std::vector<std::pair<NodeId, NodeId>>;
using Tree = std::vector<std::size_t>;  // the arc entering each node, kNoArc for the root

// A tree is added while 1 - sum_{e in T} y_e exceeds this (the master's objective coefficients are 1).
constexpr double kReducedCost = 1e-9;
// CLP's own optimality tolerance on the master's reduced costs, kept below kReducedCost so that the
// pricing never offers a tree already in the master.
constexpr double kClpDualTolerance = 1e-11;
constexpr double kClpPrimalTolerance = 1e-10;
// Trees lighter than this fraction of the total are dropped as noise.
constexpr double kNoiseWeight = 1e-11;
// Column generation stops once the master reaches the max-flow bound to this relative precision.
constexpr double kBoundPrecision = 1e-9;
constexpr int kMaxRounds = 1000000;

void validate(std::size_t node_count, NodeId root, const Arcs& arcs, const std::vector<double>& capacities)
{
  const auto fail = [](const std::string& what) { throw std::invalid_argument("pack_arborescences: " + what); };
  if (node_count < 2)
    fail("needs at least two nodes (one alone takes any weight)");
  if (root >= node_count)
    fail("root " + std::to_string(root) + " is not among " + std::to_string(node_count) + " nodes");
  if (capacities.size() != arcs.size())
    fail(std::to_string(capacities.size()) + " capacities for " + std::to_string(arcs.size()) + " arcs");
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    if (arcs[k].first >= node_count || arcs[k].second >= node_count)
      fail("arc " + std::to_string(k) + " names a node >= " + std::to_string(node_count));
    if (!std::isfinite(capacities[k]) || capacities[k] < 0.0)
      fail("capacity " + std::to_string(capacities[k]) + " of arc " + std::to_string(k));
  }
}

// The spanning arborescence whose smallest capacity is largest (Prim-like: always the widest arc
// leaving the tree), over the arcs of positive capacity; std::nullopt when some node is unreachable.
std::optional<Tree> widest_arborescence(std::size_t node_count, NodeId root, const Arcs& arcs,
                                        const std::vector<std::vector<std::size_t>>& out_arcs,
                                        const std::vector<double>& capacity)
{
  Tree in(node_count, kNoArc);
  std::vector<bool> inside(node_count, false);
  std::priority_queue<std::pair<double, std::size_t>> frontier;  // (capacity, arc)
  const auto enter = [&](NodeId v) {
    inside[v] = true;
    for (const std::size_t k : out_arcs[v])
      if (capacity[k] > 0.0 && !inside[arcs[k].second])
        frontier.emplace(capacity[k], k);
  };
  enter(root);
  std::size_t reached = 1;
  while (!frontier.empty() && reached < node_count) {
    const std::size_t k = frontier.top().second;
    frontier.pop();
    if (!inside[arcs[k].second]) {
      in[arcs[k].second] = k;
      enter(arcs[k].second);
      ++reached;
    }
  }
  if (reached < node_count)
    return std::nullopt;
  return in;
}

// The restricted master: one row per arc of positive capacity, one column per tree. Row e is
// divided by c_e (sum_{T contains e} lambda_T / c_e <= 1), so that CLP's absolute tolerances are
// relative to each capacity, however small.
class PackingMaster {
public:
  explicit PackingMaster(const std::vector<double>& capacity) : capacity_(capacity), row_of_(capacity.size(), -1)
  {
    std::vector<double> row_lower, row_upper;
    for (std::size_t k = 0; k < capacity.size(); ++k)
      if (capacity[k] > 0.0) {
        row_of_[k] = static_cast<int>(row_upper.size());
        row_lower.push_back(-COIN_DBL_MAX);
        row_upper.push_back(1.0);
      }
    const std::vector<CoinBigIndex> start{0};
    model_.setLogLevel(0);
    model_.loadProblem(0, static_cast<int>(row_upper.size()), start.data(), nullptr, nullptr, nullptr, nullptr,
                       nullptr, row_lower.data(), row_upper.data());
    model_.setDualTolerance(kClpDualTolerance);
    model_.setPrimalTolerance(kClpPrimalTolerance);
    model_.scaling(0);
    model_.setPerturbation(100);  // off: a perturbed vertex leaves tiny weights on spare trees
  }

  /// False when the tree is already a column.
  bool add(const Tree& tree)
  {
    if (!trees_.insert(tree).second)
      return false;
    std::vector<int> rows;
    std::vector<double> elements;
    for (const std::size_t k : tree)
      if (k != kNoArc) {
        rows.push_back(row_of_[k]);
        elements.push_back(1.0 / capacity_[k]);
      }
    model_.addColumn(static_cast<int>(rows.size()), rows.data(), elements.data(), 0.0, COIN_DBL_MAX, -1.0);  // CLP minimizes
    columns_.push_back(tree);
    return true;
  }

  void solve()
  {
    model_.primal();  // from the last basis: the new columns enter at zero, still feasible
    steady_state_lp_detail::require_optimal(model_);
  }

  /// The master's optimum: the total weight of its trees.
  double total() const { return -model_.objectiveValue(); }

  /// y_e >= 0 per arc (0 for arcs without a row): what one more unit of c_e would add.
  std::vector<double> duals() const
  {
    std::vector<double> y(row_of_.size(), 0.0);
    for (std::size_t k = 0; k < y.size(); ++k)
      if (row_of_[k] >= 0)
        y[k] = std::max(0.0, -model_.dualRowSolution()[row_of_[k]]) / capacity_[k];
    return y;
  }

  const std::vector<Tree>& columns() const { return columns_; }
  double weight(std::size_t column) const { return model_.primalColumnSolution()[column]; }

private:
  ClpSimplex model_;
  std::vector<double> capacity_;
  std::vector<int> row_of_;
  std::set<Tree> trees_;
  std::vector<Tree> columns_;
};

// The first columns: greedy_arborescences.
void add_greedy_trees(PackingMaster& master, std::size_t node_count, NodeId root, const Arcs& arcs,
                      const std::vector<double>& capacity)
{
  for (const auto& tree : greedy_arborescences(node_count, root, arcs, capacity))
    master.add(tree);
}

// Edmonds' bound: the smallest max-flow from the root to any node under the capacities.
double smallest_max_flow(std::size_t node_count, NodeId root, const Arcs& arcs, const std::vector<double>& capacity)
{
  MaxFlowNetwork network(node_count, arcs);
  double smallest = COIN_DBL_MAX;
  for (NodeId v = 0; v < node_count; ++v)
    if (v != root) {
      network.set_capacities(capacity, 1e-15);
      smallest = std::min(smallest, network.solve(root, v, smallest));
    }
  return smallest;
}

// Adds the cheapest tree under the duals while it improves the master and the master is below
// Edmonds' bound (`bound`: reaching it proves optimality without the degenerate tail of pricing
// rounds that only prove it); returns the rounds.
int generate_columns(PackingMaster& master, std::size_t node_count, NodeId root, const Arcs& arcs,
                     const std::vector<double>& capacity, double bound)
{
  Arcs priced;  // arcs of zero capacity are no arcs
  std::vector<std::size_t> original;
  for (std::size_t k = 0; k < arcs.size(); ++k)
    if (capacity[k] > 0.0) {
      priced.push_back(arcs[k]);
      original.push_back(k);
    }
  for (int round = 1; round <= kMaxRounds; ++round) {
    master.solve();
    if (master.total() >= bound * (1.0 - kBoundPrecision))
      return round;
    const std::vector<double> y = master.duals();
    std::vector<double> cost(priced.size());
    for (std::size_t j = 0; j < priced.size(); ++j)
      cost[j] = y[original[j]];
    Tree tree = *min_cost_arborescence(node_count, root, priced, cost);  // the greedy trees exist
    double tree_cost = 0.0;
    for (auto& k : tree)
      if (k != kNoArc) {
        tree_cost += cost[k];
        k = original[k];
      }
    // A tree already in the master would mean CLP stopped within its tolerance of the optimum.
    if (1.0 - tree_cost <= kReducedCost || !master.add(tree))
      return round;
  }
  throw std::runtime_error("pack_arborescences: no optimum after " + std::to_string(kMaxRounds) + " rounds");
}

// The master's trees of weight above the noise (CLP's ratio test leaves weights near 1e-12 on
// trees that entered the basis at zero), in the capacities' unit, scaled down if rounding made
// some arc's use exceed its capacity.
ArborescencePacking positive_trees(const PackingMaster& master, NodeId root, const std::vector<double>& capacity,
                                   double unit)
{
  double sum = 0.0;
  for (std::size_t c = 0; c < master.columns().size(); ++c)
    sum += std::max(0.0, master.weight(c));
  ArborescencePacking packing;
  std::vector<double> used(capacity.size(), 0.0);
  for (std::size_t c = 0; c < master.columns().size(); ++c) {
    if (master.weight(c) <= kNoiseWeight * sum)
      continue;
    WeightedArborescence tree{master.weight(c), {}};
    for (NodeId v = 0; v < master.columns()[c].size(); ++v)
      if (v != root) {
        tree.arcs.push_back(master.columns()[c][v]);
        used[tree.arcs.back()] += tree.weight;
      }
    packing.trees.push_back(std::move(tree));
  }
  double fit = 1.0;
  for (std::size_t k = 0; k < capacity.size(); ++k)
    if (used[k] > capacity[k])
      fit = std::min(fit, capacity[k] / used[k]);
  for (auto& tree : packing.trees) {
    tree.weight *= fit * unit;
    packing.total_weight += tree.weight;
  }
  return packing;
}

}  // namespace

std::vector<std::vector<std::size_t>> greedy_arborescences(std::size_t node_count, NodeId root, const Arcs& arcs,
                                                           std::vector<double> residual)
{
  std::vector<std::vector<std::size_t>> out_arcs(node_count);
  for (std::size_t k = 0; k < arcs.size(); ++k)
    out_arcs[arcs[k].first].push_back(k);
  std::vector<Tree> trees;
  // Each round empties at least one arc: at most as many trees as arcs.
  for (std::size_t t = 0; t < arcs.size(); ++t) {
    const auto tree = widest_arborescence(node_count, root, arcs, out_arcs, residual);
    if (!tree)
      break;
    double bottleneck = COIN_DBL_MAX;
    for (const std::size_t k : *tree)
      if (k != kNoArc)
        bottleneck = std::min(bottleneck, residual[k]);
    for (const std::size_t k : *tree)
      if (k != kNoArc)
        residual[k] -= bottleneck;
    trees.push_back(*tree);
  }
  return trees;
}

ArborescencePacking pack_arborescences(std::size_t node_count, NodeId root, const Arcs& arcs,
                                       const std::vector<double>& capacities)
{
  validate(node_count, root, arcs, capacities);
  const double unit = capacities.empty() ? 0.0 : *std::max_element(capacities.begin(), capacities.end());
  if (unit == 0.0)
    return {};
  std::vector<double> capacity(capacities.size());
  std::transform(capacities.begin(), capacities.end(), capacity.begin(), [unit](double c) { return c / unit; });
  PackingMaster master(capacity);
  add_greedy_trees(master, node_count, root, arcs, capacity);
  if (master.columns().empty())
    return {};  // some node is unreachable through arcs of positive capacity
  const int rounds =
      generate_columns(master, node_count, root, arcs, capacity, smallest_max_flow(node_count, root, arcs, capacity));
  ArborescencePacking packing = positive_trees(master, root, capacity, unit);
  packing.pricing_rounds = rounds;
  return packing;
}

}  // namespace hbcast
