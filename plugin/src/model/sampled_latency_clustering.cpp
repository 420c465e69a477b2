#include <hbcast/model/latency_clustering.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <limits>
#include <utility>

namespace hbcast {
namespace {

// Host u compares itself with every stride-th host after it, wrapping around: `sample` of them
// (all the others when sample >= n - 1). Their symmetric latencies are read once, n x sample.
class SampledLatencies {
public:
  SampledLatencies(const CostModel& costs, std::size_t sample)
    : n_(costs.size()), stride_(std::max<std::size_t>(1, (n_ - 1 + sample - 1) / std::max<std::size_t>(sample, 1))),
      per_host_(n_ > 1 ? (n_ - 1 + stride_ - 1) / stride_ : 0), values_(n_ * per_host_)
  {
    for (NodeId u = 0; u < n_; ++u)
      for (std::size_t k = 0; k < per_host_; ++k) {
        const NodeId v = destination(u, k);
        values_[u * per_host_ + k] = symmetric_latency(costs, u, v);
      }
  }
  std::size_t per_host() const { return per_host_; }
  NodeId destination(NodeId u, std::size_t k) const { return (u + 1 + k * stride_) % n_; }
  double latency(NodeId u, std::size_t k) const { return values_[u * per_host_ + k]; }

private:
  std::size_t n_, stride_, per_host_;
  std::vector<double> values_;
};

// m_u over the pairs sampled from either end.
std::vector<double> sampled_nearest(const SampledLatencies& sampled, std::size_t n)
{
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  for (NodeId u = 0; u < n; ++u)
    for (std::size_t k = 0; k < sampled.per_host(); ++k) {
      const NodeId v = sampled.destination(u, k);
      nearest[u] = std::min(nearest[u], sampled.latency(u, k));
      nearest[v] = std::min(nearest[v], sampled.latency(u, k));
    }
  return nearest;
}

// The tightness check with the outside read among the first member's sampled destinations.
bool is_loose(const CostModel& costs, const SampledLatencies& sampled, const HostClustering& grouping,
              const std::vector<NodeId>& group)
{
  const double inside = widest_inner_latency(costs, group);
  double outside = std::numeric_limits<double>::infinity();
  const std::size_t own = grouping.cluster_of[group.front()];
  for (std::size_t k = 0; k < sampled.per_host(); ++k)
    if (grouping.cluster_of[sampled.destination(group.front(), k)] != own)
      outside = std::min(outside, sampled.latency(group.front(), k));
  return inside * (1 + kTightnessRounding) >= outside;
}

}  // namespace

HostClustering cluster_by_latency_sampled(const CostModel& costs, double tolerance, std::size_t sample)
{
  require_clustering_input(costs, tolerance);
  const std::size_t n = costs.size();
  const SampledLatencies sampled(costs, sample);
  const std::vector<double> nearest = sampled_nearest(sampled, n);
  std::vector<std::size_t> rank(n), parent(n);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  for (NodeId u = 0; u < n; ++u)
    sets.make_set(u);
  for (NodeId u = 0; u < n; ++u)
    for (std::size_t k = 0; k < sampled.per_host(); ++k) {
      const NodeId v = sampled.destination(u, k);
      if (sampled.latency(u, k) <= (1.0 + tolerance) * std::min(nearest[u], nearest[v]))
        sets.union_set(u, v);
    }
  std::vector<std::size_t> label(n);
  for (NodeId u = 0; u < n; ++u)
    label[u] = sets.find_set(u);
  return split_loose_groups(std::move(label),
                            [&](const HostClustering& grouping, const std::vector<NodeId>& group) {
                              return is_loose(costs, sampled, grouping, group);
                            });
}

}  // namespace hbcast
