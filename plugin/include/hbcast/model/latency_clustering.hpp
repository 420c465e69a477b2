#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/host_blocks.hpp>

#include <cstddef>
#include <functional>
#include <vector>

namespace hbcast {

/// A partition of the hosts into clusters of mutually close hosts.
struct HostClustering {
  std::vector<std::vector<NodeId>> clusters;  ///< each sorted by host index; clusters ordered by first host
  std::vector<std::size_t> cluster_of;        ///< host -> index in `clusters`
};

/// Lowekamp and Beguelin's tolerance rho = 30% (Barchet-Steffenel-Mounié, section 7), used by the grid schedulers
/// and by the Khuller-Kim-Wan cluster model.
inline constexpr double kLowekampTolerance = 0.30;

/// The tightness check reads the pairs among a group's first kTightnessSample members, and calls a
/// group loose when its widest inner latency reaches the nearest outside one up to kTightnessRounding.
inline constexpr std::size_t kTightnessSample = 8;
inline constexpr double kTightnessRounding = 1e-9;

/// Groups hosts whose mutual latencies are alike, after Lowekamp and Beguelin's ECO partitioning
/// (the grouping Barchet-Steffenel-Mounié, section 7 uses with tolerance rho = 30%).
///
/// Each host u has a nearest-neighbour latency m_u = min_v lat(u,v), with lat(u,v) the mean of
/// the two directions. Hosts u and v are linked when lat(u,v) <= (1 + tolerance) * min(m_u, m_v):
/// each is as close to the other as to its own nearest neighbour, up to the tolerance. Clusters
/// are the connected components of that relation, so a host that is alone at its site (its nearest
/// neighbour is across the WAN) joins nobody whose own nearest neighbour is much closer.
/// Hosts alone at their sites, all about equally far apart, are each other's nearest neighbours and
/// would link into one group; so a cluster must be tighter inside than to the outside: a component
/// whose widest inner latency (among its first 8 hosts) reaches the latency from its first host to
/// the nearest host outside it (no tolerance: that would dissolve a real cluster within 30% of its
/// neighbour, like Orsay 1 of grid5000_88) is split into singletons.
/// Throws std::invalid_argument for a negative tolerance or an empty model.
/// When the model knows its host blocks (CostModel::host_blocks) the grouping runs on blocks
/// (cluster_blocks_by_latency, exact); otherwise on every host pair (cluster_by_latency_exhaustive)
/// up to kExhaustiveGroupingLimit hosts, and on sampled pairs beyond (cluster_by_latency_sampled
/// with kGroupingSample destinations per host, approximate, flat zones).
HostClustering cluster_by_latency(const CostModel& costs, double tolerance);

inline constexpr std::size_t kExhaustiveGroupingLimit = 1024;
inline constexpr std::size_t kGroupingSample = 256;

/// The rule above on every host pair: O(n^2) latency look-ups.
HostClustering cluster_by_latency_exhaustive(const CostModel& costs, double tolerance);

/// The same rule on host blocks (host_blocks.hpp), exactly: hosts of one block
/// have the same nearest-neighbour latency and the same latencies to everyone, so the relation is
/// decided once per block pair (a block is linked to itself when its inner latency passes the
/// test, and its hosts then form one component; a block linked to nothing is split into its
/// hosts). The tightness check reads the first 8 members' pairs and the nearest outside block.
/// O(n + blocks^2) look-ups; equal to cluster_by_latency_exhaustive (structured_rules_test).
HostClustering cluster_blocks_by_latency(const CostModel& costs, const HostBlocks& blocks, double tolerance);

/// The rule on sampled pairs, for large flat platforms: host u is compared with every s-th host
/// after it (s = ceil((n - 1) / sample)), m_u is the nearest over the pairs sampled from either
/// end, links are tested on the sampled pairs only, and the tightness check reads the outside among
/// the first member's sampled hosts. O(n x sample) look-ups and memory. Approximate: a host's
/// nearest neighbour may be missed. Exact (equal to the exhaustive rule) when sample >= n - 1. When
/// the clusters are runs of at least 2s consecutive hosts (each host then samples every cluster,
/// its own included), their inner latencies within the tolerance of each other and every latency
/// between clusters beyond it, both rules find exactly those clusters (structured_rules_test).
HostClustering cluster_by_latency_sampled(const CostModel& costs, double tolerance, std::size_t sample);

/// Hosts with equal labels form a cluster; clusters ordered by first host.
HostClustering group_by_label(const std::vector<std::size_t>& label);
/// Throws std::invalid_argument for a negative tolerance or an empty model.
void require_clustering_input(const CostModel& costs, double tolerance);

/// The latency the rules compare: the mean of the two directions.
double symmetric_latency(const CostModel& costs, NodeId u, NodeId v);
/// The widest symmetric latency among a group's first kTightnessSample members.
double widest_inner_latency(const CostModel& costs, const std::vector<NodeId>& group);

/// Whether a group of two or more hosts is loose (each rule reads its outside its own way).
using LooseGroupTest = std::function<bool(const HostClustering& grouping, const std::vector<NodeId>& group)>;
/// Every rule's last step: the hosts grouped by `label` (components of the relation), and each
/// group of two or more that `is_loose` calls loose split into singletons.
HostClustering split_loose_groups(std::vector<std::size_t> label, const LooseGroupTest& is_loose);

}  // namespace hbcast
