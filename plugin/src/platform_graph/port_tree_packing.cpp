// Column generation over the one-port and shared-link rows: see port_tree_packing.hpp.
#include <hbcast/platform_graph/port_tree_packing.hpp>
#include <hbcast/platform_graph/binding_link_rows.hpp>
#include <hbcast/platform_graph/min_cost_arborescence.hpp>

#include "steady_state_lp_detail.hpp"

#include <ClpSimplex.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

using Tree = std::vector<std::size_t>;  // the arc entering each node, kNoArc for the root

constexpr double kPortReducedCost = 1e-9;
constexpr double kTargetPrecision = 1e-9;
constexpr double kPortNoiseWeight = 1e-11;
constexpr int kPortMaxRounds = 100000;

// Where each arc's slice time goes, as (row, seconds busy per slice). Rows: one-port, send(u) = u
// and receive(v) = V + v (T_uv each); multi-port, u's send overhead = u and the arc alone =
// 2V + L + e (slice / route bandwidth); both, shared link l = 2V + l.
using ArcUse = std::vector<std::pair<int, double>>;

int row_count(std::size_t hosts, std::size_t links, std::size_t arcs, PortModel port)
{
  return static_cast<int>(2 * hosts + links + (port == PortModel::multi_port ? arcs : 0));
}

class PortMaster {
public:
  explicit PortMaster(int rows)
  {
    const std::vector<double> lower(static_cast<std::size_t>(rows), -COIN_DBL_MAX), upper(lower.size(), 1.0);
    const std::vector<CoinBigIndex> start{0};
    model_.setLogLevel(0);
    model_.loadProblem(0, rows, start.data(), nullptr, nullptr, nullptr, nullptr, nullptr, lower.data(),
                       upper.data());
    model_.setDualTolerance(1e-11);
    model_.setPrimalTolerance(1e-10);
  }

  bool add(const Tree& tree, const std::vector<std::pair<int, double>>& column)
  {
    if (!trees_.insert(tree).second)
      return false;
    std::vector<int> rows;
    std::vector<double> elements;
    for (const auto& [row, value] : column) {
      rows.push_back(row);
      elements.push_back(value);
    }
    model_.addColumn(static_cast<int>(rows.size()), rows.data(), elements.data(), 0.0, COIN_DBL_MAX, -1.0);
    columns_.push_back(tree);
    return true;
  }

  void solve()
  {
    model_.primal();
    steady_state_lp_detail::require_optimal(model_);
    solved_ = true;
  }

  double total() const { return -model_.objectiveValue(); }
  /// y >= 0 of a row (0 before the first solve: every tree prices alike).
  double dual(int row) const { return solved_ ? std::max(0.0, -model_.dualRowSolution()[row]) : 0.0; }
  const std::vector<Tree>& columns() const { return columns_; }
  double weight(std::size_t column) const { return model_.primalColumnSolution()[column]; }

private:
  ClpSimplex model_;
  std::set<Tree> trees_;
  std::vector<Tree> columns_;
  bool solved_ = false;
};

std::vector<ArcUse> arc_uses(const TopologyGraph& graph, double slice_bytes, const std::vector<SharedLinkRow>& links,
                             PortModel port)
{
  const auto arcs = graph.links();
  const auto times = graph.link_times(slice_bytes), latencies = graph.link_times(0.0);
  const int hosts = static_cast<int>(graph.size());
  std::vector<ArcUse> uses(arcs.size());
  for (std::size_t e = 0; e < arcs.size(); ++e) {
    const auto [u, v] = arcs[e];
    if (port == PortModel::one_port) {
      uses[e] = {{static_cast<int>(u), times[e]}, {hosts + static_cast<int>(v), times[e]}};
      continue;
    }
    if (const double overhead = graph.send_overhead(u, slice_bytes); overhead > 0.0)
      uses[e].emplace_back(static_cast<int>(u), overhead);
    if (const double alone = times[e] - latencies[e]; alone > 0.0)
      uses[e].emplace_back(2 * hosts + static_cast<int>(links.size() + e), alone);
  }
  const int first_link_row = 2 * hosts;
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (!(links[l].bandwidth > 0.0))
      throw std::invalid_argument("shared link '" + links[l].name + "' has no bandwidth");
    for (std::size_t e : links[l].arcs) {
      if (e >= uses.size())
        throw std::invalid_argument("shared link '" + links[l].name + "' names transfer " + std::to_string(e));
      uses[e].emplace_back(first_link_row + static_cast<int>(l), slice_bytes / links[l].bandwidth);
    }
  }
  return uses;
}

// A tree's column: its seconds per slice on every row (merged by row).
std::vector<std::pair<int, double>> column_of(const Tree& tree, const std::vector<ArcUse>& uses)
{
  std::vector<std::pair<int, double>> entries;
  for (const std::size_t e : tree)
    if (e != kNoArc)
      entries.insert(entries.end(), uses[e].begin(), uses[e].end());
  std::sort(entries.begin(), entries.end());
  std::vector<std::pair<int, double>> merged;
  for (const auto& [row, value] : entries)
    if (!merged.empty() && merged.back().first == row)
      merged.back().second += value;
    else
      merged.emplace_back(row, value);
  return merged;
}

// The tree of least dual-weighted time under `duals` (one per row) and that cost (the tree's
// reduced cost is 1 - it).
std::pair<Tree, double> price(const std::vector<double>& duals, const std::vector<std::pair<NodeId, NodeId>>& arcs,
                              const std::vector<ArcUse>& uses, std::size_t hosts, NodeId root)
{
  std::vector<double> cost(arcs.size(), 0.0);
  for (std::size_t e = 0; e < arcs.size(); ++e)
    for (const auto& [row, seconds] : uses[e])
      cost[e] += duals[static_cast<std::size_t>(row)] * seconds;
  const auto tree = min_cost_arborescence(hosts, root, arcs, cost);
  if (!tree)
    throw std::invalid_argument("pack_port_trees: some host is unreachable from the root");
  double total = 0.0;
  for (const std::size_t e : *tree)
    if (e != kNoArc)
      total += cost[e];
  return {*tree, total};
}

ArborescencePacking positive_trees(const PortMaster& master, NodeId root)
{
  ArborescencePacking packing;
  const double total = master.total();
  for (std::size_t c = 0; c < master.columns().size(); ++c) {
    if (master.weight(c) <= kPortNoiseWeight * total)
      continue;
    WeightedArborescence tree{master.weight(c), {}};
    for (NodeId v = 0; v < master.columns()[c].size(); ++v)
      if (v != root)
        tree.arcs.push_back(master.columns()[c][v]);
    packing.total_weight += tree.weight;
    packing.trees.push_back(std::move(tree));
  }
  return packing;
}

// A few more improving columns per master solve, the solves being the cost: the duals raised
// along the last tree's column just enough that it costs 1 (a projection), and priced again.
// A tree is added only if it improves the master under its true duals; exactness still rests on
// the plain pricing of the next round.
void add_diverse_trees(PortMaster& master, const std::vector<double>& duals, Tree last,
                       const std::vector<std::pair<NodeId, NodeId>>& arcs, const std::vector<ArcUse>& uses,
                       std::size_t hosts, NodeId root)
{
  constexpr int kExtraTrees = 4;
  std::vector<double> raised = duals;
  for (int extra = 0; extra < kExtraTrees; ++extra) {
    const auto column = column_of(last, uses);
    double cost = 0.0, norm = 0.0;
    for (const auto& [row, value] : column) {
      cost += raised[static_cast<std::size_t>(row)] * value;
      norm += value * value;
    }
    if (norm <= 0.0 || cost >= 1.0)
      return;
    for (const auto& [row, value] : column)
      raised[static_cast<std::size_t>(row)] += (1.0 - cost) / norm * value;
    Tree next = price(raised, arcs, uses, hosts, root).first;
    const auto next_column = column_of(next, uses);
    double true_cost = 0.0;
    for (const auto& [row, value] : next_column)
      true_cost += duals[static_cast<std::size_t>(row)] * value;
    if (1.0 - true_cost <= kPortReducedCost || !master.add(next, next_column))
      return;
    last = std::move(next);
  }
}

}  // namespace

ArborescencePacking pack_port_trees(const TopologyGraph& graph, NodeId root, double slice_bytes,
                                    const std::vector<SharedLinkRow>& all_shared_links, PortModel port,
                                    std::optional<double> target, const std::vector<std::vector<std::size_t>>& start)
{
  // Rows the port rows imply never bind; without them two descriptions of one platform price alike.
  const auto shared_links = binding_link_rows(graph, slice_bytes, port, all_shared_links);
  const std::size_t hosts = graph.size();
  if (hosts < 2 || root >= hosts)
    throw std::invalid_argument("pack_port_trees: needs at least two hosts and a root among them");
  const auto arcs = graph.links();
  const auto uses = arc_uses(graph, slice_bytes, shared_links, port);
  const int rows = row_count(hosts, shared_links.size(), arcs.size(), port);
  PortMaster master(rows);
  for (const Tree& tree : start)
    master.add(tree, column_of(tree, uses));
  if (!start.empty())
    master.solve();
  const auto reached = [&] { return target && master.total() >= *target * (1.0 - kTargetPrecision); };
  int round = 0;
  // Before the first solve every dual is 0: the first tree prices at reduced cost 1.
  while (!reached()) {
    if (++round > kPortMaxRounds)
      throw std::runtime_error("pack_port_trees: no optimum after " + std::to_string(kPortMaxRounds) + " rounds");
    std::vector<double> duals(static_cast<std::size_t>(rows));
    for (int row = 0; row < rows; ++row)
      duals[static_cast<std::size_t>(row)] = master.dual(row);
    const auto [tree, cost] = price(duals, arcs, uses, hosts, root);
    if (1.0 - cost <= kPortReducedCost || !master.add(tree, column_of(tree, uses)))
      break;  // no tree improves the master (or only one it has, within CLP's tolerance): the optimum
    add_diverse_trees(master, duals, tree, arcs, uses, hosts, root);
    master.solve();
  }
  ArborescencePacking packing = positive_trees(master, root);
  packing.pricing_rounds = round;
  return packing;
}

}  // namespace hbcast
