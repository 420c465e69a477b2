#include <hbcast/link_aware/link_capacity_timeline.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace hbcast {
namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();
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

// SimGrid's sharing penalty of a flow over a route of this latency (analyze_contention).
double sharing_penalty(double latency) { return latency > 0.0 ? latency : 1.0; }

bool at_full_rate(double rate, double bandwidth) { return rate >= bandwidth * (1.0 - 1e-9); }

// Whether a FATPIPE link of `bandwidth` carrying `load` slows one of its flows.
bool fatpipe_binds(const LinkCapacityTimeline::FatpipeLoad& load, double bandwidth)
{
  return load.largest_rate_penalty > bandwidth * load.smallest_full_penalty * (1.0 + kRelativeSlack);
}

// The load with one more flow of `rate` and `penalty`.
LinkCapacityTimeline::FatpipeLoad with_flow(LinkCapacityTimeline::FatpipeLoad load, double rate, double penalty,
                                           double bandwidth)
{
  load.largest_rate_penalty = std::max(load.largest_rate_penalty, rate * penalty);
  if (at_full_rate(rate, bandwidth))
    load.smallest_full_penalty = std::min(load.smallest_full_penalty, penalty);
  return load;
}

// The smallest t' >= t with t' + offset >= target (rounding must not leave a data phase inside a
// conflicting step).
double at_least(double t, double offset, double target)
{
  double next = std::max(t, target - offset);
  while (next + offset < target)
    next = std::nextafter(next, kUnbounded);
  return next;
}

}  // namespace

LinkCapacityTimeline::LinkCapacityTimeline(const LinkRouteModel& links, double period) : links_(links), period_(period)
{
  if (!(period >= 0.0) || !std::isfinite(period))
    throw std::invalid_argument("a link timeline's period must be finite and >= 0");
}

double LinkCapacityTimeline::conflict_end(LinkId link, double need, double start, double end) const
{
  const auto found = used_.find(link);
  if (found == used_.end())
    return -1.0;
  const Steps& steps = found->second;
  const double bandwidth = links_.link(link).bandwidth;
  // A route whose own need exceeds the link (a bottleneck crossed twice) fits only where the link is idle.
  const double limit = std::max(bandwidth * (1.0 + kRelativeSlack), need);
  const double horizon = period_ > 0.0 ? period_ : kUnbounded;
  auto it = steps.upper_bound(start);
  if (it != steps.begin())
    --it;
  for (; it != steps.end() && it->first < end; ++it) {
    auto next = std::next(it);
    const double step_end = next == steps.end() ? horizon : next->first;
    if (step_end <= start || it->second + need <= limit)
      continue;
    // Conflict: skip the whole run of full steps here, so the caller does not revisit it step by step.
    while (next != steps.end() && next->second + need > limit)
      ++next;
    return next == steps.end() ? horizon : next->first;
  }
  return -1.0;
}

double LinkCapacityTimeline::fatpipe_conflict_end(LinkId link, double rate, double penalty, double start,
                                                  double end) const
{
  const auto found = fatpipe_used_.find(link);
  if (found == fatpipe_used_.end())
    return -1.0;
  const FatpipeSteps& steps = found->second;
  const double bandwidth = links_.link(link).bandwidth;
  const double horizon = period_ > 0.0 ? period_ : kUnbounded;
  auto binds = [&](const FatpipeLoad& load) { return fatpipe_binds(with_flow(load, rate, penalty, bandwidth), bandwidth); };
  auto it = steps.upper_bound(start);
  if (it != steps.begin())
    --it;
  for (; it != steps.end() && it->first < end; ++it) {
    auto next = std::next(it);
    const double step_end = next == steps.end() ? horizon : next->first;
    if (step_end <= start || !binds(it->second))
      continue;
    while (next != steps.end() && binds(next->second))
      ++next;
    return next == steps.end() ? horizon : next->first;
  }
  return -1.0;
}

double LinkCapacityTimeline::route_conflict_end(const LinkRoute& route, double need, double start, double end) const
{
  double latest = -1.0;
  const double penalty = sharing_penalty(route.latency);
  for (LinkId link : route.links)
    if (links_.link(link).sharing == LinkSharing::shared)
      latest = std::max(latest, conflict_end(link, need * multiplicity(route, link), start, end));
    else
      latest = std::max(latest, fatpipe_conflict_end(link, need, penalty, start, end));
  return latest;
}

double LinkCapacityTimeline::earliest_start(const LinkRoute& route, double not_before, double data_seconds,
                                            double latest, double rate) const
{
  const double need = rate > 0.0 ? rate : route.bandwidth;
  if (period_ > 0.0) {
    if (data_seconds > period_)
      return kUnbounded;
    latest = std::min(latest, not_before + period_);  // one turn tries every residue
  }
  double t = not_before;
  while (t <= latest) {
    const double start = t + route.latency;
    double conflict;  // where the conflicting run ends, as a time of the data phase's start
    if (period_ == 0.0) {
      conflict = route_conflict_end(route, need, start, start + data_seconds);
    } else {
      // The data phase modulo P: [a, b) and, when it wraps, [0, b - P) one turn later.
      const double a = std::fmod(start, period_);
      const double base = start - a;
      const double b = a + data_seconds;
      conflict = route_conflict_end(route, need, a, std::min(b, period_));
      if (conflict >= 0.0)
        conflict += base;
      else if (b > period_ && (conflict = route_conflict_end(route, need, 0.0, b - period_)) >= 0.0)
        conflict += base + period_;
    }
    if (conflict < 0.0)
      return t;
    if (conflict == kUnbounded)
      return kUnbounded;
    t = std::max(at_least(t, route.latency, conflict), std::nextafter(t, kUnbounded));
  }
  return kUnbounded;
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

void LinkCapacityTimeline::add(FatpipeSteps& steps, double start, double end, double rate, double penalty,
                               double bandwidth)
{
  for (double time : {start, end}) {
    auto it = steps.upper_bound(time);
    const FatpipeLoad before = it == steps.begin() ? FatpipeLoad{} : std::prev(it)->second;
    steps.emplace(time, before);
  }
  for (auto it = steps.find(start); it != steps.end() && it->first < end; ++it)
    it->second = with_flow(it->second, rate, penalty, bandwidth);
}

void LinkCapacityTimeline::reserve(const LinkRoute& route, double data_start, double data_end, double rate)
{
  if (!(data_end > data_start))
    return;
  const double promised = rate > 0.0 ? rate : route.bandwidth;
  double first_start = data_start, first_end = data_end, wrapped_end = 0.0;
  if (period_ > 0.0) {
    // A data phase of exactly one period (a transfer of latency 0 paced at its own length) can
    // come out of start + latency + data a rounding longer: it fills the circle once.
    double length = data_end - data_start;
    if (length > period_ * (1.0 + 8.0 * std::numeric_limits<double>::epsilon()))
      throw std::invalid_argument("a data phase longer than the timeline's period");
    length = std::min(length, period_);
    first_start = std::fmod(data_start, period_);
    first_end = first_start + length;
    if (first_end > period_) {
      wrapped_end = first_end - period_;
      first_end = period_;
    }
  }
  const double penalty = sharing_penalty(route.latency);
  for (LinkId link : route.links)
    if (const LinkProperties& properties = links_.link(link); properties.sharing == LinkSharing::shared) {
      Steps& steps = used_[link];
      add(steps, first_start, first_end, promised);
      if (wrapped_end > 0.0)
        add(steps, 0.0, wrapped_end, promised);
    } else {
      FatpipeSteps& steps = fatpipe_used_[link];
      add(steps, first_start, first_end, promised, penalty, properties.bandwidth);
      if (wrapped_end > 0.0)
        add(steps, 0.0, wrapped_end, promised, penalty, properties.bandwidth);
    }
}

}  // namespace hbcast
