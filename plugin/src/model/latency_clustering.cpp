#include <hbcast/model/latency_clustering.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

namespace hbcast {
namespace {

double symmetric_latency(const CostModel& costs, NodeId u, NodeId v)
{
  return 0.5 * (costs.latency(u, v) + costs.latency(v, u));
}

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

}  // namespace

HostClustering cluster_by_latency(const CostModel& costs, double tolerance)
{
  if (!(tolerance >= 0.0))
    throw std::invalid_argument("latency clustering: the tolerance must be >= 0");
  const std::size_t n = costs.size();
  if (n == 0)
    throw std::invalid_argument("latency clustering: the platform has no host");
  const std::vector<double> nearest = nearest_neighbour_latencies(costs);
  std::vector<std::size_t> rank(n), parent(n);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  for (NodeId u = 0; u < n; ++u)
    sets.make_set(u);
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = u + 1; v < n; ++v)
      if (symmetric_latency(costs, u, v) <= (1.0 + tolerance) * std::min(nearest[u], nearest[v]))
        sets.union_set(u, v);

  HostClustering clustering;
  clustering.cluster_of.resize(n);
  std::map<std::size_t, std::size_t> index_of_representative;
  for (NodeId u = 0; u < n; ++u) {  // hosts in index order: clusters come out ordered by first host
    const auto [it, added] = index_of_representative.emplace(sets.find_set(u), clustering.clusters.size());
    if (added)
      clustering.clusters.emplace_back();
    clustering.clusters[it->second].push_back(u);
    clustering.cluster_of[u] = it->second;
  }
  return clustering;
}

}  // namespace hbcast
