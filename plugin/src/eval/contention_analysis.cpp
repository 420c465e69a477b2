#include <hbcast/eval/contention_analysis.hpp>

#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>

namespace hbcast {
namespace {

constexpr double kRelativeTolerance = 1e-9;
constexpr double kShortestStretch = 1e-9;  // seconds

// A rate change on one link: +rate when a transfer's data phase starts, -rate when it ends.
struct RateStep {
  double time;
  double rate;
  std::size_t transfer;
};

// Ends before starts at equal times: a transfer that ends as another starts does not overlap it.
bool step_before(const RateStep& a, const RateStep& b)
{
  return std::tie(a.time, a.rate, a.transfer) < std::tie(b.time, b.rate, b.transfer);
}

std::unordered_map<LinkId, std::vector<RateStep>> shared_link_steps(const std::vector<TimedTransfer>& transfers,
                                                                    const LinkRouteModel& links)
{
  std::unordered_map<LinkId, std::vector<RateStep>> steps;
  for (std::size_t k = 0; k < transfers.size(); ++k) {
    const TimedTransfer& transfer = transfers[k];
    const auto route = links.route(transfer.from, transfer.to);
    const double data_start = transfer.start + route->latency;
    if (route->links.empty() || !(transfer.end > data_start))
      continue;
    for (LinkId id : route->links) {
      if (links.link(id).sharing == LinkSharing::fatpipe)
        continue;
      auto& link_steps = steps[id];
      link_steps.push_back({data_start, route->bandwidth, k});
      link_steps.push_back({transfer.end, -route->bandwidth, k});
    }
  }
  return steps;
}

// Sweeps one link's steps; merges consecutive over-subscribed stretches into intervals.
LinkContention sweep_link(LinkId id, std::vector<RateStep>& steps, const LinkProperties& properties)
{
  std::sort(steps.begin(), steps.end(), step_before);
  LinkContention contention{id, properties.name, properties.bandwidth, 0.0, 0.0, {}};
  std::multiset<std::size_t> active;
  std::set<std::size_t> involved;
  OversubscribedInterval current;
  bool open = false;
  double demand = 0.0;
  auto close = [&](double time) {
    if (open && time - current.start > kShortestStretch) {
      current.end = time;
      current.transfers.assign(involved.begin(), involved.end());
      contention.overloaded_time += current.end - current.start;
      contention.peak_ratio = std::max(contention.peak_ratio, current.peak_ratio);
      contention.intervals.push_back(current);
    }
    open = false;
    involved.clear();
  };
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const RateStep& step = steps[i];
    demand += step.rate;
    if (step.rate > 0)
      active.insert(step.transfer);
    else
      active.erase(active.find(step.transfer));
    if (i + 1 < steps.size() && steps[i + 1].time == step.time)
      continue;  // apply every step of this instant first
    const bool over = demand > properties.bandwidth * (1.0 + kRelativeTolerance);
    if (over && !open) {
      open = true;
      current = {step.time, step.time, 0.0, {}};
    } else if (!over && open) {
      close(step.time);
    }
    if (over) {
      current.peak_ratio = std::max(current.peak_ratio, demand / properties.bandwidth);
      involved.insert(active.begin(), active.end());
    }
  }
  return contention;
}

}  // namespace

ContentionReport analyze_contention(std::vector<TimedTransfer> transfers, const LinkRouteModel& links)
{
  ContentionReport report;
  report.transfers = std::move(transfers);
  auto steps = shared_link_steps(report.transfers, links);
  for (auto& [id, link_steps] : steps) {
    LinkContention contention = sweep_link(id, link_steps, links.link(id));
    if (!contention.intervals.empty())
      report.links.push_back(std::move(contention));
  }
  std::sort(report.links.begin(), report.links.end(), [](const LinkContention& a, const LinkContention& b) {
    return std::make_tuple(-a.peak_ratio, -a.overloaded_time, a.link) <
           std::make_tuple(-b.peak_ratio, -b.overloaded_time, b.link);
  });
  return report;
}

}  // namespace hbcast
