#pragma once
#include <hbcast/model/link_route_model.hpp>

#include <limits>
#include <map>
#include <unordered_map>

namespace hbcast {

/// The bandwidth already promised on every shared link, as a step function of time, so that a
/// scheduler can place a transfer where no link is asked for more than its bandwidth (the
/// principle in link_aware/README.md). A FATPIPE link binds only flows of different latencies
/// (analyze_contention states SimGrid's rule): for it the timeline keeps, over time, the largest
/// rate x penalty of the flows promised and the smallest penalty of those at its full bandwidth.
///
/// With a period P > 0 the timeline is a circle: a promise over [a, b) holds over [a + j P,
/// b + j P) for every j, as it does for the slices of a paced pipelined broadcast (slice j of every
/// transfer P after slice j - 1), so a transfer placed where it fits modulo P fits for every slice.
class LinkCapacityTimeline {
public:
  /// `period` 0: a line (one atomic broadcast); > 0: times modulo `period`.
  explicit LinkCapacityTimeline(const LinkRouteModel& links, double period = 0.0);

  /// The earliest t in [not_before, latest] at which a transfer over `route` can start: its data
  /// phase [t + route.latency, t + route.latency + data_seconds) at `rate` (by default the route's
  /// bottleneck bandwidth) fits on every shared link of the route; +infinity when none does (on a
  /// circle, also when no start in one turn fits, or the data phase is longer than the period).
  /// Each conflict moves t to the end of the conflicting run of steps, so the search visits each
  /// promised step at most once per link and turn.
  double earliest_start(const LinkRoute& route, double not_before, double data_seconds,
                        double latest = std::numeric_limits<double>::infinity(), double rate = 0.0) const;
  /// Promises `rate` (by default route.bandwidth) on every shared link of `route` over
  /// [data_start, data_end) (and its repetitions on a circle).
  void reserve(const LinkRoute& route, double data_start, double data_end, double rate = 0.0);

  double period() const { return period_; }

  /// What the flows promised on a FATPIPE link ask of it over a step.
  struct FatpipeLoad {
    double largest_rate_penalty = 0.0;
    double smallest_full_penalty = std::numeric_limits<double>::infinity();
  };

private:
  using Steps = std::map<double, double>;  // time -> rate used from then until the next key
  using FatpipeSteps = std::map<double, FatpipeLoad>;  // time -> load from then until the next key
  /// The end of the first run of steps of `link` within [start, end) where `need` more does not
  /// fit, or a negative value when it fits throughout. On a circle [start, end) lies in [0, P]
  /// and a run reaching P ends at P.
  double conflict_end(LinkId link, double need, double start, double end) const;
  /// The same for a FATPIPE link and a flow of `rate` and `penalty`.
  double fatpipe_conflict_end(LinkId link, double rate, double penalty, double start, double end) const;
  /// The latest conflict end over the route's shared links for the data phase [start, end) (on a
  /// circle, already reduced), or a negative value.
  double route_conflict_end(const LinkRoute& route, double need, double start, double end) const;
  void add(Steps& steps, double start, double end, double rate);
  void add(FatpipeSteps& steps, double start, double end, double rate, double penalty, double bandwidth);

  const LinkRouteModel& links_;
  double period_;
  std::unordered_map<LinkId, Steps> used_;
  std::unordered_map<LinkId, FatpipeSteps> fatpipe_used_;
};

}  // namespace hbcast
