#pragma once
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/host_blocks.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/route_cache.hpp>
#include <hbcast/platform/route_cost.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace hbcast {

/// Probes the route src -> dst; RouteCost::none() when SimGrid has none (an empty route between
/// distinct hosts, or a routing exception): a broadcast needs every host reachable from its root
/// through relays, not every pair routed (SimGrid's small_platform_fatpipe.xml and dogbone.xml
/// leave pairs out).
RouteCost probe_route(simgrid::s4u::Host* src, simgrid::s4u::Host* dst);

/// Multi-port send overhead of a host, send_u(S) = latency + S * inverse_bandwidth (Beaumont-Marchal-Robert,
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
/// bandwidth, exactly what SimGrid's CM02 model gives a lone flow (docs/models.md, "Exact mode").
///
/// Hosts are grouped into blocks (uniform_zone_blocks: a <cluster> of alike hosts is one
/// block, any other host a block of its own). With at most kMaxBlocks blocks, one route per ordered
/// block pair is probed at construction (every host pair on a flat platform of up to 1024 hosts)
/// and kept in a blocks x blocks table, so an unroutable pair is reported up front and memory is
/// O(n + blocks^2). With more blocks (large flat zones), routes are probed on first use and kept in
/// a RouteCache of bounded size (no n^2 map).
class PlatformCostModel final : public CostModel {
public:
  static constexpr std::size_t kEagerCheckLimit = 1024;
  static constexpr std::size_t kMaxBlocks = 1024;
  /// Called with (probed, total) block pairs while the table is built.
  using Progress = std::function<void(std::size_t, std::size_t)>;

  explicit PlatformCostModel(const LoadedPlatform& platform, const Progress& progress = {});

  std::size_t size() const override { return hosts_.size(); }
  double latency(NodeId from, NodeId to) const override { return route(from, to).latency; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return 1.0 / route(from, to).bandwidth; }
  double send_latency(NodeId from) const override { return send_overhead_of(from).latency; }
  double send_inverse_bandwidth(NodeId from) const override { return send_overhead_of(from).inverse_bandwidth; }
  /// host_send_overhead of a host with the platform's hosts as peers (computed on first use).
  const SendOverhead& send_overhead_of(NodeId host) const;

  /// The platform's blocks when some block holds several hosts and the table is built; null on
  /// flat platforms (all blocks single hosts), where the exhaustive rules apply unchanged.
  const HostBlocks* host_blocks() const override { return has_structure_ ? &blocks_ : nullptr; }
  /// Every block, single hosts included (also on flat platforms).
  const HostBlocks& blocks() const { return blocks_; }
  /// Whether the blocks x blocks table is built (at most kMaxBlocks blocks).
  bool has_block_table() const { return !block_routes_.empty(); }

  RouteCost route(NodeId from, NodeId to) const;

  /// Which hosts the root reaches, directly or through relays, along the pairs the platform
  /// routes: one flag per host. Worked out on the block table (alike hosts route alike); without
  /// one (more than kMaxBlocks blocks) every host is taken as reached, and a pair found unroutable
  /// later is reported where it is used.
  std::vector<bool> reached_from(NodeId root) const;

private:
  void probe_block_pairs(const Progress& progress);
  RouteCost probed_route(NodeId from, NodeId to) const;

  std::vector<simgrid::s4u::Host*> hosts_;
  mutable std::vector<std::optional<SendOverhead>> send_overheads_;
  HostBlocks blocks_;
  bool has_structure_ = false;
  std::vector<RouteCost> block_routes_;  ///< blocks x blocks, when at most kMaxBlocks blocks
  mutable RouteCache cache_;             ///< the other routes (a host to itself; flat zones beyond kMaxBlocks)
};

}  // namespace hbcast
