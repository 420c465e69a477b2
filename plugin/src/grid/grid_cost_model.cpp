#include <hbcast/grid/grid_cost_model.hpp>

#include <stdexcept>

namespace hbcast {

GridCostModel::GridCostModel(const GridInstance& instance)
    : k_(instance.cluster_count()), latency_(k_ * k_), inverse_bandwidth_(k_ * k_)
{
  std::size_t hosts = 0;
  for (const auto& cluster : instance.clusters())
    hosts += cluster.hosts.size();
  cluster_of_.assign(hosts, k_);
  const double bytes = instance.message_bytes();
  auto per_byte = [bytes](double gap) { return bytes > 0.0 ? gap / bytes : 0.0; };
  for (std::size_t a = 0; a < k_; ++a) {
    const auto& cluster = instance.cluster(a);
    for (NodeId host : cluster.hosts) {
      if (host >= hosts || cluster_of_[host] != k_)
        throw std::invalid_argument("grid cost model: the clusters do not partition hosts 0.." +
                                    std::to_string(hosts - 1));
      cluster_of_[host] = a;
    }
    for (std::size_t b = 0; b < k_; ++b) {
      latency_[a * k_ + b] = a == b ? cluster.intra_latency : instance.latency(a, b);
      inverse_bandwidth_[a * k_ + b] = per_byte(a == b ? cluster.intra_gap : instance.gap(a, b));
    }
  }
}

double GridCostModel::latency(NodeId from, NodeId to) const
{
  return latency_[cluster_of_.at(from) * k_ + cluster_of_.at(to)];
}

double GridCostModel::inverse_bandwidth(NodeId from, NodeId to) const
{
  return inverse_bandwidth_[cluster_of_.at(from) * k_ + cluster_of_.at(to)];
}

}  // namespace hbcast
