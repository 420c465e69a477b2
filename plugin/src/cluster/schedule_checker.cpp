#include <hbcast/cluster/schedule_checker.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace hbcast {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool later(double a, double b) { return a > b + 1e-9 * std::max(1.0, std::abs(b)); }

std::string describe(const ClusterTransfer& t)
{
  return std::to_string(t.sender) + " -> " + std::to_string(t.receiver) + " at " + std::to_string(t.start);
}

struct Interval {
  NodeId node;
  double begin, end;
  std::size_t transfer;
};

// At most `limit` of the intervals overlap at any instant (half-open intervals).
bool overlap_at_most(std::vector<std::pair<double, double>> intervals, std::size_t limit)
{
  std::vector<std::pair<double, int>> events;
  for (const auto& [begin, end] : intervals) {
    events.push_back({begin, +1});
    events.push_back({end - 1e-9 * std::max(1.0, std::abs(end)), -1});
  }
  std::sort(events.begin(), events.end(), [](const auto& a, const auto& b) {
    return a.first < b.first || (a.first == b.first && a.second < b.second);
  });
  long open = 0;
  for (const auto& event : events)
    if ((open += event.second) > static_cast<long>(limit))
      return false;
  return true;
}

// One flat list sorted by (node, begin): no per-node allocation at millions of nodes.
void check_port_conflicts(std::vector<Interval>& busy, const ClusterSchedule& schedule)
{
  std::sort(busy.begin(), busy.end(), [](const Interval& a, const Interval& b) {
    return a.node < b.node || (a.node == b.node && a.begin < b.begin);
  });
  for (std::size_t j = 1; j < busy.size(); ++j)
    if (busy[j - 1].node == busy[j].node && later(busy[j - 1].end, busy[j].begin))
      throw InvalidClusterSchedule("node " + std::to_string(busy[j].node) + " takes part in two transfers at once (" +
                                   describe(schedule.transfers[busy[j - 1].transfer]) + " and " +
                                   describe(schedule.transfers[busy[j].transfer]) + ")");
}

}  // namespace

ScheduleCheck check_schedule(const ClusterInstance& instance, const ClusterSchedule& schedule)
{
  instance.validate();
  const auto offsets = cluster_offsets(instance);
  const auto cluster_of = cluster_of_nodes(instance);
  const std::size_t n = instance.node_count();
  const double c = instance.global_cost;
  std::vector<std::size_t> order(schedule.transfers.size());
  for (std::size_t j = 0; j < order.size(); ++j)
    order[j] = j;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return schedule.transfers[a].start < schedule.transfers[b].start; });

  ScheduleCheck check;
  check.arrival.assign(n, kInf);
  check.arrival[0] = 0.0;
  std::vector<bool> cluster_reached(instance.cluster_count(), false);
  std::vector<Interval> busy;
  busy.reserve(2 * schedule.transfers.size());
  std::vector<std::vector<std::pair<double, double>>> cluster_global(instance.cluster_count());
  std::vector<std::pair<double, double>> all_global;
  for (std::size_t index : order) {
    const auto& t = schedule.transfers[index];
    if (t.sender >= n || t.receiver >= n || t.sender == t.receiver || !std::isfinite(t.start) || t.start < 0)
      throw InvalidClusterSchedule("transfer " + describe(t) + " is malformed");
    const bool crosses = cluster_of[t.sender] != cluster_of[t.receiver];
    if (crosses != t.global)
      throw InvalidClusterSchedule("transfer " + describe(t) + " is marked " + (t.global ? "global" : "local") +
                                   " but is not");
    if (later(check.arrival[t.sender], t.start))
      throw InvalidClusterSchedule("node " + std::to_string(t.sender) + " sends before it holds the message (" +
                                   describe(t) + ")");
    if (t.receiver == 0 || check.arrival[t.receiver] != kInf)
      throw InvalidClusterSchedule("node " + std::to_string(t.receiver) + " receives the message twice");
    const double duration = t.global ? c : 1.0;
    check.arrival[t.receiver] = t.start + duration;
    const bool postal = instance.postal && t.global;
    busy.push_back({t.sender, t.start, postal ? t.start + 1.0 : t.start + duration, index});
    busy.push_back({t.receiver, postal ? t.start + c - 1.0 : t.start, t.start + duration, index});
    if (!t.global)
      continue;
    const std::size_t to = cluster_of[t.receiver];
    if (t.receiver != offsets[to])
      throw InvalidClusterSchedule("global transfer " + describe(t) + " does not reach cluster " + std::to_string(to) +
                                   "'s advertised node");
    if (cluster_reached[to])
      throw InvalidClusterSchedule("cluster " + std::to_string(to) + " receives a second global message (" +
                                   describe(t) + ")");
    cluster_reached[to] = true;
    ++check.global_transfers;
    cluster_global[cluster_of[t.sender]].push_back({t.start, t.start + c});
    cluster_global[to].push_back({t.start, t.start + c});
    all_global.push_back({t.start, t.start + c});
  }
  check_port_conflicts(busy, schedule);
  if (!instance.degree_limits.empty())
    for (std::size_t i = 0; i < instance.cluster_count(); ++i)
      if (!overlap_at_most(cluster_global[i], instance.degree_limits[i]))
        throw InvalidClusterSchedule("cluster " + std::to_string(i) + " takes part in more than " +
                                     std::to_string(instance.degree_limits[i]) + " global transfers at once");
  if (instance.matching_bound && !overlap_at_most(all_global, *instance.matching_bound))
    throw InvalidClusterSchedule("more than " + std::to_string(*instance.matching_bound) +
                                 " global transfers at once");
  for (std::size_t i = 0; i < instance.cluster_count(); ++i)
    for (std::size_t local = 0; local < instance.target(i); ++local) {
      const double arrival = check.arrival[offsets[i] + local];
      if (arrival == kInf)
        throw InvalidClusterSchedule("node " + std::to_string(offsets[i] + local) + " (cluster " + std::to_string(i) +
                                     ") never receives the message");
      check.broadcast_time = std::max(check.broadcast_time, arrival);
    }
  return check;
}

}  // namespace hbcast
