#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/latency_clustering.hpp>

namespace hbcast {

/// Hosts sampled per cluster to estimate its intra-cluster pLogP parameters (mean over their
/// ordered pairs): enough for a homogeneous cluster, and O(1) per cluster on huge ones.
inline constexpr std::size_t kIntraClusterSample = 32;

/// The grid instance of a platform (Barchet-Steffenel-Mounié, sections 3 and 7), for a message of `bytes` bytes:
///  * coordinators: `root` for its own cluster, the lowest-indexed host for every other one;
///  * L_ij = latency(coord_i, coord_j), g_ij(m) = m * inverse_bandwidth(coord_i, coord_j) (the route's
///    latency and bottleneck bandwidth stand for the pLogP parameters the paper measures);
///  * inside cluster i: L_i and g_i(m) the means of latency and m * inverse bandwidth over the ordered
///    pairs of its first kIntraClusterSample hosts, and T_i = plogp_binomial_time(|C_i|, L_i, g_i(m)).
/// Throws std::invalid_argument when the clustering does not cover the model's hosts or root is
/// not a host.
GridInstance grid_instance_from_costs(const CostModel& costs, const HostClustering& clustering, NodeId root,
                                      double bytes);

}  // namespace hbcast
