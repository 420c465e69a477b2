#include <hbcast/link_aware/link_capacity_timeline.hpp>

#include <cmath>
#include <limits>

namespace hbcast {
namespace {

// Summed rates are compared with a relative slack so that k flows of bandwidth/k fit exactly.
constexpr double kRelativeSlack = 1e-12;

// How many times `link` appears on `route` (SimGrid shares a link crossed twice between both crossings).
std::size_t multiplicity(const LinkRoute& route, LinkId link)
{
  std::size_t count = 0;
  for (LinkId id : route.links)
    count += id == link;
  return count;
}

}  // namespace

double LinkCapacityTimeline::conflict_end(LinkId link, double need, double start, double end) const
{
  const auto found = used_.find(link);
  if (found == used_.end())
    return -1.0;
  const Steps& steps = found->second;
  const double bandwidth = links_.link(link).bandwidth;
  // A route whose own need exceeds the link (a bottleneck crossed twice) fits only where the link is idle.
  const double limit = std::max(bandwidth * (1.0 + kRelativeSlack), need);
  auto it = steps.upper_bound(start);
  if (it != steps.begin())
    --it;
  for (; it != steps.end() && it->first < end; ++it) {
    auto next = std::next(it);
    const double step_end = next == steps.end() ? std::numeric_limits<double>::infinity() : next->first;
    if (step_end <= start || it->second + need <= limit)
      continue;
    // Conflict: skip the whole run of full steps here, so the caller does not revisit it step by step.
    while (next != steps.end() && next->second + need > limit)
      ++next;
    return next == steps.end() ? std::numeric_limits<double>::infinity() : next->first;
  }
  return -1.0;
}

double LinkCapacityTimeline::earliest_start(const LinkRoute& route, double not_before, double data_seconds) const
{
  double t = not_before;
  for (;;) {
    const double start = t + route.latency;
    const double end = start + data_seconds;
    double latest_conflict = -1.0;
    for (LinkId link : route.links)
      if (links_.link(link).sharing == LinkSharing::shared)
        latest_conflict = std::max(latest_conflict, conflict_end(link, route.bandwidth * multiplicity(route, link),
                                                                 start, end));
    if (latest_conflict < 0.0)
      return t;
    // The data phase must begin where the conflicting step ends (rounding must not leave it inside).
    double next = latest_conflict - route.latency;
    while (next + route.latency < latest_conflict)
      next = std::nextafter(next, std::numeric_limits<double>::infinity());
    t = std::max(next, std::nextafter(t, std::numeric_limits<double>::infinity()));
  }
}

void LinkCapacityTimeline::add(Steps& steps, double start, double end, double rate)
{
  // Split at both ends (a new key inherits the rate in force there), then raise the steps between.
  for (double time : {start, end}) {
    auto it = steps.upper_bound(time);
    const double before = it == steps.begin() ? 0.0 : std::prev(it)->second;
    steps.emplace(time, before);
  }
  for (auto it = steps.find(start); it != steps.end() && it->first < end; ++it)
    it->second += rate;
}

void LinkCapacityTimeline::reserve(const LinkRoute& route, double data_start, double data_end)
{
  if (!(data_end > data_start))
    return;
  for (LinkId link : route.links)
    if (links_.link(link).sharing == LinkSharing::shared)
      add(used_[link], data_start, data_end, route.bandwidth);
}

}  // namespace hbcast
