#pragma once
#include <hbcast/model/cost_model.hpp>

#include <vector>

namespace hbcast {

/// The Khuller-Kim-Wan model as a CostModel over hosts: a transfer takes `unit` seconds inside a cluster
/// and C x unit between clusters, whatever the size (latency only). Evaluating a converted
/// schedule's tree under it gives the schedule's broadcast time x unit. For the postal model
/// (Khuller-Kim-Wan, section 5) give send_overhead = unit: evaluated multi-port, a sender then starts its
/// sends one unit apart while each takes 1 or C units to arrive.
class TwoLevelCostModel final : public CostModel {
public:
  TwoLevelCostModel(std::vector<std::size_t> cluster_of_host, double unit, double global_cost,
                    double send_overhead = 0.0);

  std::size_t size() const override { return cluster_of_.size(); }
  double latency(NodeId from, NodeId to) const override
  {
    return cluster_of_[from] == cluster_of_[to] ? unit_ : unit_ * global_cost_;
  }
  double inverse_bandwidth(NodeId, NodeId) const override { return 0.0; }
  double send_latency(NodeId) const override { return send_overhead_; }

private:
  std::vector<std::size_t> cluster_of_;
  double unit_;
  double global_cost_;
  double send_overhead_;
};

}  // namespace hbcast
