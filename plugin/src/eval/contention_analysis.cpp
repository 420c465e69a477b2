#include <hbcast/eval/contention_analysis.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <tuple>

namespace hbcast {
namespace {

constexpr double kRelativeTolerance = 1e-9;
constexpr double kShortestStretch = 1e-9;  // seconds

// A rate change on one link: the transfer's rate starts or ends there. 16 bytes: a busy
// backbone holds two per transfer of the broadcast.
struct RateStep {
  double time;
  std::uint32_t transfer;
  bool starts;
};

// A time's bits as an unsigned key in the order of the times (negative ones flipped whole).
std::uint64_t time_key(double time)
{
  std::uint64_t bits;
  std::memcpy(&bits, &time, sizeof bits);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

// Orders a link's steps by time, stably (equal times keep the transfer order: deterministic).
// The order within an instant does not matter: the sweep applies every step of an instant before
// it looks at the demand, so a transfer that ends as another starts does not overlap it. LSD radix
// sort on the time's bits for long ranges (a busy backbone holds two steps per transfer: a
// comparison sort took most of the analysis at 10^4 hosts), insertion sort for short ones.
void sort_steps_by_time(RateStep* first, RateStep* last, std::vector<RateStep>& buffer)
{
  const auto n = static_cast<std::size_t>(last - first);
  if (n < 64) {
    for (RateStep* next = first + 1; next < last; ++next)
      for (RateStep* step = next; step != first && step[-1].time > step->time; --step)
        std::swap(step[-1], step[0]);
    return;
  }
  buffer.resize(n);
  std::array<std::array<std::size_t, 257>, 8> position{};  // per byte of the key, one histogram
  for (const RateStep* step = first; step != last; ++step) {
    const std::uint64_t key = time_key(step->time);
    for (unsigned byte = 0; byte < 8; ++byte)
      ++position[byte][((key >> (8 * byte)) & 0xff) + 1];
  }
  RateStep* from = first;
  RateStep* to = buffer.data();
  for (unsigned byte = 0; byte < 8; ++byte) {
    auto& slots = position[byte];
    if (std::find(slots.begin(), slots.end(), n) != slots.end())
      continue;  // every key has the same byte here
    std::partial_sum(slots.begin(), slots.end(), slots.begin());
    for (std::size_t k = 0; k < n; ++k)
      to[slots[(time_key(from[k].time) >> (8 * byte)) & 0xff]++] = from[k];
    std::swap(from, to);
  }
  if (from != first)
    std::copy(from, from + n, first);
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
          add_demand(id, phase.route->bandwidth);
    read_crossed_links(links);
    offset_.assign(demand_.size(), 0);
    std::vector<std::size_t> next(offset_.size() + 1, 0);
    for (LinkId id = 0; id < demand_.size(); ++id)
      next[id + 1] = next[id] + (candidate(id) ? 2 * count_[id] : 0);
    offset_ = next;
    steps_.resize(offset_.back());
    for (std::size_t k = 0; k < phases.size(); ++k)
      if (phases[k].route)
        for (LinkId id : phases[k].route->links)
          if (offset_[id + 1] > offset_[id]) {
            steps_[next[id]++] = {phases[k].start, static_cast<std::uint32_t>(k), true};
            steps_[next[id]++] = {phases[k].end, static_cast<std::uint32_t>(k), false};
          }
  }

  std::size_t link_count() const { return demand_.size(); }
  double bandwidth(LinkId id) const { return bandwidth_[id]; }
  RateStep* begin(LinkId id) { return steps_.data() + offset_[id]; }
  RateStep* end(LinkId id) { return steps_.data() + offset_[id + 1]; }

private:
  void add_demand(LinkId id, double rate)
  {
    if (id >= demand_.size()) {  // geometric growth: ids come roughly in order
      const std::size_t size = std::max<std::size_t>(2 * demand_.size(), id + 1);
      demand_.resize(size, 0.0);
      count_.resize(size, 0);
    }
    demand_[id] += rate;
    ++count_[id];
  }

  // A link crossed once can never be over-subscribed (a transfer's rate is at most the bandwidth
  // of every link of its route): only the others' properties are read (0: FATPIPE, never a point
  // of contention).
  void read_crossed_links(const LinkRouteModel& links)
  {
    bandwidth_.assign(demand_.size(), 0.0);
    for (LinkId id = 0; id < demand_.size(); ++id)
      if (count_[id] > 1) {
        const LinkProperties& properties = links.link(id);
        bandwidth_[id] = properties.sharing == LinkSharing::fatpipe ? 0.0 : properties.bandwidth;
      }
  }

  bool candidate(LinkId id) const
  {
    return bandwidth_[id] > 0.0 && demand_[id] > bandwidth_[id] * (1.0 + kRelativeTolerance);
  }

  std::vector<double> demand_;       // summed rates of every transfer crossing the link
  std::vector<std::size_t> count_;   // crossings
  std::vector<double> bandwidth_;    // of each SHARED link crossed twice or more (else 0)
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

// Buffers of the sweep, reused from link to link (most links have a few steps).
struct SweepScratch {
  explicit SweepScratch(const std::vector<DataPhase>& phases) : active(phases.size()), rates(phases.size(), 0.0)
  {
    for (std::size_t k = 0; k < phases.size(); ++k)
      if (phases[k].route)
        rates[k] = phases[k].route->bandwidth;
  }
  ActiveTransfers active;
  std::vector<double> rates;             // per transfer: its pairwise rate
  std::vector<std::size_t> started_now;  // transfers started at the current instant
  std::vector<std::size_t> involved;     // of the open stretch, with repeats until it closes
  std::vector<RateStep> sort_buffer;
};

// Sweeps one link's steps; merges consecutive over-subscribed stretches into intervals.
LinkContention sweep_link(LinkId id, RateStep* first, RateStep* last, double bandwidth,
                          SweepScratch& scratch)
{
  sort_steps_by_time(first, last, scratch.sort_buffer);
  LinkContention contention{id, {}, bandwidth, 0.0, 0.0, {}};
  ActiveTransfers& active = scratch.active;
  std::vector<std::size_t>& involved = scratch.involved;
  std::vector<std::size_t>& started_now = scratch.started_now;
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
      contention.intervals.push_back(current);
    }
    open = false;
    involved.clear();
  };
  for (RateStep* step = first; step != last; ++step) {
    const double rate = scratch.rates[step->transfer];
    demand += step->starts ? rate : -rate;
    if (step->starts) {
      active.start(step->transfer);
      started_now.push_back(step->transfer);
    } else {
      active.end(step->transfer);
    }
    if (step + 1 != last && step[1].time == step->time)
      continue;  // apply every step of this instant first
    const bool over = demand > bandwidth * (1.0 + kRelativeTolerance);
    if (over && !open) {
      // Every transfer active when the stretch opens is involved; later ones join as they start.
      open = true;
      current = {step->time, step->time, 0.0, {}};
      involved.assign(active.list().begin(), active.list().end());
    } else if (!over && open) {
      close(step->time);
    } else if (over) {
      for (std::size_t transfer : started_now)
        if (active.contains(transfer))
          involved.push_back(transfer);
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
  const auto phases = data_phases(report.transfers, links);
  LinkSteps steps(phases, links);
  SweepScratch scratch(phases);
  for (LinkId id = 0; id < steps.link_count(); ++id) {
    if (steps.begin(id) == steps.end(id))
      continue;
    LinkContention contention = sweep_link(id, steps.begin(id), steps.end(id), steps.bandwidth(id), scratch);
    if (!contention.intervals.empty()) {
      contention.name = links.link(id).name;
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
