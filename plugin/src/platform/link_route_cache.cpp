#include <hbcast/platform/link_route_cache.hpp>

#include <limits>
#include <stdexcept>

namespace hbcast {
namespace {

unsigned log2_at_least(std::size_t count)
{
  unsigned bits = 4;
  while ((std::size_t{1} << bits) < count)
    ++bits;
  return bits;
}

}  // namespace

LinkRouteCache::LinkRouteCache(std::size_t expected)
{
  const unsigned bits = log2_at_least(2 * expected);
  slots_.resize(std::size_t{1} << bits);
  shift_ = 64 - bits;
  compact_.reserve(expected);
  shared_.reserve(expected);
}

std::uint32_t LinkRouteCache::find(std::uint64_t pair) const
{
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = home(pair + 1);; slot = (slot + 1) & mask) {
    if (slots_[slot].key == pair + 1)
      return slots_[slot].index;
    if (slots_[slot].key == 0)
      return kAbsent;
  }
}

std::uint32_t LinkRouteCache::insert(std::uint64_t pair, std::shared_ptr<const LinkRoute> route)
{
  if (shared_.size() >= std::numeric_limits<std::uint32_t>::max() - 1 ||
      links_.size() + route->links.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("LinkRouteCache: too many routes");
  if (2 * (shared_.size() + 1) > slots_.size())
    grow();
  const auto index = static_cast<std::uint32_t>(shared_.size());
  place(pair + 1, index);
  compact_.push_back({static_cast<std::uint32_t>(links_.size()), static_cast<std::uint32_t>(route->links.size()),
                      route->latency, route->bandwidth});
  links_.insert(links_.end(), route->links.begin(), route->links.end());
  shared_.push_back(std::move(route));
  return index;
}

void LinkRouteCache::clear()
{
  slots_.assign(slots_.size(), Slot{});
  compact_.clear();
  links_.clear();
  shared_.clear();
}

void LinkRouteCache::place(std::uint64_t key, std::uint32_t index)
{
  const std::size_t mask = slots_.size() - 1;
  std::size_t slot = home(key);
  while (slots_[slot].key != 0)
    slot = (slot + 1) & mask;
  slots_[slot] = {key, index};
}

// Doubles the slots and places every key again.
void LinkRouteCache::grow()
{
  std::vector<Slot> old(2 * slots_.size());
  old.swap(slots_);
  --shift_;
  for (const Slot& slot : old)
    if (slot.key != 0)
      place(slot.key, slot.index);
}

}  // namespace hbcast
