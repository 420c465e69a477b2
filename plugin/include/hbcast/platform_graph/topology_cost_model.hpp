#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/topology_graph.hpp>

namespace hbcast {

/// A TopologyGraph seen as a CostModel, so that the tree evaluators can score trees built on the
/// platform graph (Beaumont-Marchal-Robert, sections 3 and 4): T_uv is the link time on an edge u -> v and
/// +infinity (infinite latency) between hosts with no direct link, so a tree using a non-edge gets
/// an infinite makespan and period rather than a silently routed cost. T_uu = 0.
///
/// Keeps a reference: the graph must outlive the model. Lookups cost O(out-degree of u).
class TopologyCostModel final : public CostModel {
public:
  explicit TopologyCostModel(const TopologyGraph& graph) : graph_(graph) {}

  std::size_t size() const override { return graph_.size(); }
  double latency(NodeId from, NodeId to) const override;
  double inverse_bandwidth(NodeId from, NodeId to) const override;
  /// The graph's multi-port overhead send_u(S) = latency + S * inverse bandwidth.
  double send_latency(NodeId from) const override;
  double send_inverse_bandwidth(NodeId from) const override;

private:
  const TopologyGraph& graph_;
};

}  // namespace hbcast
