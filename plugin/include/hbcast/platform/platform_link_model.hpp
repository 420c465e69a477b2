#pragma once
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/platform/link_route_cache.hpp>
#include <hbcast/platform/loaded_platform.hpp>

#include <simgrid/s4u/Link.hpp>

#include <cstdint>
#include <deque>
#include <unordered_map>

namespace hbcast {

/// The link-level view of a loaded platform (the SimGrid adapter of LinkRouteModel). Routes come
/// from Host::route_to on first use, as link ids in route order (a SPLITDUPLEX link appears as its
/// directed _UP or _DOWN half, a link of its own), and are kept in a bounded cache: when it holds
/// `cache_capacity` routes, or one per host if that is more, it starts afresh, so memory stays
/// O(capacity + hosts + links) however many pairs a scheduler asks for (no n^2 storage on large
/// clusters), and a tree's n - 1 routes stay cached from the analysis of its prediction to that
/// of its replay. Links get ids as routes reveal them; a link's properties are read once.
class PlatformLinkModel final : public LinkRouteModel {
public:
  static constexpr std::size_t kDefaultCacheCapacity = std::size_t{1} << 18;

  explicit PlatformLinkModel(const LoadedPlatform& platform, std::size_t cache_capacity = kDefaultCacheCapacity);

  std::size_t host_count() const override { return hosts_.size(); }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override;
  /// From the compact cache: no share taken, no pointer chased.
  LinkRouteView route_view(NodeId from, NodeId to, std::shared_ptr<const LinkRoute>& holder) const override;
  void prefetch_route(NodeId from, NodeId to) const override { routes_.prefetch(key_of(from, to)); }
  const LinkProperties& link(LinkId id) const override { return links_.at(id); }

  /// Links seen so far, and routes cached now.
  std::size_t known_links() const { return links_.size(); }
  std::size_t cached_routes() const { return routes_.size(); }

private:
  std::uint64_t key_of(NodeId from, NodeId to) const { return static_cast<std::uint64_t>(from) * hosts_.size() + to; }
  std::uint32_t cached(NodeId from, NodeId to) const;
  std::shared_ptr<const LinkRoute> look_up(NodeId from, NodeId to) const;
  LinkId id_of(const simgrid::s4u::Link* link) const;

  std::vector<simgrid::s4u::Host*> hosts_;
  std::size_t cache_capacity_;
  mutable std::deque<LinkProperties> links_;  // a deque: references stay valid as links are added
  mutable std::unordered_map<const simgrid::s4u::Link*, LinkId> ids_;
  mutable LinkRouteCache routes_;
};

}  // namespace hbcast
