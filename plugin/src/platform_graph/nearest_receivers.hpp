#pragma once
// Private to src/platform_graph: the "nearest" candidate rule of the routed platform graph
// (routed_topology.cpp).
#include <hbcast/model/host_blocks.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <vector>

namespace hbcast {

/// For every host u, its k receivers v != u of least pairwise_time(u, v, bytes), ties to the lower
/// host id, in that order: every ordered pair probed, O(n^2) route look-ups.
std::vector<std::vector<NodeId>> nearest_receivers(const LinkRouteModel& routes, std::size_t k, double bytes);

/// The same lists when T_uv depends only on the blocks of u and v (CostModel::host_blocks): one
/// probe per pair of blocks (two hosts of a block for its inner pairs), then each block lists the
/// k + 1 nearest hosts once (the lowest ids of the nearest blocks) and each of its hosts takes k of
/// them, itself aside. O(B^2 log B + n k) for B blocks (more where many blocks tie: their k + 1
/// lowest ids each are sorted together, once per block).
std::vector<std::vector<NodeId>> nearest_receivers(const LinkRouteModel& routes, const HostBlocks& blocks,
                                                   std::size_t k, double bytes);

}  // namespace hbcast
