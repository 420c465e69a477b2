#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>

#include <memory>

namespace hbcast {

/// The pairwise cost model of a link-level model: T_uv(S) = route latency + S / bottleneck
/// bandwidth, what a lone flow takes (the platform cost model's formula, from link data).
class LinkCostModel final : public CostModel {
public:
  explicit LinkCostModel(std::shared_ptr<const LinkRouteModel> links) : links_(std::move(links)) {}

  std::size_t size() const override { return links_->host_count(); }
  double latency(NodeId from, NodeId to) const override { return links_->route(from, to)->latency; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return 1.0 / links_->route(from, to)->bandwidth; }

private:
  std::shared_ptr<const LinkRouteModel> links_;
};

}  // namespace hbcast
