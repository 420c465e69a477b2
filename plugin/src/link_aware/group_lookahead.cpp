#include <hbcast/link_aware/group_lookahead.hpp>

#include <algorithm>

namespace hbcast {

GroupLookahead::GroupLookahead(const LinkRouteModel& links, const ReceiverGroups& groups, double bytes)
    : nearest_(groups.members.size()), cursor_(groups.members.size(), 0)
{
  for (std::size_t g = 0; g < groups.members.size(); ++g) {
    for (std::size_t h = 0; h < groups.members.size(); ++h)
      if (h != g)
        nearest_[g].emplace_back(links.pairwise_time(groups.members[g].front(), groups.members[h].front(), bytes), h);
    std::sort(nearest_[g].begin(), nearest_[g].end());
  }
}

double GroupLookahead::value(std::size_t group, const std::vector<std::size_t>& pending)
{
  auto& cursor = cursor_[group];
  const auto& nearest = nearest_[group];
  while (cursor < nearest.size() && pending[nearest[cursor].second] == 0)
    ++cursor;
  return cursor < nearest.size() ? nearest[cursor].first : 0.0;
}

}  // namespace hbcast
