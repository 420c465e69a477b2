#pragma once
#include <hbcast/model/multisite_platform_generator.hpp>

#include <ostream>

namespace hbcast {

/// Writes a multi-site platform as SimGrid XML v4.1 with two zone levels only (the 3.32 routing
/// caveat: deeper nesting has bugs): one Full root zone holding one <cluster> zone per cluster, in
/// site then cluster order (hbcast host order follows). Routes between clusters are zoneRoutes
/// between the cluster routers:
///   same site:       uplink(a) UP, uplink(b) DOWN
///   sites s and t:   uplink(a) UP, wan-s-t (UP when s < t, else DOWN), uplink(b) DOWN.
/// So a host-to-host route inside a cluster costs 2 node-lat + backbone-lat; across clusters
/// the node links, both backbones, the uplinks and the WAN link add up.
void write_multisite_xml(std::ostream& out, const MultisitePlatform& platform);

}  // namespace hbcast
