#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/cost_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// A partition of the hosts into clusters of mutually close hosts.
struct HostClustering {
  std::vector<std::vector<NodeId>> clusters;  ///< each sorted by host index; clusters ordered by first host
  std::vector<std::size_t> cluster_of;        ///< host -> index in `clusters`
};

/// Lowekamp and Beguelin's tolerance rho = 30% (seed 003, section 7), used by the grid schedulers
/// and by the seed 004 cluster model.
inline constexpr double kLowekampTolerance = 0.30;

/// Groups hosts whose mutual latencies are alike, after Lowekamp and Beguelin's ECO partitioning
/// (the grouping seed 003, section 7 uses with tolerance rho = 30%).
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
/// Throws std::invalid_argument for a negative tolerance or an empty model. O(n^2) latency look-ups.
HostClustering cluster_by_latency(const CostModel& costs, double tolerance);

}  // namespace hbcast
