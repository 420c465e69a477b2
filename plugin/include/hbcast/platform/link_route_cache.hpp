#pragma once
#include <hbcast/model/link_route_model.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace hbcast {

/// The routes a PlatformLinkModel has looked up, by pair key. Kept compact so that a pass over
/// many routes (the contention analysis reads a tree's) stays in cache: an open-addressing index
/// (multiplicative hash, linear probing, at most half full) into routes stored in insertion
/// order, their links in one array. Each route's shared copy serves LinkRouteModel::route.
class LinkRouteCache {
public:
  static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};

  /// Sized for `expected` routes without growing.
  explicit LinkRouteCache(std::size_t expected);

  /// The index of the pair's route, or kAbsent.
  std::uint32_t find(std::uint64_t pair) const;
  /// Starts loading the slot where find(pair) begins.
  void prefetch(std::uint64_t pair) const { __builtin_prefetch(&slots_[home(pair + 1)]); }
  /// Stores the route of a pair not yet cached; returns its index.
  std::uint32_t insert(std::uint64_t pair, std::shared_ptr<const LinkRoute> route);
  void clear();

  std::size_t size() const { return shared_.size(); }
  const std::shared_ptr<const LinkRoute>& shared(std::uint32_t index) const { return shared_[index]; }
  /// Valid until the next insert or clear.
  LinkRouteView view(std::uint32_t index) const
  {
    const Compact& route = compact_[index];
    return {links_.data() + route.first_link, route.link_count, route.latency, route.bandwidth};
  }

private:
  struct Slot {
    std::uint64_t key = 0;  // pair + 1; 0: empty
    std::uint32_t index = 0;
  };
  struct Compact {
    std::uint32_t first_link = 0;
    std::uint32_t link_count = 0;
    double latency = 0.0;
    double bandwidth = 0.0;
  };

  std::size_t home(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }
  void place(std::uint64_t key, std::uint32_t index);
  void grow();

  std::vector<Slot> slots_;  // a power of two of them
  unsigned shift_ = 64;      // 64 - log2(slots)
  std::vector<Compact> compact_;
  std::vector<LinkId> links_;
  std::vector<std::shared_ptr<const LinkRoute>> shared_;
};

}  // namespace hbcast
