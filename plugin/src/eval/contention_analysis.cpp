#include <hbcast/eval/contention_analysis.hpp>

#include "step_order.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

constexpr double kRelativeTolerance = 1e-9;
constexpr double kShortestStretch = 1e-9;  // seconds
constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};
constexpr std::ptrdiff_t kFirstSortedRange = 64;  // steps

// The transfers' data phases in flat arrays, each route looked up once (the look-ups were the
// analysis' cache misses): times[2 k] and times[2 k + 1] are where transfer k's data phase starts
// and ends (the times of its step codes), rates[k] its pairwise rate, and links[offset[k],
// offset[k + 1]) its route's links, none when it takes no bandwidth anywhere.
struct FlatPhases {
  std::vector<double> times;
  std::vector<double> rates;
  std::vector<std::uint32_t> offset;
  std::vector<LinkId> links;
  std::size_t link_bound = 0;  // largest link id + 1
};

FlatPhases flat_phases(const std::vector<TimedTransfer>& transfers, const LinkRouteModel& model)
{
  if (transfers.size() > std::numeric_limits<StepCode>::max() / 2)
    throw std::length_error("analyze_contention: too many transfers");
  FlatPhases phases;
  phases.times.reserve(2 * transfers.size());
  phases.rates.reserve(transfers.size());
  phases.offset.reserve(transfers.size() + 1);
  phases.links.reserve(4 * transfers.size());  // reserved, not touched: a tree's routes hold ~3
  std::shared_ptr<const LinkRoute> holder;
  for (const TimedTransfer& transfer : transfers) {
    phases.offset.push_back(static_cast<std::uint32_t>(phases.links.size()));
    const LinkRouteView route = model.route_view(transfer.from, transfer.to, holder);
    const double start = transfer.start + route.latency;
    phases.times.push_back(start);
    phases.times.push_back(transfer.end);
    phases.rates.push_back(route.bandwidth);
    if (route.link_count == 0 || !(transfer.end > start))
      continue;
    phases.links.insert(phases.links.end(), route.links, route.links + route.link_count);
    for (std::size_t l = 0; l < route.link_count; ++l)
      phases.link_bound = std::max<std::size_t>(phases.link_bound, std::size_t{route.links[l]} + 1);
  }
  if (phases.links.size() > std::numeric_limits<std::uint32_t>::max() / 2)  // two 32-bit steps a crossing
    throw std::length_error("analyze_contention: too many link crossings");
  phases.offset.push_back(static_cast<std::uint32_t>(phases.links.size()));
  return phases;
}

// The links crossed twice or more, each with its steps (two per crossing, in code order) and the
// sum of its crossings' rates (in transfer order). A link crossed once is never over-subscribed:
// a transfer's rate is at most the bandwidth of every link of its route.
class CrossedLinks {
public:
  explicit CrossedLinks(const FlatPhases& phases)
  {
    std::vector<std::uint32_t> slot(phases.link_bound, 0);  // crossings, then the link's slot
    for (LinkId id : phases.links)
      ++slot[id];
    offset_.assign(1, 0);
    for (LinkId id = 0; id < slot.size(); ++id) {
      const std::uint32_t crossed = slot[id];
      slot[id] = crossed < 2 ? kNoSlot : static_cast<std::uint32_t>(id_.size());
      if (crossed < 2)
        continue;
      id_.push_back(id);
      offset_.push_back(offset_.back() + 2 * crossed);
    }
    write_steps(phases, slot);
  }

  std::size_t size() const { return id_.size(); }
  LinkId id(std::size_t s) const { return id_[s]; }
  double demand(std::size_t s) const { return demand_[s]; }
  StepCode* begin(std::size_t s) { return steps_.data() + offset_[s]; }
  StepCode* end(std::size_t s) { return steps_.data() + offset_[s + 1]; }

private:
  void write_steps(const FlatPhases& phases, const std::vector<std::uint32_t>& slot)
  {
    steps_.resize(offset_.back());
    demand_.assign(id_.size(), 0.0);
    std::vector<std::uint32_t> next(offset_.begin(), offset_.end() - 1);
    for (std::size_t k = 0; k + 1 < phases.offset.size(); ++k)
      for (std::uint32_t c = phases.offset[k]; c < phases.offset[k + 1]; ++c)
        if (const std::uint32_t s = slot[phases.links[c]]; s != kNoSlot) {
          steps_[next[s]++] = static_cast<StepCode>(2 * k);
          steps_[next[s]++] = static_cast<StepCode>(2 * k + 1);
          demand_[s] += phases.rates[k];
        }
  }

  std::vector<LinkId> id_;
  std::vector<std::uint32_t> offset_;  // steps of slot s: [offset_[s], offset_[s + 1])
  std::vector<StepCode> steps_;
  std::vector<double> demand_;
};

// Whether a link's steps (in time order) never have two crossings active at once: then its demand
// never exceeds one transfer's rate, at most its bandwidth (a host link that one sender uses for
// one transfer after the other). Decided without reading the link's properties.
bool one_crossing_at_a_time(const StepCode* first, const StepCode* last, const double* times)
{
  int active = 0;
  for (const StepCode* step = first; step != last; ++step) {
    active += (*step & 1) == 0 ? 1 : -1;
    if (active > 1 && (step + 1 == last || times[step[1]] != times[*step]))
      return false;
  }
  return true;
}

// The bandwidth over which a link crossed twice or more is over-subscribed somewhere, or 0 when it
// cannot be: FATPIPE, or its crossings' rates sum to at most its bandwidth whatever their times.
double contended_bandwidth(const LinkProperties& properties, double demand)
{
  if (properties.sharing == LinkSharing::fatpipe || !(properties.bandwidth > 0.0))
    return 0.0;
  return demand > properties.bandwidth * (1.0 + kRelativeTolerance) ? properties.bandwidth : 0.0;
}

// The transfers active on the link being swept: O(1) insertion and removal, listed when an
// over-subscribed stretch opens. Reused across links (one slot per transfer).
class ActiveTransfers {
public:
  explicit ActiveTransfers(std::size_t transfers) : crossings_(transfers, 0), position_(transfers, 0) {}

  void start(std::uint32_t transfer)
  {
    if (crossings_[transfer]++ == 0) {
      position_[transfer] = static_cast<std::uint32_t>(list_.size());
      list_.push_back(transfer);
    }
  }
  void end(std::uint32_t transfer)
  {
    if (--crossings_[transfer] > 0)
      return;
    const std::uint32_t moved = list_.back();
    list_[position_[transfer]] = moved;
    position_[moved] = position_[transfer];
    list_.pop_back();
  }
  bool contains(std::uint32_t transfer) const { return crossings_[transfer] > 0; }
  const std::vector<std::uint32_t>& list() const { return list_; }

private:
  std::vector<std::uint32_t> crossings_;  // a route may cross a link twice
  std::vector<std::uint32_t> position_;
  std::vector<std::uint32_t> list_;
};

// Buffers of the sweep, reused from link to link (most links have a few steps).
struct SweepScratch {
  explicit SweepScratch(std::size_t transfers) : active(transfers) {}
  ActiveTransfers active;
  std::vector<std::uint32_t> started_now;  // transfers started at the current instant
  std::vector<std::uint32_t> involved;     // of the open stretch, with repeats until it closes
  StepSortScratch sort;
};

// Sweeps one link's steps (in time order); merges consecutive over-subscribed stretches into
// intervals.
LinkContention sweep_link(LinkId id, double bandwidth, StepCode* first, StepCode* last, const FlatPhases& phases,
                          SweepScratch& scratch)
{
  const double* times = phases.times.data();
  LinkContention contention{id, {}, bandwidth, 0.0, 0.0, {}};
  ActiveTransfers& active = scratch.active;
  std::vector<std::uint32_t>& involved = scratch.involved;
  std::vector<std::uint32_t>& started_now = scratch.started_now;
  involved.clear();
  started_now.clear();
  OversubscribedInterval current;
  bool open = false;
  double demand = 0.0;
  auto close = [&](double time) {
    if (open && time - current.start > kShortestStretch) {
      current.end = time;
      std::sort(involved.begin(), involved.end());
      current.transfers.assign(involved.begin(), std::unique(involved.begin(), involved.end()));
      contention.overloaded_time += current.end - current.start;
      contention.peak_ratio = std::max(contention.peak_ratio, current.peak_ratio);
      contention.intervals.push_back(std::move(current));
    }
    open = false;
    involved.clear();
  };
  for (StepCode* step = first; step != last; ++step) {
    const std::uint32_t transfer = *step >> 1;
    const bool starts = (*step & 1) == 0;
    const double time = times[*step];
    const double rate = phases.rates[transfer];
    demand += starts ? rate : -rate;
    if (starts) {
      active.start(transfer);
      started_now.push_back(transfer);
    } else {
      active.end(transfer);
    }
    if (step + 1 != last && times[step[1]] == time)
      continue;  // apply every step of this instant first
    const bool over = demand > bandwidth * (1.0 + kRelativeTolerance);
    if (over && !open) {
      // Every transfer active when the stretch opens is involved; later ones join as they start.
      open = true;
      current = {time, time, 0.0, {}};
      involved.assign(active.list().begin(), active.list().end());
    } else if (!over && open) {
      close(time);
    } else if (over) {
      for (std::uint32_t started : started_now)
        if (active.contains(started))
          involved.push_back(started);
    }
    if (over)
      current.peak_ratio = std::max(current.peak_ratio, demand / bandwidth);
    started_now.clear();
  }
  return contention;
}

}  // namespace

ContentionReport analyze_contention(std::vector<TimedTransfer> transfers, const LinkRouteModel& links)
{
  ContentionReport report;
  report.transfers = std::move(transfers);
  const FlatPhases phases = flat_phases(report.transfers, links);
  CrossedLinks crossed(phases);
  if (crossed.size() == 0)
    return report;
  SweepScratch scratch(report.transfers.size());
  const double* times = phases.times.data();
  for (std::size_t s = 0; s < crossed.size(); ++s) {
    // A short range is sorted first (cheap): most are host links crossed one transfer at a time,
    // whose properties are then never read.
    const bool short_range = crossed.end(s) - crossed.begin(s) < kFirstSortedRange;
    if (short_range) {
      sort_steps_by_time(crossed.begin(s), crossed.end(s), times, scratch.sort);
      if (one_crossing_at_a_time(crossed.begin(s), crossed.end(s), times))
        continue;
    }
    const LinkProperties& properties = links.link(crossed.id(s));
    const double bandwidth = contended_bandwidth(properties, crossed.demand(s));
    if (bandwidth == 0.0)
      continue;
    if (!short_range)
      sort_steps_by_time(crossed.begin(s), crossed.end(s), times, scratch.sort);
    LinkContention contention = sweep_link(crossed.id(s), bandwidth, crossed.begin(s), crossed.end(s), phases, scratch);
    if (!contention.intervals.empty()) {
      contention.name = properties.name;
      report.links.push_back(std::move(contention));
    }
  }
  std::sort(report.links.begin(), report.links.end(), [](const LinkContention& a, const LinkContention& b) {
    return std::make_tuple(-a.peak_ratio, -a.overloaded_time, a.link) <
           std::make_tuple(-b.peak_ratio, -b.overloaded_time, b.link);
  });
  return report;
}

}  // namespace hbcast
