#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace hbcast {

using LinkId = std::uint32_t;

/// How a link divides its bandwidth among the flows crossing it (SimGrid's sharing policies as the
/// max-min model sees them). A SPLITDUPLEX link is two directed SHARED links (its _UP and _DOWN
/// halves), which is how routes report it.
enum class LinkSharing {
  shared,   ///< the flows' rates sum to at most the bandwidth (max-min fair sharing)
  fatpipe,  ///< every flow may use the whole bandwidth: never a point of contention
};

struct LinkProperties {
  std::string name;
  double bandwidth = 0.0;  ///< bytes per second
  double latency = 0.0;    ///< seconds
  LinkSharing sharing = LinkSharing::shared;
};

/// One directed route: its links in order (a link may appear twice), summed latency, bottleneck
/// bandwidth. A lone flow on it takes latency + bytes / bandwidth and uses `bandwidth` on every
/// link it crosses (SimGrid CM02 with no cross traffic; docs/models.md, "Exact mode").
struct LinkRoute {
  std::vector<LinkId> links;
  double latency = 0.0;
  double bandwidth = 0.0;
  /// A pair the platform does not route: no link, infinite latency, no bandwidth.
  bool routable() const { return latency < std::numeric_limits<double>::infinity(); }
};

/// A route's links and figures without ownership: what LinkRouteModel::route_view gives.
struct LinkRouteView {
  const LinkId* links = nullptr;
  std::size_t link_count = 0;
  double latency = 0.0;
  double bandwidth = 0.0;
};

/// The link-level view of a platform: routes as link ids and every link's properties. Plain data
/// for the pure layers; the SimGrid adapter (PlatformLinkModel) fills it from a loaded platform,
/// lazily, and code-built models (ClusteredLinkModel) serve tests and benchmarks.
class LinkRouteModel {
public:
  virtual ~LinkRouteModel() = default;

  virtual std::size_t host_count() const = 0;
  /// The route from -> to (shared: a cache may drop its copy, the caller's stays valid).
  virtual std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const = 0;
  /// route(from, to) for loops over many routes that copy what they need: no share is taken of a
  /// route the model holds (a cache may keep them compact), so the view is valid only until the
  /// next call of route or route_view on this model; `holder` keeps a fresh route alive
  /// meanwhile (the default puts every route there).
  virtual LinkRouteView route_view(NodeId from, NodeId to, std::shared_ptr<const LinkRoute>& holder) const
  {
    holder = route(from, to);
    return {holder->links.data(), holder->links.size(), holder->latency, holder->bandwidth};
  }
  /// A hint that route_view(from, to) comes soon, for loops over many routes: a cache may start
  /// loading its entry meanwhile (a cold look-up is a cache miss). Default: nothing.
  virtual void prefetch_route(NodeId /*from*/, NodeId /*to*/) const {}
  /// Properties of a link returned by route(). Link ids are dense, 0 to (links seen so far) - 1:
  /// the analyses index arrays by them.
  virtual const LinkProperties& link(LinkId id) const = 0;

  /// latency + bytes / bottleneck bandwidth of the route from -> to.
  double pairwise_time(NodeId from, NodeId to, double bytes) const;
};

/// A route over `links` (ids into `table`): latencies summed in route order, the smallest bandwidth
/// (a route of no link: 0 and infinity).
LinkRoute make_link_route(std::vector<LinkId> links, const std::vector<LinkProperties>& table);

}  // namespace hbcast
