#include <hbcast/link_aware/receiver_groups.hpp>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

// Groups hosts by `key(v)`, in order of first appearance; nullopt-like empty result above the limit.
template <class Key, class KeyOf>
std::vector<std::vector<NodeId>> group_by(std::size_t n, KeyOf key_of)
{
  std::map<Key, std::size_t> index;
  std::vector<std::vector<NodeId>> groups;
  for (NodeId v = 0; v < n; ++v) {
    const auto [it, added] = index.emplace(key_of(v), groups.size());
    if (added) {
      if (groups.size() == ReceiverGroups::kMaxGroups)
        return {};
      groups.emplace_back();
    }
    groups[it->second].push_back(v);
  }
  return groups;
}

}  // namespace

ReceiverGroups group_receivers(const LinkRouteModel& links, NodeId root, double bytes)
{
  const std::size_t n = links.host_count();
  std::vector<std::shared_ptr<const LinkRoute>> routes(n);
  std::vector<double> time(n);
  for (NodeId v = 0; v < n; ++v) {
    routes[v] = links.route(root, v);
    time[v] = routes[v]->latency + bytes / routes[v]->bandwidth;
  }
  auto groups = group_by<std::vector<LinkId>>(n, [&](NodeId v) {
    const auto& path = routes[v]->links;
    return std::vector<LinkId>(path.begin(), path.empty() ? path.end() : path.end() - 1);
  });
  if (groups.empty())
    groups = group_by<std::pair<double, double>>(
        n, [&](NodeId v) { return std::make_pair(routes[v]->latency, routes[v]->bandwidth); });
  if (groups.empty()) {
    groups.emplace_back(n);
    for (NodeId v = 0; v < n; ++v)
      groups[0][v] = v;
  }
  ReceiverGroups result;
  result.group_of.assign(n, 0);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::stable_sort(groups[g].begin(), groups[g].end(), [&](NodeId a, NodeId b) { return time[a] < time[b]; });
    for (NodeId v : groups[g])
      result.group_of[v] = g;
  }
  result.members = std::move(groups);
  return result;
}

}  // namespace hbcast
