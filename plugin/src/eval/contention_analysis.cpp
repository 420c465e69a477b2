#include <hbcast/eval/contention_analysis.hpp>

#include <algorithm>
#include <set>
#include <tuple>

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

// A transfer's data phase on its route, or no route when it takes no bandwidth anywhere.
struct DataPhase {
  std::shared_ptr<const LinkRoute> route;
  double start = 0.0;
  double end = 0.0;
};

std::vector<DataPhase> data_phases(const std::vector<TimedTransfer>& transfers, const LinkRouteModel& links)
{
  std::vector<DataPhase> phases(transfers.size());
  for (std::size_t k = 0; k < transfers.size(); ++k) {
    auto route = links.route(transfers[k].from, transfers[k].to);
    const double start = transfers[k].start + route->latency;
    if (!route->links.empty() && transfers[k].end > start)
      phases[k] = {std::move(route), start, transfers[k].end};
  }
  return phases;
}

// The steps of every link that could be over-subscribed, grouped by link (counting sort on the
// dense link ids). A link whose transfers' rates sum to at most its bandwidth never is, whatever
// their times: most host links of a tree are skipped without sorting anything.
class LinkSteps {
public:
  LinkSteps(const std::vector<DataPhase>& phases, const LinkRouteModel& links)
  {
    for (const DataPhase& phase : phases)
      if (phase.route)
        for (LinkId id : phase.route->links)
          add_demand(id, phase.route->bandwidth, links);
    std::vector<std::size_t> next(offset_.size() + 1, 0);
    for (LinkId id = 0; id < demand_.size(); ++id)
      next[id + 1] = next[id] + (candidate(id, links) ? 2 * count_[id] : 0);
    offset_ = next;
    steps_.resize(offset_.back());
    for (std::size_t k = 0; k < phases.size(); ++k)
      if (phases[k].route)
        for (LinkId id : phases[k].route->links)
          if (offset_[id + 1] > offset_[id]) {
            steps_[next[id]++] = {phases[k].start, phases[k].route->bandwidth, k};
            steps_[next[id]++] = {phases[k].end, -phases[k].route->bandwidth, k};
          }
  }

  std::size_t link_count() const { return demand_.size(); }
  RateStep* begin(LinkId id) { return steps_.data() + offset_[id]; }
  RateStep* end(LinkId id) { return steps_.data() + offset_[id + 1]; }

private:
  void add_demand(LinkId id, double rate, const LinkRouteModel& links)
  {
    if (id >= demand_.size()) {
      demand_.resize(id + 1, 0.0);
      count_.resize(id + 1, 0);
      offset_.resize(id + 1, 0);
    }
    if (links.link(id).sharing == LinkSharing::fatpipe)
      return;
    demand_[id] += rate;
    ++count_[id];
  }

  bool candidate(LinkId id, const LinkRouteModel& links) const
  {
    return count_[id] > 0 && demand_[id] > links.link(id).bandwidth * (1.0 + kRelativeTolerance);
  }

  std::vector<double> demand_;       // summed rates of every transfer crossing the link
  std::vector<std::size_t> count_;   // crossings
  std::vector<std::size_t> offset_;  // steps of link id: [offset_[id], offset_[id + 1])
  std::vector<RateStep> steps_;
};

// The transfers active on the link being swept: O(1) insertion and removal, listed when an
// over-subscribed stretch opens. Reused across links (one slot per transfer).
class ActiveTransfers {
public:
  explicit ActiveTransfers(std::size_t transfers) : crossings_(transfers, 0), position_(transfers, 0) {}

  void start(std::size_t transfer)
  {
    if (crossings_[transfer]++ == 0) {
      position_[transfer] = list_.size();
      list_.push_back(transfer);
    }
  }
  void end(std::size_t transfer)
  {
    if (--crossings_[transfer] > 0)
      return;
    const std::size_t moved = list_.back();
    list_[position_[transfer]] = moved;
    position_[moved] = position_[transfer];
    list_.pop_back();
  }
  bool contains(std::size_t transfer) const { return crossings_[transfer] > 0; }
  const std::vector<std::size_t>& list() const { return list_; }

private:
  std::vector<unsigned> crossings_;  // a route may cross a link twice
  std::vector<std::size_t> position_;
  std::vector<std::size_t> list_;
};

// Sweeps one link's steps; merges consecutive over-subscribed stretches into intervals.
LinkContention sweep_link(LinkId id, RateStep* first, RateStep* last, const LinkProperties& properties,
                          ActiveTransfers& active)
{
  std::sort(first, last, step_before);
  LinkContention contention{id, {}, properties.bandwidth, 0.0, 0.0, {}};
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
  std::vector<std::size_t> started_now;  // transfers started at the current instant
  for (RateStep* step = first; step != last; ++step) {
    demand += step->rate;
    if (step->rate > 0) {
      active.start(step->transfer);
      started_now.push_back(step->transfer);
    } else {
      active.end(step->transfer);
    }
    if (step + 1 != last && step[1].time == step->time)
      continue;  // apply every step of this instant first
    const bool over = demand > properties.bandwidth * (1.0 + kRelativeTolerance);
    if (over && !open) {
      // Every transfer active when the stretch opens is involved; later ones join as they start.
      open = true;
      current = {step->time, step->time, 0.0, {}};
      involved.insert(active.list().begin(), active.list().end());
    } else if (!over && open) {
      close(step->time);
    } else if (over) {
      for (std::size_t transfer : started_now)
        if (active.contains(transfer))
          involved.insert(transfer);
    }
    if (over)
      current.peak_ratio = std::max(current.peak_ratio, demand / properties.bandwidth);
    started_now.clear();
  }
  if (!contention.intervals.empty())
    contention.name = properties.name;
  return contention;
}

}  // namespace

ContentionReport analyze_contention(std::vector<TimedTransfer> transfers, const LinkRouteModel& links)
{
  ContentionReport report;
  report.transfers = std::move(transfers);
  const auto phases = data_phases(report.transfers, links);
  LinkSteps steps(phases, links);
  ActiveTransfers active(report.transfers.size());
  for (LinkId id = 0; id < steps.link_count(); ++id) {
    if (steps.begin(id) == steps.end(id))
      continue;
    LinkContention contention = sweep_link(id, steps.begin(id), steps.end(id), links.link(id), active);
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
