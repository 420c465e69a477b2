#pragma once
#include <hbcast/model/cost_model.hpp>

#include <vector>

namespace hbcast {

/// The sender-only model of the FNF papers (Liu, section 2; Khuller-Kim-Woeginger): each host u has one
/// transmission time t_u(S), whatever the receiver. We keep it affine,
///   t_u(S) = alpha_u + S * beta_u,
/// so the same model serves whole messages and pipeline slices.
///
/// Derived from a pairwise model by medians over destinations, taken separately for latency and
/// inverse bandwidth: alpha_u = median_v latency(u,v), beta_u = median_v 1/bandwidth(u,v).
/// On a star (a host's NIC is its bottleneck) this is exactly the host's own cost; the median
/// rather than the mean keeps one far-away cluster from dominating t_u on a grid.
/// On large platforms the median runs over an evenly spaced, deterministic subset of the
/// destinations (every k-th host after u): at most kMaxMedianDestinations per host, and fewer
/// (down to kMinMedianDestinations) so that the whole model costs about kRouteBudget route
/// look-ups; every destination is used up to 1024 hosts. There, when the pairwise model knows
/// its host blocks (CostModel::host_blocks), a host's destinations are |B| copies of each other
/// block B's cost and |A| - 1 of its own block A's: the medians are taken once per block, exactly
/// (equal to the all-destination ones, structured_rules_test), in O(blocks^2 log blocks). Beyond,
/// the sampled rule is kept unchanged (results stay those of the per-host rule).
class SenderOnlyModel final : public CostModel {
public:
  static constexpr std::size_t kMaxMedianDestinations = 1024;
  static constexpr std::size_t kMinMedianDestinations = 32;
  static constexpr std::size_t kRouteBudget = std::size_t{1} << 22;

  /// How many destinations enter each host's median on a platform of `node_count` hosts.
  static std::size_t median_sample_size(std::size_t node_count);

  SenderOnlyModel(std::vector<double> alpha, std::vector<double> beta);
  /// Pure transmission times for a unit message (alpha = 0, beta = t_u): the model of Liu.
  static SenderOnlyModel from_times(const std::vector<double>& times);
  static SenderOnlyModel from_pairwise(const CostModel& pairwise);

  std::size_t size() const override { return alpha_.size(); }
  double latency(NodeId from, NodeId /*to*/) const override { return alpha_[from]; }
  double inverse_bandwidth(NodeId from, NodeId /*to*/) const override { return beta_[from]; }
  double send_latency(NodeId from) const override { return send_alpha_.empty() ? 0.0 : send_alpha_[from]; }
  double send_inverse_bandwidth(NodeId from) const override { return send_beta_.empty() ? 0.0 : send_beta_[from]; }

  /// t_u(S) for every host.
  std::vector<double> transmission_times(double bytes) const;

private:
  std::vector<double> alpha_;
  std::vector<double> beta_;
  // Multi-port send overheads are per sender already: copied from the pairwise model, not averaged.
  std::vector<double> send_alpha_;
  std::vector<double> send_beta_;
};

}  // namespace hbcast
