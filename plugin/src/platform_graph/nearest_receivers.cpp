#include "nearest_receivers.hpp"

#include <algorithm>
#include <utility>

namespace hbcast {
namespace {

using Ranked = std::pair<double, NodeId>;  // (time, host): the ranking order

// Block a's blocks by the time from a host of a to a host of each (a itself only when it has two
// hosts: a block of one has no inner pair), nearest first, ties to the lower block (its hosts'
// ids interleave with the tied blocks', sorted when taken).
std::vector<std::pair<double, std::size_t>> blocks_by_time(const LinkRouteModel& routes, const HostBlocks& blocks,
                                                           std::size_t a, double bytes)
{
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t b = 0; b < blocks.count(); ++b) {
    if (b == a && blocks.members[a].size() < 2)
      continue;
    const NodeId to = b == a ? blocks.second(a) : blocks.first(b);
    ranked.emplace_back(routes.pairwise_time(blocks.first(a), to, bytes), b);
  }
  std::sort(ranked.begin(), ranked.end());
  return ranked;
}

// The k + 1 nearest hosts of a block's ranking, any of its hosts aside: the blocks of one time
// together, their k + 1 lowest members each, in host order. A host of the block takes these less
// itself, k of them.
std::vector<NodeId> nearest_of_block(const HostBlocks& blocks, const std::vector<std::pair<double, std::size_t>>& ranked,
                                     std::size_t k)
{
  std::vector<NodeId> nearest;
  std::vector<NodeId> tied;
  for (std::size_t first = 0; first < ranked.size() && nearest.size() <= k;) {
    std::size_t last = first;
    tied.clear();
    for (; last < ranked.size() && ranked[last].first == ranked[first].first; ++last) {
      const auto& members = blocks.members[ranked[last].second];
      for (std::size_t i = 0; i < members.size() && i <= k; ++i)
        tied.push_back(members[i]);
    }
    std::sort(tied.begin(), tied.end());
    for (std::size_t i = 0; i < tied.size() && nearest.size() <= k; ++i)
      nearest.push_back(tied[i]);
    first = last;
  }
  return nearest;
}

}  // namespace

std::vector<std::vector<NodeId>> nearest_receivers(const LinkRouteModel& routes, std::size_t k, double bytes)
{
  const std::size_t n = routes.host_count();
  std::vector<std::vector<NodeId>> nearest(n);
  std::vector<Ranked> ranked;
  for (NodeId u = 0; u < n; ++u) {
    ranked.clear();
    for (NodeId v = 0; v < n; ++v)
      if (v != u)
        ranked.emplace_back(routes.pairwise_time(u, v, bytes), v);
    const auto kept = static_cast<std::ptrdiff_t>(std::min(k, ranked.size()));
    std::partial_sort(ranked.begin(), ranked.begin() + kept, ranked.end());
    for (std::ptrdiff_t r = 0; r < kept; ++r)
      nearest[u].push_back(ranked[static_cast<std::size_t>(r)].second);
  }
  return nearest;
}

std::vector<std::vector<NodeId>> nearest_receivers(const LinkRouteModel& routes, const HostBlocks& blocks,
                                                   std::size_t k, double bytes)
{
  std::vector<std::vector<NodeId>> nearest(routes.host_count());
  for (std::size_t a = 0; a < blocks.count(); ++a) {
    const auto candidates = nearest_of_block(blocks, blocks_by_time(routes, blocks, a, bytes), k);
    for (NodeId u : blocks.members[a]) {
      for (NodeId v : candidates)
        if (v != u && nearest[u].size() < k)
          nearest[u].push_back(v);
    }
  }
  return nearest;
}

}  // namespace hbcast
