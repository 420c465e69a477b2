#include <hbcast/eval/contention_analysis.hpp>

#include <hbcast/eval/depth_first_transfers.hpp>

#include "step_order.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

constexpr double kRelativeTolerance = 1e-9;
constexpr double kShortestStretch = 1e-9;  // seconds
constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};
constexpr std::size_t kRouteLookAhead = 16;  // transfers: about the look-ups a cache miss lasts

// SimGrid's sharing penalty of a flow over a route of this latency (CM02, network/weight-S 0, as
// NetworkCm02Model::communicate sets it): the latency, or 1 for a route without latency.
double sharing_penalty(double latency) { return latency > 0.0 ? latency : 1.0; }

// The transfers' data phases in flat arrays, each route looked up once (the look-ups were the
// analysis' cache misses): rates[k] is transfer k's pairwise rate, links[offset[k], offset[k + 1])
// its route's links, none when it takes no bandwidth anywhere; when it takes some, clock[2 k] and
// clock[2 k + 1] are where its data phase starts and ends (the times of its step codes).
struct FlatPhases {
  StepClock clock;
  std::vector<double> rates;
  std::vector<double> penalties;  // SimGrid's sharing penalty of each transfer (sharing_penalty)
  std::vector<std::uint32_t> offset;
  std::vector<LinkId> links;
  std::size_t link_bound = 0;          // largest link id + 1
  std::size_t crossing_transfers = 0;  // those with links

  std::size_t transfers() const { return offset.size() - 1; }
};

// Appends one transfer's data phase on its route.
void add_phase(const TimedTransfer& transfer, const LinkRouteView& route, FlatPhases& phases)
{
  if (phases.offset.size() > std::numeric_limits<StepCode>::max() / 2)
    throw std::length_error("analyze_contention: too many transfers");
  phases.offset.push_back(static_cast<std::uint32_t>(phases.links.size()));
  const double start = transfer.start + route.latency;
  phases.rates.push_back(route.bandwidth);
  phases.penalties.push_back(sharing_penalty(route.latency));
  if (route.link_count == 0 || !(transfer.end > start)) {
    phases.clock.add_idle();
    return;
  }
  phases.clock.add(start, transfer.end);
  ++phases.crossing_transfers;
  phases.links.insert(phases.links.end(), route.links, route.links + route.link_count);
  for (std::size_t l = 0; l < route.link_count; ++l)
    phases.link_bound = std::max<std::size_t>(phases.link_bound, std::size_t{route.links[l]} + 1);
}

// A run of transfers handed over at once.
struct TransferBatch {
  const TimedTransfer* first = nullptr;
  std::size_t count = 0;
};

// The phases of the transfers of the batches next_batch() returns until an empty one (about
// `expected` transfers), each route hinted to the model kRouteLookAhead transfers before its
// look-up.
template <typename NextBatch>
FlatPhases flat_phases(std::size_t expected, NextBatch&& next_batch, const LinkRouteModel& model)
{
  FlatPhases phases;
  phases.clock.reserve(expected);
  phases.rates.reserve(expected);
  phases.penalties.reserve(expected);
  phases.offset.reserve(expected + 1);
  phases.links.reserve(4 * expected);  // reserved, not touched: a tree's routes hold ~3
  std::shared_ptr<const LinkRoute> holder;
  for (TransferBatch batch = next_batch(); batch.count > 0; batch = next_batch()) {
    for (std::size_t k = 0; k < std::min(batch.count, kRouteLookAhead); ++k)
      model.prefetch_route(batch.first[k].from, batch.first[k].to);
    for (std::size_t k = 0; k < batch.count; ++k) {
      if (k + kRouteLookAhead < batch.count)
        model.prefetch_route(batch.first[k + kRouteLookAhead].from, batch.first[k + kRouteLookAhead].to);
      const TimedTransfer& transfer = batch.first[k];
      add_phase(transfer, model.route_view(transfer.from, transfer.to, holder), phases);
    }
  }
  if (phases.links.size() > std::numeric_limits<std::uint32_t>::max() / 2)  // two 32-bit steps a crossing
    throw std::length_error("analyze_contention: too many link crossings");
  phases.offset.push_back(static_cast<std::uint32_t>(phases.links.size()));
  phases.clock.finish();
  return phases;
}

// Whether a transfer at `rate` is bottlenecked by a link of `bandwidth` (its rate is that link's).
bool at_full_rate(double rate, double bandwidth) { return rate >= bandwidth * (1.0 - kRelativeTolerance); }

// The demand ratio a FATPIPE link of `bandwidth` asks of its flows (analyze_contention): the
// largest rate x penalty among them over bandwidth x the smallest penalty of those it bottlenecks;
// 0 when it bottlenecks none of them.
double fatpipe_ratio(double bandwidth, double largest_rate_penalty, double smallest_full_penalty)
{
  if (!(smallest_full_penalty < std::numeric_limits<double>::infinity()))
    return 0.0;
  return largest_rate_penalty / (bandwidth * smallest_full_penalty);
}

// The bandwidth over which a link crossed twice or more is over-subscribed somewhere, or 0 when it
// cannot be: its crossings' rates sum to at most its bandwidth whatever their times (SHARED), or no
// pair of its crossings can slow one another (FATPIPE: fatpipe_ratio of all of them at most 1).
double contended_bandwidth(const LinkProperties& properties, double demand, double largest_rate_penalty,
                           double smallest_full_penalty)
{
  if (!(properties.bandwidth > 0.0))
    return 0.0;
  if (properties.sharing == LinkSharing::fatpipe)
    return fatpipe_ratio(properties.bandwidth, largest_rate_penalty, smallest_full_penalty) >
                   1.0 + kRelativeTolerance
               ? properties.bandwidth
               : 0.0;
  return demand > properties.bandwidth * (1.0 + kRelativeTolerance) ? properties.bandwidth : 0.0;
}

// Every step of the transfers that take bandwidth, in time order (ties in code order): grouped by
// link in this order, each link's steps need no sort of their own.
std::vector<StepCode> steps_in_time_order(const FlatPhases& phases)
{
  return crossing_steps_by_time(phases.offset.data(), phases.transfers(), phases.clock);
}

// Calls visit(link, step) for every link crossing of every step, in step order.
template <typename Visit>
void for_each_crossing(const FlatPhases& phases, const StepCode* first, const StepCode* last, Visit&& visit)
{
  for (const StepCode* step = first; step != last; ++step) {
    const std::uint32_t transfer = *step >> 1;
    for (std::uint32_t c = phases.offset[transfer]; c < phases.offset[transfer + 1]; ++c)
      visit(phases.links[c], *step);
  }
}

// The links on which two crossings are ever active at once (once every step of an instant is
// applied), by one pass over all steps. Any other link's demand never exceeds one transfer's rate,
// at most its bandwidth (a host link that one sender uses for one transfer after the other): its
// properties and its steps are never needed.
std::vector<LinkId> overlapped_links(const FlatPhases& phases, const std::vector<StepCode>& steps)
{
  constexpr std::int32_t kOverlapped = std::int32_t{1} << 30;  // added to a link's count once found
  std::vector<std::int32_t> active(phases.link_bound, 0);     // crossings active on each link
  std::vector<LinkId> overlapped, crowded;                     // crowded: two or more after a start
  const StepClock& clock = phases.clock;
  const StepCode* const end = steps.data() + steps.size();
  for (const StepCode* first = steps.data(); first != end;) {
    const StepCode* last = first + 1;
    while (last != end && clock[*last] == clock[*first])
      ++last;
    for_each_crossing(phases, first, last, [&](LinkId id, StepCode step) {
      if ((step & 1) != 0)
        --active[id];
      else if (++active[id] == 2)
        crowded.push_back(id);
    });
    for (LinkId id : crowded)  // still crowded once the instant's ends are applied too
      if (active[id] > 1 && active[id] < kOverlapped / 2) {
        active[id] += kOverlapped;
        overlapped.push_back(id);
      }
    crowded.clear();
    first = last;
  }
  return overlapped;
}

// The links whose crossings overlap and whose rates sum above their bandwidth, each with its
// steps in time order and the bandwidth it is over-subscribed over.
class ContendedLinks {
public:
  ContendedLinks(const FlatPhases& phases, std::vector<StepCode> steps, const LinkRouteModel& model)
  {
    const std::vector<LinkId> candidates = overlapped_links(phases, steps);
    if (candidates.empty())
      return;
    std::vector<std::uint32_t> slot(phases.link_bound, kNoSlot);
    for (std::size_t s = 0; s < candidates.size(); ++s)
      slot[candidates[s]] = static_cast<std::uint32_t>(s);
    Crossings crossings(candidates.size());
    sum_demands(phases, slot, crossings, model, candidates);
    offset_.assign(1, 0);
    bool some_whole = false;
    for (std::size_t s = 0; s < candidates.size(); ++s) {
      const LinkId id = candidates[s];
      const LinkProperties& properties = model.link(id);
      const double bandwidth = contended_bandwidth(properties, crossings.demand[s], crossings.largest_rate_penalty[s],
                                                   crossings.smallest_full_penalty[s]);
      // Crossed once by every transfer that crosses links: its steps are all of them, in order.
      const bool whole = crossings.transfers[s] == phases.crossing_transfers && crossings.steps[s] == steps.size();
      slot[id] = bandwidth == 0.0 || whole ? kNoSlot : static_cast<std::uint32_t>(id_.size());
      if (bandwidth == 0.0)
        continue;
      some_whole = some_whole || whole;
      id_.push_back(id);
      bandwidth_.push_back(bandwidth);
      fatpipe_.push_back(properties.sharing == LinkSharing::fatpipe);
      whole_.push_back(whole);
      offset_.push_back(offset_.back() + (whole ? 0 : crossings.steps[s]));
    }
    write_steps(phases, steps, slot);
    if (some_whole)
      all_steps_ = std::move(steps);
  }

  std::size_t size() const { return id_.size(); }
  LinkId id(std::size_t s) const { return id_[s]; }
  double bandwidth(std::size_t s) const { return bandwidth_[s]; }
  bool fatpipe(std::size_t s) const { return fatpipe_[s]; }
  StepCode* begin(std::size_t s) { return whole_[s] ? all_steps_.data() : steps_.data() + offset_[s]; }
  StepCode* end(std::size_t s)
  {
    return whole_[s] ? all_steps_.data() + all_steps_.size() : steps_.data() + offset_[s + 1];
  }

private:
  // Of each candidate: its crossings' rates summed in transfer order, its steps (two a crossing)
  // and the transfers that cross it.
  struct Crossings {
    explicit Crossings(std::size_t candidates)
        : demand(candidates, 0.0), largest_rate_penalty(candidates, 0.0),
          smallest_full_penalty(candidates, std::numeric_limits<double>::infinity()), steps(candidates, 0),
          transfers(candidates, 0), last(candidates, kNoSlot)
    {
    }
    std::vector<double> demand;
    // FATPIPE candidates: over every crossing, the largest rate x penalty, and the smallest penalty
    // of those at the link's full bandwidth.
    std::vector<double> largest_rate_penalty;
    std::vector<double> smallest_full_penalty;
    std::vector<std::size_t> steps;
    std::vector<std::size_t> transfers;
    std::vector<std::uint32_t> last;  // the last transfer counted
  };

  static void sum_demands(const FlatPhases& phases, const std::vector<std::uint32_t>& slot, Crossings& crossings,
                          const LinkRouteModel& model, const std::vector<LinkId>& candidates)
  {
    // FATPIPE candidates' bandwidths (the others' are not needed here).
    std::vector<double> fatpipe_bandwidth(candidates.size(), 0.0);
    for (std::size_t s = 0; s < candidates.size(); ++s)
      if (const LinkProperties& properties = model.link(candidates[s]); properties.sharing == LinkSharing::fatpipe)
        fatpipe_bandwidth[s] = properties.bandwidth;
    for (std::uint32_t k = 0; k + 1 < phases.offset.size(); ++k)
      for (std::uint32_t c = phases.offset[k]; c < phases.offset[k + 1]; ++c)
        if (const std::uint32_t s = slot[phases.links[c]]; s != kNoSlot) {
          if (fatpipe_bandwidth[s] > 0.0) {
            crossings.largest_rate_penalty[s] =
                std::max(crossings.largest_rate_penalty[s], phases.rates[k] * phases.penalties[k]);
            if (at_full_rate(phases.rates[k], fatpipe_bandwidth[s]))
              crossings.smallest_full_penalty[s] = std::min(crossings.smallest_full_penalty[s], phases.penalties[k]);
          }
          crossings.demand[s] += phases.rates[k];
          crossings.steps[s] += 2;
          crossings.transfers[s] += crossings.last[s] != k ? 1 : 0;
          crossings.last[s] = k;
        }
  }

  // Each kept link's steps (two per crossing), in the order of `steps`: time order. None for a
  // link whose steps are all of them.
  void write_steps(const FlatPhases& phases, const std::vector<StepCode>& steps, const std::vector<std::uint32_t>& slot)
  {
    if (offset_.back() == 0)
      return;
    steps_.resize(offset_.back());
    std::vector<std::uint32_t> next(offset_.begin(), offset_.end() - 1);
    for_each_crossing(phases, steps.data(), steps.data() + steps.size(), [&](LinkId id, StepCode step) {
      if (const std::uint32_t s = slot[id]; s != kNoSlot)
        steps_[next[s]++] = step;
    });
  }

  std::vector<LinkId> id_;
  std::vector<double> bandwidth_;
  std::vector<bool> fatpipe_;
  std::vector<bool> whole_;
  std::vector<std::uint32_t> offset_;  // steps of slot s: [offset_[s], offset_[s + 1]) unless whole
  std::vector<StepCode> steps_;
  std::vector<StepCode> all_steps_;  // kept only for a whole link
};

// The transfers active on the link being swept: O(1) insertion and removal, listed when an
// over-subscribed stretch opens. Reused across links (one slot per transfer).
class ActiveTransfers {
public:
  explicit ActiveTransfers(std::size_t transfers) : position_(transfers, 0)
  {
    list_.reserve(transfers);  // pages touched only as the list grows, none by doubling copies
  }

  void start(std::uint32_t transfer)
  {
    position_[transfer] = static_cast<std::uint32_t>(list_.size());
    list_.push_back(transfer);
  }
  void end(std::uint32_t transfer)
  {
    const std::uint32_t moved = list_.back();
    list_[position_[transfer]] = moved;
    position_[moved] = position_[transfer];
    list_.pop_back();
  }
  const std::vector<std::uint32_t>& list() const { return list_; }

private:
  std::vector<std::uint32_t> position_;  // of each active transfer in list_
  std::vector<std::uint32_t> list_;
};

// Closes the open stretch at `time` into `contention` when it lasted long enough: its transfers
// listed once each, ascending.
void close_stretch(OversubscribedInterval& stretch, double time, LinkContention& contention)
{
  if (!(time - stretch.start > kShortestStretch))
    return;
  stretch.end = time;
  auto& transfers = stretch.transfers;
  if (!std::is_sorted(transfers.begin(), transfers.end()))  // often is: starts come in code order
    std::sort(transfers.begin(), transfers.end());
  transfers.erase(std::unique(transfers.begin(), transfers.end()), transfers.end());
  contention.overloaded_time += stretch.end - stretch.start;
  contention.peak_ratio = std::max(contention.peak_ratio, stretch.peak_ratio);
  contention.intervals.push_back(std::move(stretch));
}

// The FATPIPE rule's state over the transfers active on a link (analyze_contention): their
// rate x penalty values, and the penalties of those at the link's full bandwidth.
class FatpipeDemand {
public:
  explicit FatpipeDemand(double bandwidth) : bandwidth_(bandwidth) {}
  void start(double rate, double penalty)
  {
    rate_penalty_.insert(rate * penalty);
    if (at_full_rate(rate, bandwidth_))
      full_penalty_.insert(penalty);
  }
  void end(double rate, double penalty)
  {
    rate_penalty_.erase(rate_penalty_.find(rate * penalty));
    if (at_full_rate(rate, bandwidth_))
      full_penalty_.erase(full_penalty_.find(penalty));
  }
  double ratio() const
  {
    if (rate_penalty_.empty() || full_penalty_.empty())
      return 0.0;
    return fatpipe_ratio(bandwidth_, *rate_penalty_.rbegin(), *full_penalty_.begin());
  }

private:
  double bandwidth_;
  std::multiset<double> rate_penalty_;
  std::multiset<double> full_penalty_;
};

// Sweeps one link's steps (in time order); merges consecutive over-subscribed stretches into
// intervals. A route crossing the link twice has each of its steps twice, side by side (equal
// codes are adjacent in (time, code) order): the rate counts twice, the transfer is active once.
// A SHARED link is over-subscribed where the summed rates exceed its bandwidth; a FATPIPE one where
// fatpipe_ratio of the active transfers exceeds 1.
LinkContention sweep_link(LinkId id, double bandwidth, bool fatpipe, const StepCode* first, const StepCode* last,
                          const FlatPhases& phases, ActiveTransfers& active)
{
  const StepClock& clock = phases.clock;
  LinkContention contention{id, {}, bandwidth, 0.0, 0.0, {}};
  OversubscribedInterval current;
  bool open = false;
  double demand = 0.0;
  std::optional<FatpipeDemand> fatpipe_demand;
  if (fatpipe)
    fatpipe_demand.emplace(bandwidth);
  for (const StepCode* instant = first; instant != last;) {
    const double time = clock[*instant];
    const StepCode* step = instant;
    for (; step != last && clock[*step] == time; ++step) {  // every step of this instant first
      const std::uint32_t transfer = *step >> 1;
      const bool starts = (*step & 1) == 0;
      demand += starts ? phases.rates[transfer] : -phases.rates[transfer];
      if (step != first && step[-1] == *step)
        continue;  // the route's second crossing
      if (starts)
        active.start(transfer);
      else
        active.end(transfer);
      if (fatpipe_demand) {
        if (starts)
          fatpipe_demand->start(phases.rates[transfer], phases.penalties[transfer]);
        else
          fatpipe_demand->end(phases.rates[transfer], phases.penalties[transfer]);
      }
    }
    const double ratio = fatpipe_demand ? fatpipe_demand->ratio() : demand / bandwidth;
    const bool over = ratio > 1.0 + kRelativeTolerance;
    if (over && !open) {
      // Every transfer active when the stretch opens is involved; later ones join as they start.
      open = true;
      current = {time, time, 0.0, {active.list().begin(), active.list().end()}};
    } else if (!over && open) {
      open = false;
      close_stretch(current, time, contention);
    } else if (over) {
      // A transfer started now is still active (its data phase is not empty); repeats go at the close.
      for (const StepCode* started = instant; started != step; ++started)
        if ((*started & 1) == 0)
          current.transfers.push_back(*started >> 1);
    }
    if (over)
      current.peak_ratio = std::max(current.peak_ratio, ratio);
    instant = step;
  }
  return contention;
}

ContentionReport analyze_phases(FlatPhases phases, const LinkRouteModel& links)
{
  ContentionReport report;
  // Each buffer is freed once used, for the next to reuse its pages (the first touch of a page is
  // a fault: most of a cold analysis' time at 10^4 hosts).
  ContendedLinks contended(phases, steps_in_time_order(phases), links);
  ActiveTransfers active(phases.transfers());
  for (std::size_t s = 0; s < contended.size(); ++s) {
    LinkContention contention =
        sweep_link(contended.id(s), contended.bandwidth(s), contended.fatpipe(s), contended.begin(s), contended.end(s),
                   phases, active);
    if (!contention.intervals.empty()) {
      contention.name = links.link(contended.id(s)).name;
      report.links.push_back(std::move(contention));
    }
  }
  std::sort(report.links.begin(), report.links.end(), [](const LinkContention& a, const LinkContention& b) {
    return std::make_tuple(-a.peak_ratio, -a.overloaded_time, a.link) <
           std::make_tuple(-b.peak_ratio, -b.overloaded_time, b.link);
  });
  return report;
}

}  // namespace

bool links_never_oversubscribed(const BroadcastTree& tree, const LinkRouteModel& links, PortModel port)
{
  // The largest demand each link can see: per SHARED link, the rates summed over the senders, each
  // sender's own the sum over its edges (multi-port) or their largest (one-port); per FATPIPE
  // link, the largest rate x penalty and the smallest penalty at its full rate (fatpipe_ratio).
  std::vector<double> demand, largest_rate_penalty, smallest_full_penalty, sender_demand;
  std::vector<LinkId> touched;  // by the current sender
  std::shared_ptr<const LinkRoute> holder;
  const auto grow = [&](LinkId id) {
    if (id >= demand.size()) {
      demand.resize(id + 1, 0.0);
      largest_rate_penalty.resize(id + 1, 0.0);
      smallest_full_penalty.resize(id + 1, std::numeric_limits<double>::infinity());
      sender_demand.resize(id + 1, 0.0);
    }
  };
  for (NodeId sender = 0; sender < tree.size(); ++sender) {
    for (NodeId child : tree.children(sender)) {
      const LinkRouteView route = links.route_view(sender, child, holder);
      std::vector<LinkId> crossed(route.links, route.links + route.link_count);
      std::sort(crossed.begin(), crossed.end());
      for (std::size_t c = 0; c < crossed.size();) {
        const LinkId id = crossed[c];
        std::size_t times = 0;
        for (; c < crossed.size() && crossed[c] == id; ++c)
          ++times;
        grow(id);
        const double rate = static_cast<double>(times) * route.bandwidth;
        if (sender_demand[id] == 0.0)
          touched.push_back(id);
        sender_demand[id] = port == PortModel::one_port ? std::max(sender_demand[id], rate) : sender_demand[id] + rate;
        const double penalty = sharing_penalty(route.latency);
        largest_rate_penalty[id] = std::max(largest_rate_penalty[id], route.bandwidth * penalty);
        if (const LinkProperties& properties = links.link(id); at_full_rate(route.bandwidth, properties.bandwidth))
          smallest_full_penalty[id] = std::min(smallest_full_penalty[id], penalty);
      }
    }
    for (LinkId id : touched) {
      demand[id] += sender_demand[id];
      sender_demand[id] = 0.0;
    }
    touched.clear();
  }
  for (LinkId id = 0; id < demand.size(); ++id) {
    if (demand[id] == 0.0)
      continue;
    const LinkProperties& properties = links.link(id);
    // Half the analysis' tolerance: its sums, in another order, may differ in the last bits.
    const double bound = properties.bandwidth * (1.0 + kRelativeTolerance / 2.0);
    if (properties.sharing == LinkSharing::fatpipe) {
      if (fatpipe_ratio(properties.bandwidth, largest_rate_penalty[id], smallest_full_penalty[id]) > 1.0 + kRelativeTolerance / 2.0)
        return false;
    } else if (properties.bandwidth > 0.0 && demand[id] > bound) {
      return false;
    }
  }
  return true;
}

ContentionReport analyze_contention(const std::vector<TimedTransfer>& transfers, const LinkRouteModel& links)
{
  bool handed = false;
  auto all_at_once = [&] { return std::exchange(handed, true) ? TransferBatch{} : TransferBatch{transfers.data(), transfers.size()}; };
  return analyze_phases(flat_phases(transfers.size(), all_at_once, links), links);
}

ContentionReport analyze_contention(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                    const std::vector<double>& ready_time, const LinkRouteModel& links)
{
  // Timed a batch at a time into one small buffer: each loop stays tight, no page is added.
  DepthFirstTransfers transfers(tree, costs, bytes, ready_time);
  std::array<TimedTransfer, 256> buffer;
  auto next_batch = [&] {
    std::size_t count = 0;
    while (count < buffer.size() && transfers.next(buffer[count]))
      ++count;
    return TransferBatch{buffer.data(), count};
  };
  return analyze_phases(flat_phases(tree.size(), next_batch, links), links);
}

}  // namespace hbcast
