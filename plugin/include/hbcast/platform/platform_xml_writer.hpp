#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <ostream>

namespace hbcast {

/// Writes `graph` as a SimGrid platform (XML version 4.1, loads in SimGrid 3.32). An XML comment
/// at the top records the generator, the seed and every parameter. Numbers are printed with
/// %.17g, so SimGrid reads back exactly the generated doubles. Every host (speed 1Gf) carries
/// the properties hbcast/send_latency and hbcast/send_bandwidth (read by host_send_overhead).
///
///  * routed_graph: one zone with routing="Floyd"; an undirected link becomes one SPLITDUPLEX
///    link (each direction has the full bandwidth) and the two one-hop routes between its ends,
///    direction UP from `from` to `to` and DOWN back; a directed link becomes a plain link and a
///    one-way route. Floyd computes every other route through the hosts when the zone is sealed,
///    choosing the path with the FEWEST HOPS (not the fastest one).
///  * star: one zone with routing="Cluster" (a StarZone in 3.32), each host attached by
///    <host_link up down> to its own up and down links; route u->v = up_u, down_v.
///
/// Throws std::invalid_argument when a star host lacks its up or down link.
void write_platform_xml(std::ostream& out, const PlatformGraph& graph);

}  // namespace hbcast
