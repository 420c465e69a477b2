#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <vector>

namespace hbcast {

/// Whether the slices of a plan of `trees` trees under `port` overlap on an arc. Multi-port, one
/// tree's edge carries one slice at a time (Beaumont-Marchal-Robert, section 3.2), each paying the
/// route's latency; several trees' slices go out as soon as they are held (the multi-tree replay
/// and libhbcast_mpi), so an arc's slices overlap and only its bandwidth bounds it.
bool slices_overlap_on_arcs(std::size_t trees, PortModel port);

/// The steady-state period (seconds per slice) of a multi-tree plan whose tree k carries a share
/// weights[k] / sum(weights) of the slices: the busiest resource's mean occupation per slice.
/// One-port: each host's sends, summed over its children in every tree, and its receives, each
/// weighted by its tree's share. Multi-port: each (sender, receiver) pair's transfers (their
/// bytes over the bandwidth alone where slices_overlap_on_arcs) and each host's send overheads,
/// weighted alike. With `links`, every SHARED link of a transfer's route
/// too: slice_bytes / its bandwidth, once per transfer however often its route crosses it (as the
/// capacity rows of the routed program count it). One tree without links gives steady_state_period; the plan's throughput is
/// slice_bytes / period (Beaumont-Marchal-Robert, section 4.1: the loads n_uv of the program).
double plan_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights, const CostModel& costs,
                   double slice_bytes, PortModel port, const LinkRouteModel* links = nullptr);

/// A plan's prediction for K slices interleaved by weight (interleave_trees): the fill, the
/// slowest one-slice makespan among the trees that carry a slice, then a slice per plan_period.
struct PlanPrediction {
  double fill = 0.0;
  double period = 0.0;
  double makespan = 0.0;  ///< fill + (K - 1) x period
};
PlanPrediction predict_plan(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                            const CostModel& costs, double slice_bytes, std::size_t slices, PortModel port,
                            const LinkRouteModel* links = nullptr);

}  // namespace hbcast
