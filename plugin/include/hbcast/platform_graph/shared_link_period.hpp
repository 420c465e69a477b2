#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/link_route_model.hpp>

namespace hbcast {

/// The steady-state period a tree's shared links impose: every slice crosses
/// each tree edge once, so a SHARED link must carry slice_bytes per period for every tree edge
/// whose route crosses it; the period is at least max over links of (edges crossing it) x
/// slice_bytes / bandwidth. FATPIPE links never bind. A tree's link-aware period is the larger of
/// this and its port period (eval/pipeline_evaluator). 0 for a single host.
double shared_link_period(const BroadcastTree& tree, const LinkRouteModel& routes, double slice_bytes);

}  // namespace hbcast
