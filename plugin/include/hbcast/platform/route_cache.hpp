#pragma once
#include <hbcast/platform/route_cost.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace hbcast {

/// A direct-mapped cache of routes with a fixed number of slots: a pair's route evicts whatever
/// route shared its slot. Memory is bounded whatever the platform size (kSlots x 40 bytes), and a
/// scheduler that revisits a few pairs (a tree's edges, a cluster's sample) finds them again.
class RouteCache {
public:
  static constexpr std::size_t kSlots = std::size_t{1} << 16;

  RouteCache() : slots_(kSlots) {}
  std::optional<RouteCost> find(std::uint64_t pair) const
  {
    const Slot& slot = slots_[index(pair)];
    return slot.filled && slot.pair == pair ? std::optional<RouteCost>(slot.cost) : std::nullopt;
  }
  void store(std::uint64_t pair, const RouteCost& cost) { slots_[index(pair)] = {pair, cost, true}; }

private:
  struct Slot {
    std::uint64_t pair = 0;
    RouteCost cost;
    bool filled = false;
  };
  static std::size_t index(std::uint64_t pair)
  {
    return static_cast<std::size_t>((pair * 0x9E3779B97F4A7C15ULL) >> 48) & (kSlots - 1);
  }
  std::vector<Slot> slots_;
};

}  // namespace hbcast
