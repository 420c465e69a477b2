#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// One cluster of a grid (Barchet-Steffenel-Mounié, section 3): the coordinator receives the message from another
/// cluster, then broadcasts it inside in T_i (the pLogP binomial time, see plogp_model.hpp).
struct GridCluster {
  std::vector<NodeId> hosts;  ///< coordinator first; empty for synthetic (Table 2) instances
  double broadcast_time = 0;  ///< T_i, seconds
  double intra_latency = 0;   ///< pLogP L inside the cluster, seconds (0 for synthetic instances)
  double intra_gap = 0;       ///< pLogP g(m) inside the cluster, seconds (0 for synthetic instances)
};

/// A cluster-of-clusters broadcast problem (Barchet-Steffenel-Mounié, section 3): k clusters, the root cluster, the
/// inter-cluster latency L_ij and gap g_ij(m) for the message size m, and each T_i. A coordinator
/// sending to another coordinator is busy for g_ij(m) + L_ij (one-port, as our replay's blocking
/// send), and the message is there at the end of it.
class GridInstance {
public:
  /// `latency` and `gap` are k x k, row-major (sender row). Throws std::invalid_argument on a size
  /// mismatch, a negative or non-finite value, no cluster, or a root outside 0..k-1.
  GridInstance(std::vector<GridCluster> clusters, std::vector<double> latency, std::vector<double> gap,
               std::size_t root_cluster, double message_bytes);

  std::size_t cluster_count() const { return clusters_.size(); }
  std::size_t root_cluster() const { return root_; }
  double message_bytes() const { return message_bytes_; }
  const GridCluster& cluster(std::size_t i) const { return clusters_.at(i); }
  const std::vector<GridCluster>& clusters() const { return clusters_; }
  double latency(std::size_t i, std::size_t j) const { return latency_[i * clusters_.size() + j]; }
  double gap(std::size_t i, std::size_t j) const { return gap_[i * clusters_.size() + j]; }
  /// g_ij(m) + L_ij: the time a transfer from coordinator i to coordinator j takes.
  double transfer_time(std::size_t i, std::size_t j) const { return transfer_[i * clusters_.size() + j]; }
  double broadcast_time(std::size_t i) const { return clusters_[i].broadcast_time; }

private:
  std::vector<GridCluster> clusters_;
  std::vector<double> latency_;
  std::vector<double> gap_;
  std::vector<double> transfer_;
  std::size_t root_ = 0;
  double message_bytes_ = 0;
};

}  // namespace hbcast
