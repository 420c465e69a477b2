#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/platform/loaded_platform.hpp>

#include <cstdint>
#include <optional>
#include <string>
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

/// Multi-port send overhead of a host, send_u(S) = latency + S * inverse_bandwidth (seed 002,
/// section 3.2): a multi-port sender starts its next send send_u(S) after the previous one.
///  - from its properties `hbcast/send_latency` (seconds) and `hbcast/send_bandwidth` (bytes per
///    second) when it has either;
///  - otherwise from its NIC: when the routes to the first kUpLinkSample `peers` (other than the
///    host) all leave by the same link, not FATPIPE, concurrent sends share that link, so send_u(S) =
///    S / its bandwidth (sends then follow each other on it as SimGrid shares it);
///  - otherwise 0 (the routes leave by different links, or no peer is given).
/// Throws PlatformError on a malformed property.
struct SendOverhead {
  enum class Origin { properties, up_link, none };
  double latency = 0.0;
  double inverse_bandwidth = 0.0;
  Origin origin = Origin::none;
  double at(double bytes) const { return latency + bytes * inverse_bandwidth; }
};
constexpr std::size_t kUpLinkSample = 8;
SendOverhead host_send_overhead(const simgrid::s4u::Host* host, const std::vector<simgrid::s4u::Host*>& peers = {});
/// "properties", "up link" or "none".
std::string to_string(SendOverhead::Origin origin);

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
  double send_latency(NodeId from) const override { return send_overhead_of(from).latency; }
  double send_inverse_bandwidth(NodeId from) const override { return send_overhead_of(from).inverse_bandwidth; }
  /// host_send_overhead of a host with the platform's hosts as peers (computed on first use).
  const SendOverhead& send_overhead_of(NodeId host) const;

  const RouteCost& route(NodeId from, NodeId to) const;

private:
  std::vector<simgrid::s4u::Host*> hosts_;
  mutable std::vector<std::optional<SendOverhead>> send_overheads_;
  mutable std::unordered_map<std::uint64_t, RouteCost> routes_;
};

}  // namespace hbcast
