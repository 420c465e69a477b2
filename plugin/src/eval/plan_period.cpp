#include <hbcast/eval/plan_period.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace hbcast {
namespace {

// Mean seconds per slice each resource is busy: a host's port (sends, then receives) or an arc.
struct Occupation {
  std::vector<double> sending, receiving;
  std::map<std::pair<NodeId, NodeId>, double> arcs;
  std::map<LinkId, double> links;

  explicit Occupation(std::size_t hosts) : sending(hosts, 0.0), receiving(hosts, 0.0) {}

  double busiest() const
  {
    double period = 0.0;
    for (double busy : sending)
      period = std::max(period, busy);
    for (double busy : receiving)
      period = std::max(period, busy);
    for (const auto& [arc, busy] : arcs)
      period = std::max(period, busy);
    for (const auto& [link, busy] : links)
      period = std::max(period, busy);
    return period;
  }
};

// Every shared link of the route u -> v carries `bytes` per slice, once however often it is crossed.
void add_link_occupation(Occupation& occupation, const LinkRouteModel& links, NodeId u, NodeId v, double bytes)
{
  std::vector<LinkId> route = links.route(u, v)->links;
  std::sort(route.begin(), route.end());
  route.erase(std::unique(route.begin(), route.end()), route.end());
  for (LinkId id : route) {
    const LinkProperties& link = links.link(id);
    if (link.sharing == LinkSharing::shared)
      occupation.links[id] += bytes / link.bandwidth;
  }
}

}  // namespace

bool slices_overlap_on_arcs(std::size_t trees, PortModel port)
{
  return port == PortModel::multi_port && trees > 1;
}

double plan_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights, const CostModel& costs,
                   double slice_bytes, PortModel port, const LinkRouteModel* links)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("a plan needs one weight per tree, and at least one tree");
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (!(total > 0.0))
    throw std::invalid_argument("a plan's weights must have a positive sum");
  Occupation occupation(costs.size());
  const bool arcs_overlap = slices_overlap_on_arcs(trees.size(), port);
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const double share = weights[k] / total;
    for (NodeId u = 0; u < trees[k].size(); ++u)
      for (NodeId child : trees[k].children(u)) {
        const double transfer = share * costs.transfer_time(u, child, slice_bytes);
        if (port == PortModel::one_port) {
          occupation.sending[u] += transfer;
          occupation.receiving[child] += transfer;
        } else {
          occupation.arcs[{u, child}] += arcs_overlap ? share * slice_bytes * costs.inverse_bandwidth(u, child) : transfer;
          occupation.sending[u] += share * costs.send_overhead(u, slice_bytes);
        }
        if (links)
          add_link_occupation(occupation, *links, u, child, share * slice_bytes);
      }
  }
  return occupation.busiest();
}

PlanPrediction predict_plan(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                            const CostModel& costs, double slice_bytes, std::size_t slices, PortModel port,
                            const LinkRouteModel* links)
{
  PlanPrediction prediction;
  std::vector<bool> carries(trees.size(), false);
  for (std::size_t tree : interleave_trees(weights, slices))
    carries[tree] = true;
  for (std::size_t k = 0; k < trees.size(); ++k)
    if (carries[k])
      prediction.fill = std::max(prediction.fill, evaluate_atomic(trees[k], costs, slice_bytes, port).makespan);
  prediction.period = plan_period(trees, weights, costs, slice_bytes, port, links);
  prediction.makespan = prediction.fill + static_cast<double>(slices - 1) * prediction.period;
  return prediction;
}

}  // namespace hbcast
