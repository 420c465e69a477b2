#include <hbcast/model/latency_clustering.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <limits>
#include <utility>
#include <stdexcept>

namespace hbcast {
namespace {

std::vector<double> nearest_neighbour_latencies(const CostModel& costs)
{
  const std::size_t n = costs.size();
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = u + 1; v < n; ++v) {
      const double latency = symmetric_latency(costs, u, v);
      nearest[u] = std::min(nearest[u], latency);
      nearest[v] = std::min(nearest[v], latency);
    }
  return nearest;
}

// Whether a group's members are no closer to each other than to the nearest host outside it (its
// widest inner latency, among its first kTightnessSample members to bound the cost, reaches the
// latency from its first member to the nearest outsider, up to rounding). Hosts alone at their
// sites are like that; a real cluster, however close its neighbour cluster, is tighter inside
// (on grid5000_88, Orsay 1: 47.9 us inside, 62.1 us to Orsay 0). No tolerance here: with rho, a
// cluster within 30% of its neighbour would be dissolved.
bool is_loose(const CostModel& costs, const HostClustering& grouping, const std::vector<NodeId>& group)
{
  const double inside = widest_inner_latency(costs, group);
  double outside = std::numeric_limits<double>::infinity();
  const std::size_t own = grouping.cluster_of[group.front()];
  for (NodeId host = 0; host < costs.size(); ++host)
    if (grouping.cluster_of[host] != own)
      outside = std::min(outside, symmetric_latency(costs, group.front(), host));
  return inside * (1 + kTightnessRounding) >= outside;
}

}  // namespace

double symmetric_latency(const CostModel& costs, NodeId u, NodeId v)
{
  return 0.5 * (costs.latency(u, v) + costs.latency(v, u));
}

double widest_inner_latency(const CostModel& costs, const std::vector<NodeId>& group)
{
  const std::size_t sample = std::min(group.size(), kTightnessSample);
  double inside = 0;
  for (std::size_t a = 0; a < sample; ++a)
    for (std::size_t b = a + 1; b < sample; ++b)
      inside = std::max(inside, symmetric_latency(costs, group[a], group[b]));
  return inside;
}

HostClustering split_loose_groups(std::vector<std::size_t> label, const LooseGroupTest& is_loose)
{
  HostClustering grouping = group_by_label(label);
  // Hosts alone at their site are each other's nearest neighbours, all far apart: the relation
  // links them into one group, which is split back into singletons (labels above every one in use).
  const std::size_t unused = label.empty() ? 0 : *std::max_element(label.begin(), label.end()) + 1;
  bool split = false;
  for (const auto& group : grouping.clusters)
    if (group.size() > 1 && is_loose(grouping, group)) {
      split = true;
      for (NodeId u : group)
        label[u] = unused + u;
    }
  return split ? group_by_label(label) : grouping;
}

HostClustering group_by_label(const std::vector<std::size_t>& label)
{
  HostBlocks groups = HostBlocks::from_labels(label);
  return {std::move(groups.members), std::move(groups.block_of)};
}

void require_clustering_input(const CostModel& costs, double tolerance)
{
  if (!(tolerance >= 0.0))
    throw std::invalid_argument("latency clustering: the tolerance must be >= 0");
  if (costs.size() == 0)
    throw std::invalid_argument("latency clustering: the platform has no host");
}

HostClustering cluster_by_latency(const CostModel& costs, double tolerance)
{
  if (const HostBlocks* blocks = costs.host_blocks())
    return cluster_blocks_by_latency(costs, *blocks, tolerance);
  if (costs.size() > kExhaustiveGroupingLimit)
    return cluster_by_latency_sampled(costs, tolerance, kGroupingSample);
  return cluster_by_latency_exhaustive(costs, tolerance);
}

HostClustering cluster_by_latency_exhaustive(const CostModel& costs, double tolerance)
{
  require_clustering_input(costs, tolerance);
  const std::size_t n = costs.size();
  const std::vector<double> nearest = nearest_neighbour_latencies(costs);
  std::vector<std::size_t> rank(n), parent(n);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  for (NodeId u = 0; u < n; ++u)
    sets.make_set(u);
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = u + 1; v < n; ++v)
      if (symmetric_latency(costs, u, v) <= (1.0 + tolerance) * std::min(nearest[u], nearest[v]))
        sets.union_set(u, v);

  std::vector<std::size_t> label(n);
  for (NodeId u = 0; u < n; ++u)
    label[u] = sets.find_set(u);
  return split_loose_groups(std::move(label), [&costs](const HostClustering& grouping, const std::vector<NodeId>& group) {
    return is_loose(costs, grouping, group);
  });
}

}  // namespace hbcast
