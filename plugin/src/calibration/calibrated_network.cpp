#include <hbcast/calibration/calibrated_network.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace hbcast::calibration {

double CalibratedNetwork::latency(std::size_t u, std::size_t v) const
{
  if (fat_tree) {
    const auto& tree = *fat_tree;
    const bool same_leaf = tree.position[u] / tree.hosts_per_leaf == tree.position[v] / tree.hosts_per_leaf;
    return (same_leaf ? 2 : 4) * tree.latency;
  }
  double total = host_links[u].latency + host_links[v].latency;
  const std::size_t g = group_of[u], h = group_of[v];
  if (g != h)
    total += between[g][h].latency;
  return total;
}

double CalibratedNetwork::bandwidth(std::size_t u, std::size_t v) const
{
  double best = std::numeric_limits<double>::infinity();
  const auto capacities = link_capacities();
  for (const std::size_t link : route_links(u, v))
    best = std::min(best, capacities[link].first);
  return best;
}

double CalibratedNetwork::transfer_time(std::size_t u, std::size_t v, double bytes) const
{
  return factors.transfer_time(latency(u, v), bandwidth(u, v), bytes);
}

// Link numbering: 2 per host (up, down), then per group backbone, out, in, then g x g pair links.
std::vector<std::size_t> CalibratedNetwork::route_links(std::size_t u, std::size_t v) const
{
  if (fat_tree) {
    // Links: 2 per host (up, down), then per leaf its P Q cables (up, down); cable c of a leaf
    // goes to spine c mod P (SimGrid's port spine + j P for the j-th parallel cable).
    const auto& tree = *fat_tree;
    const std::size_t n = hosts.size(), ports = tree.spines * tree.cables;
    const std::size_t s = tree.position[u], t = tree.position[v];
    const std::size_t leaf_s = s / tree.hosts_per_leaf, leaf_t = t / tree.hosts_per_leaf;
    if (leaf_s == leaf_t)
      return {2 * u, 2 * v + 1};
    const std::size_t up = t % ports, spine = up % tree.spines, down = spine + (s % tree.cables) * tree.spines;
    return {2 * u, 2 * n + 2 * (leaf_s * ports + up), 2 * n + 2 * (leaf_t * ports + down) + 1, 2 * v + 1};
  }
  const std::size_t n = hosts.size(), groups_count = groups.size();
  const std::size_t g = group_of[u], h = group_of[v];
  auto group_link = [&](std::size_t group, std::size_t which) { return 2 * n + 3 * group + which; };
  std::vector<std::size_t> route = {2 * u};
  if (groups[g].backbone)
    route.push_back(group_link(g, 0));
  if (g != h) {
    if (groups[g].uplink_out)
      route.push_back(group_link(g, 1));
    route.push_back(2 * n + 3 * groups_count + g * groups_count + h);
    if (groups[h].uplink_in)
      route.push_back(group_link(h, 2));
    if (groups[h].backbone)
      route.push_back(group_link(h, 0));
  }
  route.push_back(2 * v + 1);
  return route;
}

std::vector<std::pair<double, bool>> CalibratedNetwork::link_capacities() const
{
  const double none = std::numeric_limits<double>::infinity();
  std::vector<std::pair<double, bool>> links;
  if (fat_tree)
    return std::vector<std::pair<double, bool>>(
        2 * (hosts.size() + fat_tree->leaves * fat_tree->spines * fat_tree->cables), {fat_tree->bandwidth, true});
  for (const auto& link : host_links) {
    links.emplace_back(link.up, true);
    links.emplace_back(link.down, true);
  }
  for (const auto& group : groups) {
    links.emplace_back(group.backbone.value_or(none), true);
    links.emplace_back(group.uplink_out.value_or(none), true);
    links.emplace_back(group.uplink_in.value_or(none), true);
  }
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (std::size_t h = 0; h < groups.size(); ++h)
      links.emplace_back(g == h ? none : between[g][h].bandwidth, g == h ? false : between[g][h].shared);
  return links;
}

std::vector<double> CalibratedNetwork::concurrent_rates(const std::vector<std::pair<std::size_t, std::size_t>>& flows) const
{
  // Progressive filling: raise every unfrozen flow's rate until a shared link saturates or a
  // flow meets a FATPIPE bound; freeze those flows; repeat (max-min fairness, as SimGrid shares).
  const auto capacities = link_capacities();
  std::vector<std::vector<std::size_t>> routes;
  std::vector<double> bound(flows.size(), std::numeric_limits<double>::infinity());
  for (std::size_t f = 0; f < flows.size(); ++f) {
    routes.push_back(route_links(flows[f].first, flows[f].second));
    for (const std::size_t link : routes.back())
      if (!capacities[link].second)
        bound[f] = std::min(bound[f], capacities[link].first);
  }
  std::vector<double> rate(flows.size(), 0.0), remaining(capacities.size());
  for (std::size_t l = 0; l < capacities.size(); ++l)
    remaining[l] = capacities[l].first;
  std::vector<bool> frozen(flows.size(), false);
  std::size_t left = flows.size();
  while (left > 0) {
    std::vector<std::size_t> users(capacities.size(), 0);
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (!frozen[f])
        for (const std::size_t link : routes[f])
          if (capacities[link].second)
            ++users[link];
    double step = std::numeric_limits<double>::infinity();
    for (std::size_t l = 0; l < capacities.size(); ++l)
      if (users[l] > 0)
        step = std::min(step, remaining[l] / static_cast<double>(users[l]));
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (!frozen[f])
        step = std::min(step, bound[f] - rate[f]);
    if (!std::isfinite(step))
      throw std::logic_error("concurrent_rates: a flow crosses no finite link");
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (!frozen[f]) {
        rate[f] += step;
        for (const std::size_t link : routes[f])
          if (capacities[link].second)
            remaining[link] -= step;
      }
    const double tolerance = 1e-12;
    for (std::size_t f = 0; f < flows.size(); ++f) {
      if (frozen[f])
        continue;
      bool saturated = rate[f] >= bound[f] * (1 - tolerance);
      for (const std::size_t link : routes[f])
        if (capacities[link].second && remaining[link] <= capacities[link].first * tolerance)
          saturated = true;
      if (saturated) {
        frozen[f] = true;
        --left;
      }
    }
  }
  return rate;
}

}  // namespace hbcast::calibration
