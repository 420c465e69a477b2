#pragma once
#include <hbcast/model/link_route_model.hpp>

#include <map>
#include <unordered_map>

namespace hbcast {

/// The bandwidth already promised on every shared link, as a step function of time, so that a
/// scheduler can place a transfer where no link is asked for more than its bandwidth (the
/// principle in link_aware/README.md). FATPIPE links are never constrained.
class LinkCapacityTimeline {
public:
  explicit LinkCapacityTimeline(const LinkRouteModel& links) : links_(links) {}

  /// The earliest t >= not_before at which a transfer over `route` can start: its data phase
  /// [t + route.latency, t + route.latency + data_seconds) at rate route.bandwidth fits on every
  /// shared link of the route. Each conflict moves t to the end of the conflicting step, so the
  /// search visits each promised step at most once per link.
  double earliest_start(const LinkRoute& route, double not_before, double data_seconds) const;
  /// Promises route.bandwidth on every shared link of `route` over [data_start, data_end).
  void reserve(const LinkRoute& route, double data_start, double data_end);

private:
  using Steps = std::map<double, double>;  // time -> rate used from then until the next key
  /// The end of the first step of `link` within [start, end) where `need` more does not fit, or
  /// a negative value when it fits throughout.
  double conflict_end(LinkId link, double need, double start, double end) const;
  void add(Steps& steps, double start, double end, double rate);

  const LinkRouteModel& links_;
  std::unordered_map<LinkId, Steps> used_;
};

}  // namespace hbcast
