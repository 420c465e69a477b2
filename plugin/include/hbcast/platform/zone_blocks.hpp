#pragma once
#include <hbcast/model/host_blocks.hpp>

#include <simgrid/s4u/Host.hpp>

#include <vector>

namespace hbcast {

/// The host blocks (host_blocks.hpp) a SimGrid platform declares: the hosts of a star zone (a
/// <cluster>, or a <zone routing="Cluster">; not a Vivaldi zone, whose latencies come from
/// coordinates) with no child zone form one block when their private links are alike; every other
/// host is a block of its own.
///
/// Why one probe then stands for every pair: in a star zone the route from u to v is u's private
/// links (limiter, link up, the backbone if any) then v's (backbone, link down, limiter), every host
/// having the same number of them; a route leaving the zone is u's links up to the zone's
/// gateway, then routes between zones that do not depend on u. So when every host's links have
/// the same latencies and bandwidths, T_uv depends only on the zones of u and v.
/// "Alike" is checked, not assumed: for every host u the links of the routes u -> r and r -> u (r
/// the zone's first host, its second for u = r) must match, position by position, those of the
/// other hosts: 2 probes per host of a star zone, none elsewhere.
/// `hosts` in hbcast host order; throws PlatformError when a probed route is missing.
HostBlocks uniform_zone_blocks(const std::vector<simgrid::s4u::Host*>& hosts);

}  // namespace hbcast
