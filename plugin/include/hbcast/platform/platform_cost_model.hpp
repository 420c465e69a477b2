#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/platform/loaded_platform.hpp>

#include <cstdint>
#include <unordered_map>

namespace hbcast {

/// One route of the platform: summed link latencies, bottleneck bandwidth, link count.
struct RouteCost {
  double latency = 0.0;
  double bandwidth = 0.0;
  std::size_t link_count = 0;
};

/// Probes the route src -> dst. Throws PlatformError "no route from 'a' to 'b'" when SimGrid has
/// none (an empty route between distinct hosts, or a routing exception).
RouteCost probe_route(simgrid::s4u::Host* src, simgrid::s4u::Host* dst);

/// Multi-port send overhead of a host, send_u(S) = latency + S * inverse_bandwidth, from its
/// properties `hbcast/send_latency` (seconds) and `hbcast/send_bandwidth` (bytes per second);
/// 0 when absent (seed 002, section 3.2). Throws PlatformError on a malformed property.
struct SendOverhead {
  double latency = 0.0;
  double inverse_bandwidth = 0.0;
  double at(double bytes) const { return latency + bytes * inverse_bandwidth; }
};
SendOverhead host_send_overhead(const simgrid::s4u::Host* host);

/// The pairwise cost model of a loaded platform: T_uv(S) = route latency + S / bottleneck
/// bandwidth, exactly what SimGrid's CM02 model gives a lone flow (see README, exact mode).
/// Routes are probed on first use and cached; on platforms of at most kEagerCheckLimit hosts
/// every pair is probed at construction so an unroutable pair is reported up front.
class PlatformCostModel final : public CostModel {
public:
  static constexpr std::size_t kEagerCheckLimit = 1024;

  explicit PlatformCostModel(const LoadedPlatform& platform);

  std::size_t size() const override { return hosts_.size(); }
  double latency(NodeId from, NodeId to) const override { return route(from, to).latency; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return 1.0 / route(from, to).bandwidth; }
  double send_latency(NodeId from) const override { return send_overheads_[from].latency; }
  double send_inverse_bandwidth(NodeId from) const override { return send_overheads_[from].inverse_bandwidth; }

  const RouteCost& route(NodeId from, NodeId to) const;

private:
  std::vector<simgrid::s4u::Host*> hosts_;
  std::vector<SendOverhead> send_overheads_;
  mutable std::unordered_map<std::uint64_t, RouteCost> routes_;
};

}  // namespace hbcast
