#pragma once
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <vector>

namespace hbcast {

/// The shared-link rows of SSB(G) (Beaumont-Marchal-Robert, section 4.1) that its one-port rows do
/// not already imply, in their order. One-port, each host sends and receives one slice at a time:
/// with y_e = n_e T_e, sum over u's sends of y_e <= 1 and sum over v's receptions of y_e <= 1. A
/// link's row, sum_{e crossing it} y_e w_e <= 1 with w_e = (slice_bytes / bandwidth) / T_e, then
/// holds at every load the ports allow when its largest value over that polytope (a maximum-weight
/// bipartite matching of senders to receivers: the polytope is integral) is at most 1, as for a
/// backbone faster than all its hosts together. Such a row never binds: dropping it leaves the
/// feasible loads as they are, and two descriptions of one platform that differ only in links no
/// load can saturate give the solvers the same program.
///
/// A row is dropped when the cheap bounds (each sender, or each receiver, at its heaviest arc)
/// show it, or, for rows of up to `exact_arc_limit` arcs (and 200,000 arcs over all rows), when the
/// matching's optimum (solved by CLP) does; rows with a free arc (T_e = 0) are kept. Multi-port has no port rows: every row is kept.
std::vector<SharedLinkRow> binding_link_rows(const TopologyGraph& graph, double slice_bytes, PortModel port,
                                             const std::vector<SharedLinkRow>& rows,
                                             std::size_t exact_arc_limit = 20000);

}  // namespace hbcast
