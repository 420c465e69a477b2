// binding_link_rows: the shared-link rows of SSB(G) that the one-port rows leave room to bind.
#include <hbcast/platform_graph/binding_link_rows.hpp>

#include <ClpSimplex.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace hbcast {
namespace {

// A row whose largest load under the port rows exceeds 1 by no more than this is implied: dropping
// it moves the optimum by at most as much, far below CLP's own tolerance.
constexpr double kImpliedSlack = 1e-9;
// The exact step stops once its programs have held this many arcs in all, so that its cost stays
// small beside the program's own: past it, rows the cheap bounds cannot drop are kept.
constexpr std::size_t kExactArcBudget = 200000;

// The largest sum_e w_e y_e over y >= 0 with each sender's and each receiver's y summing to at
// most 1 (a fractional bipartite matching; its optimum is a matching), solved by CLP. NaN if CLP
// does not prove an optimum.
double heaviest_port_load(const std::vector<std::pair<NodeId, NodeId>>& arcs, const std::vector<double>& weight)
{
  std::map<NodeId, int> sender_row, receiver_row;
  for (const auto& [from, to] : arcs) {
    sender_row.emplace(from, 0);
    receiver_row.emplace(to, 0);
  }
  int rows = 0;
  for (auto& entry : sender_row)
    entry.second = rows++;
  for (auto& entry : receiver_row)
    entry.second = rows++;
  const int columns = static_cast<int>(arcs.size());
  std::vector<CoinBigIndex> start{0};
  std::vector<int> index;
  std::vector<double> element;
  for (const auto& [from, to] : arcs) {
    index.push_back(sender_row.at(from));
    index.push_back(receiver_row.at(to));
    element.insert(element.end(), {1.0, 1.0});
    start.push_back(static_cast<CoinBigIndex>(index.size()));
  }
  const std::vector<double> column_lower(arcs.size(), 0.0), column_upper(arcs.size(), 1.0);
  const std::vector<double> row_lower(static_cast<std::size_t>(rows), -COIN_DBL_MAX),
      row_upper(static_cast<std::size_t>(rows), 1.0);
  ClpSimplex model;
  model.setLogLevel(0);
  model.loadProblem(columns, rows, start.data(), index.data(), element.data(), column_lower.data(),
                    column_upper.data(), weight.data(), row_lower.data(), row_upper.data());
  model.setOptimizationDirection(-1.0);  // maximize
  model.primal();
  if (model.status() != 0)
    return std::nan("");
  const double* y = model.primalColumnSolution();
  double load = 0.0;
  for (std::size_t e = 0; e < arcs.size(); ++e)
    load += weight[e] * y[e];
  return load;
}

}  // namespace

std::vector<SharedLinkRow> binding_link_rows(const TopologyGraph& graph, double slice_bytes, PortModel port,
                                             const std::vector<SharedLinkRow>& rows, std::size_t exact_arc_limit)
{
  if (port != PortModel::one_port || !(slice_bytes > 0.0))
    return rows;
  const auto arcs = graph.links();
  const auto times = graph.link_times(slice_bytes);
  std::vector<SharedLinkRow> binding;
  std::size_t exact_arcs = 0;
  for (const auto& row : rows) {
    if (!(row.bandwidth > 0.0) || row.arcs.empty()) {
      binding.push_back(row);
      continue;
    }
    const double busy = slice_bytes / row.bandwidth;  // seconds the link is busy per slice
    std::vector<std::pair<NodeId, NodeId>> crossing;
    std::vector<double> weight;
    bool free_arc = false;
    std::map<NodeId, double> heaviest_send, heaviest_receive;
    for (const std::size_t e : row.arcs) {
      if (e >= arcs.size() || !(times[e] > 0.0)) {
        free_arc = true;
        break;
      }
      crossing.push_back(arcs[e]);
      weight.push_back(busy / times[e]);
      double& send = heaviest_send[arcs[e].first];
      send = std::max(send, weight.back());
      double& receive = heaviest_receive[arcs[e].second];
      receive = std::max(receive, weight.back());
    }
    if (free_arc) {
      binding.push_back(row);
      continue;
    }
    double senders = 0.0, receivers = 0.0;
    for (const auto& entry : heaviest_send)
      senders += entry.second;
    for (const auto& entry : heaviest_receive)
      receivers += entry.second;
    if (std::min(senders, receivers) <= 1.0 + kImpliedSlack)
      continue;
    if (row.arcs.size() <= exact_arc_limit && exact_arcs + row.arcs.size() <= kExactArcBudget) {
      exact_arcs += row.arcs.size();
      const double heaviest = heaviest_port_load(crossing, weight);
      if (heaviest <= 1.0 + kImpliedSlack)  // false for NaN: kept
        continue;
    }
    binding.push_back(row);
  }
  return binding;
}

}  // namespace hbcast
