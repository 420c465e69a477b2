#pragma once
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/model/cost_model.hpp>

#include <vector>

namespace hbcast {

/// What the grid heuristics believe, as a host-level cost model (the `own` prediction of
/// `hbcast simulate`): between hosts of clusters a != b, L_ab and g_ab(m) (the coordinators'
/// values); inside cluster a, its pLogP L_a and g_a(m). Evaluating a grid_broadcast_tree under it
/// gives the schedule's makespan: every intra-cluster round then costs L_a + g_a(m), so the
/// binomial part takes T_a. Inverse bandwidths are g / m (0 when m = 0).
class GridCostModel final : public CostModel {
public:
  /// The instance must be platform-derived (every cluster lists its hosts).
  explicit GridCostModel(const GridInstance& instance);

  std::size_t size() const override { return cluster_of_.size(); }
  double latency(NodeId from, NodeId to) const override;
  double inverse_bandwidth(NodeId from, NodeId to) const override;

private:
  std::size_t k_;
  std::vector<std::size_t> cluster_of_;
  std::vector<double> latency_, inverse_bandwidth_;  // k x k; the diagonal holds the intra values
};

}  // namespace hbcast
