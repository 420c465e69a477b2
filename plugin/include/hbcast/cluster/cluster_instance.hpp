#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <optional>
#include <vector>

namespace hbcast {

/// The two-level cluster model of Khuller-Kim-Wan, section 1.1: k clusters of sizes
/// n_i, a local transfer takes 1 time unit, a global (inter-cluster) one takes C >= 1, each node
/// takes part in one transfer at a time. The source is node 0 of cluster 0.
///
/// Nodes are numbered cluster by cluster: cluster i holds nodes offset(i) .. offset(i) + n_i - 1;
/// its local node 0 is its advertised address (the one node that receives from outside).
/// Multicast members of cluster i are its first n'_i local nodes; every scheduler informs a prefix
/// of each cluster, so "who is a member" never needs to be chosen.
struct ClusterInstance {
  std::vector<std::size_t> sizes;            ///< n_i >= 1
  double global_cost = 1.0;                  ///< C >= 1
  std::vector<std::size_t> degree_limits;    ///< d_i >= 1 (section 4.1); empty: unbounded
  std::optional<std::size_t> matching_bound; ///< B >= 1 (section 4.3)
  std::vector<std::size_t> multicast_counts; ///< n'_i <= n_i (section 3); empty: broadcast
  bool postal = false;                       ///< section 5: a global send occupies its sender 1 unit

  std::size_t cluster_count() const { return sizes.size(); }
  std::size_t node_count() const;
  bool is_multicast() const { return !multicast_counts.empty(); }
  /// Nodes cluster i must hold at the end: n_i (broadcast) or n'_i (cluster 0: at least the source).
  std::size_t target(std::size_t cluster) const;
  /// min(d_i, n_i), or n_i without degree limits.
  std::size_t usable_degree(std::size_t cluster) const;
  /// usable_degree(i) for every cluster.
  std::vector<std::size_t> usable_degrees() const;
  /// target(i) for every cluster.
  std::vector<std::size_t> targets() const;
  /// Clusters other than 0 that need the message (all of them for a broadcast): the set M, k' = |M|.
  std::vector<std::size_t> receiving_clusters() const;

  /// Throws std::invalid_argument naming the first impossible value.
  void validate() const;
};

/// The basic model: these sizes and C, no option (a broadcast, unbounded degrees and matching).
ClusterInstance cluster_instance(std::vector<std::size_t> sizes, double global_cost);

/// The options of sections 3 and 4 an instance may carry, combined with |.
enum class ClusterOptions : unsigned { none = 0, degree_limits = 1, matching_bound = 2, multicast = 4 };
constexpr ClusterOptions operator|(ClusterOptions a, ClusterOptions b)
{
  return static_cast<ClusterOptions>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
/// `instance` with only the options in `kept` (the others cleared; sizes, C and postal unchanged).
ClusterInstance with_only(ClusterInstance instance, ClusterOptions kept);

/// First global node id of each cluster (size k + 1; the last entry is N).
std::vector<NodeId> cluster_offsets(const ClusterInstance& instance);
/// The cluster of every node.
std::vector<std::size_t> cluster_of_nodes(const ClusterInstance& instance);

}  // namespace hbcast
