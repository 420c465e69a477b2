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
  phases.offset.push_back(static_cast<std::uint32_t>(phases.links.size()));
  return phases;
}

// The links that could be over-subscribed, each with its steps (two per crossing, in code order).
// A link crossed once never is (a transfer's rate is at most the bandwidth of every link of its
// route), nor a FATPIPE link, nor one whose crossings' rates sum to at most its bandwidth whatever
// their times: most host links of a tree are skipped before any step is written.
class CandidateLinks {
public:
  CandidateLinks(const FlatPhases& phases, const LinkRouteModel& model)
  {
    std::vector<std::uint32_t> slot(phases.link_bound, 0);  // crossings, then the link's slot
    for (LinkId id : phases.links)
      ++slot[id];
    std::vector<std::uint32_t> crossings = shared_links_crossed_twice(slot, model);
    keep_oversubscribed(phases, slot, crossings);
    write_steps(phases, slot);
  }

  std::size_t size() const { return id_.size(); }
  LinkId id(std::size_t c) const { return id_[c]; }
  double bandwidth(std::size_t c) const { return bandwidth_[c]; }
  StepCode* begin(std::size_t c) { return steps_.data() + offset_[c]; }
  StepCode* end(std::size_t c) { return steps_.data() + offset_[c + 1]; }

private:
  // Gives each SHARED link crossed twice or more a slot (ascending ids); only their properties
  // are read. Returns their crossings; `slot` maps every other link to kNoSlot.
  std::vector<std::uint32_t> shared_links_crossed_twice(std::vector<std::uint32_t>& slot, const LinkRouteModel& model)
  {
    std::vector<std::uint32_t> crossings;
    for (LinkId id = 0; id < slot.size(); ++id) {
      const std::uint32_t crossed = slot[id];
      slot[id] = kNoSlot;
      if (crossed < 2)
        continue;
      const LinkProperties& properties = model.link(id);
      if (properties.sharing == LinkSharing::fatpipe || !(properties.bandwidth > 0.0))
        continue;
      slot[id] = static_cast<std::uint32_t>(id_.size());
      id_.push_back(id);
      bandwidth_.push_back(properties.bandwidth);
      crossings.push_back(crossed);
    }
    return crossings;
  }

  // Keeps the slots whose crossings' rates (summed in transfer order) exceed the bandwidth.
  void keep_oversubscribed(const FlatPhases& phases, std::vector<std::uint32_t>& slot,
                           const std::vector<std::uint32_t>& crossings)
  {
    std::vector<double> demand(id_.size(), 0.0);
    for (std::size_t k = 0; k + 1 < phases.offset.size(); ++k)
      for (std::uint32_t c = phases.offset[k]; c < phases.offset[k + 1]; ++c)
        if (const std::uint32_t s = slot[phases.links[c]]; s != kNoSlot)
          demand[s] += phases.rates[k];
    std::size_t kept = 0;
    offset_.assign(1, 0);
    for (std::size_t s = 0; s < id_.size(); ++s) {
      const bool over = demand[s] > bandwidth_[s] * (1.0 + kRelativeTolerance);
      slot[id_[s]] = over ? static_cast<std::uint32_t>(kept) : kNoSlot;
      if (!over)
        continue;
      id_[kept] = id_[s];
      bandwidth_[kept++] = bandwidth_[s];
      offset_.push_back(offset_.back() + 2 * crossings[s]);
    }
    id_.resize(kept);
    bandwidth_.resize(kept);
  }

  void write_steps(const FlatPhases& phases, const std::vector<std::uint32_t>& slot)
  {
    steps_.resize(offset_.back());
    std::vector<std::uint32_t> next(offset_.begin(), offset_.end() - 1);
    for (std::size_t k = 0; k + 1 < phases.offset.size(); ++k)
      for (std::uint32_t c = phases.offset[k]; c < phases.offset[k + 1]; ++c)
        if (const std::uint32_t s = slot[phases.links[c]]; s != kNoSlot) {
          steps_[next[s]++] = static_cast<StepCode>(2 * k);
          steps_[next[s]++] = static_cast<StepCode>(2 * k + 1);
        }
  }

  std::vector<LinkId> id_;
  std::vector<double> bandwidth_;
  std::vector<std::uint32_t> offset_;  // steps of candidate c: [offset_[c], offset_[c + 1])
  std::vector<StepCode> steps_;
};

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

// Sweeps one link's steps; merges consecutive over-subscribed stretches into intervals.
LinkContention sweep_link(LinkId id, double bandwidth, StepCode* first, StepCode* last, const FlatPhases& phases,
                          SweepScratch& scratch)
{
  const double* times = phases.times.data();
  sort_steps_by_time(first, last, times, scratch.sort);
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
  CandidateLinks candidates(phases, links);
  if (candidates.size() == 0)
    return report;
  SweepScratch scratch(report.transfers.size());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    LinkContention contention =
        sweep_link(candidates.id(c), candidates.bandwidth(c), candidates.begin(c), candidates.end(c), phases, scratch);
    if (!contention.intervals.empty()) {
      contention.name = links.link(contention.link).name;
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
