#pragma once
#include <hbcast/model/cost_model.hpp>

#include <vector>

namespace hbcast {

/// Cost model stored as full n x n latency and inverse-bandwidth matrices, plus an affine
/// per-sender multi-port overhead send_u(S) = send_latency_u + S * send_inverse_bandwidth_u.
class DenseCostModel final : public CostModel {
public:
  explicit DenseCostModel(std::size_t node_count);

  std::size_t size() const override { return node_count_; }
  double latency(NodeId from, NodeId to) const override { return latency_[index(from, to)]; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return inverse_bandwidth_[index(from, to)]; }
  double send_latency(NodeId from) const override { return send_latency_[from]; }
  double send_inverse_bandwidth(NodeId from) const override { return send_inverse_bandwidth_[from]; }

  /// Sets the route u -> v; bandwidth in bytes per second (must be > 0), latency in seconds (>= 0).
  void set_link(NodeId from, NodeId to, double latency, double bandwidth);
  void set_send_overhead(NodeId from, double latency, double bandwidth);

private:
  std::size_t index(NodeId from, NodeId to) const { return from * node_count_ + to; }

  std::size_t node_count_;
  std::vector<double> latency_;
  std::vector<double> inverse_bandwidth_;
  std::vector<double> send_latency_;
  std::vector<double> send_inverse_bandwidth_;
};

}  // namespace hbcast
