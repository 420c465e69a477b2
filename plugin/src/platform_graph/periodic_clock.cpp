#include <hbcast/platform_graph/periodic_clock.hpp>

#include <hbcast/platform_graph/periodic_packing.hpp>

#include "period_transfers.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>
#include <tuple>
#include <optional>
#include <stdexcept>

namespace hbcast {

namespace {

constexpr double kShareSlack = 1e-9;

struct SendingInterval {
  double start = 0.0, end = 0.0, share = 0.0;
};

// The load of `intervals` at `at`: the shares of those sending then.
double load_at(const std::vector<SendingInterval>& intervals, double at)
{
  double load = 0.0;
  for (const auto& interval : intervals)
    if (interval.start <= at && at < interval.end)
      load += interval.share;
  return load;
}

// The earliest time >= `from` at which a piece sending for `length` seconds fits every link it
// takes a share of: no link's load goes over 1 while it sends.
double earliest_fit(const std::vector<std::vector<SendingInterval>>& on_link,
                    const std::vector<std::pair<std::size_t, double>>& shares, double from, double length)
{
  for (bool moved = true; moved;) {
    moved = false;
    for (const auto& [link, share] : shares) {
      const auto& intervals = on_link[link];
      // The load changes where an interval starts: check there and at `from`.
      std::vector<double> points{from};
      for (const auto& interval : intervals)
        if (from < interval.start && interval.start < from + length)
          points.push_back(interval.start);
      for (double at : points) {
        if (load_at(intervals, at) + share <= 1.0 + kShareSlack)
          continue;
        // Over: wait for the first interval sending then to end.
        double next = INFINITY;
        for (const auto& interval : intervals)
          if (interval.start <= at && at < interval.end)
            next = std::min(next, interval.end);
        from = next;
        moved = true;
        break;
      }
      if (moved)
        break;
    }
  }
  return from;
}

// A piece's ports (exclusive: a node sends one piece at a time and receives one) are its sender
// and receiver; its SHARED links each come with the share of its bandwidth the piece takes.
struct TimedPiece {
  std::vector<std::pair<std::size_t, double>> links;  // dense link, share
  double latency = 0.0, sending = 0.0;
};

// Each piece's links (numbered densely, in the order met), latency and sending time.
class PieceTimer {
 public:
  PieceTimer(const PeriodicSchedule& schedule, const std::vector<double>& weights, const CostModel& costs,
             double slice_bytes, const LinkRouteModel* links)
      : tree_bytes_(period_tree_bytes(weights, slice_bytes * static_cast<double>(schedule.period_slices))),
        costs_(costs), links_(links)
  {
  }

  TimedPiece operator()(const PeriodicPiece& piece)
  {
    TimedPiece t;
    if (links_ != nullptr)
      for (const auto& [id, share] : shared_link_shares(*links_, piece.from, piece.to))
        t.links.emplace_back(dense_.emplace(id, dense_.size()).first->second, share);
    // One byte more than the piece's share: its element range may round up by one.
    const double bytes = tree_bytes_.at(piece.tree) * (piece.last - piece.first) + 1.0;
    t.latency = costs_.latency(piece.from, piece.to);
    t.sending = costs_.transfer_time(piece.from, piece.to, bytes) - t.latency;
    return t;
  }

  std::size_t link_count() const { return dense_.size(); }

 private:
  std::vector<double> tree_bytes_;
  const CostModel& costs_;
  const LinkRouteModel* links_;
  std::map<LinkId, std::size_t> dense_;
};

// Resources' sending intervals sorted by start, with what the period search needs of them.
struct Resource {
  std::vector<SendingInterval> intervals;
  double first = INFINITY, last = -INFINITY, longest = 0.0, load = 0.0;
};

Resource resource_of(std::vector<SendingInterval> intervals)
{
  Resource r;
  std::sort(intervals.begin(), intervals.end(),
            [](const SendingInterval& a, const SendingInterval& b) { return a.start < b.start; });
  for (const auto& interval : intervals) {
    r.first = std::min(r.first, interval.start);
    r.last = std::max(r.last, interval.end);
    r.longest = std::max(r.longest, interval.end - interval.start);
    r.load += (interval.end - interval.start) * interval.share;
  }
  r.intervals = std::move(intervals);
  return r;
}

// At `period`, repeated every period, whether the resource's load stays within 1 (a port:
// intervals of share 1 may not overlap). If not, the shortest longer period that parts one pair
// of intervals of different periods that overlap where the load goes over.
std::optional<double> periodic_conflict(const Resource& r, double period)
{
  if (r.last - r.first <= period)
    return std::nullopt;
  const auto copies = static_cast<long>(std::ceil((r.last - r.first) / period));
  const auto& intervals = r.intervals;
  for (std::size_t i = 0; i < intervals.size(); ++i) {
    const double at = intervals[i].start;
    double load = 0.0, resolve = INFINITY;
    for (long k = -copies; k <= copies; ++k) {
      const double shift = static_cast<double>(k) * period;
      // Intervals j with start_j + shift <= at < end_j + shift.
      auto j = static_cast<std::size_t>(std::upper_bound(intervals.begin(), intervals.end(), at - shift,
                                                         [](double x, const SendingInterval& b) { return x < b.start; }) -
                                        intervals.begin());
      while (j-- > 0 && intervals[j].start > at - shift - r.longest) {
        if (!(at < intervals[j].end + shift))
          continue;
        load += intervals[j].share;
        // Part the pair with a longer period: a later period's copy of j starts after i ends
        // (k > 0), an earlier one's ends before i starts (k < 0).
        if (k > 0)
          resolve = std::min(resolve, (intervals[i].end - intervals[j].start) / static_cast<double>(k));
        else if (k < 0)
          resolve = std::min(resolve, (intervals[j].end - intervals[i].start) / static_cast<double>(-k));
      }
    }
    if (load > 1.0 + kShareSlack)
      return std::max(resolve, period);
  }
  return std::nullopt;
}

// The shortest period from `period` on (in steps of at least 0.2%, at most 300 of them) at which
// every resource fits when the periods' sending overlaps; else the longest span, at which no two
// periods overlap on any resource.
double periodic_fit(const std::vector<Resource>& resources, double period)
{
  double span = period;
  for (const auto& r : resources)
    if (!r.intervals.empty())
      span = std::max(span, r.last - r.first);
  for (int step = 0; step < 300 && period < span; ++step) {
    std::optional<double> longer;
    for (const auto& r : resources)
      if ((longer = periodic_conflict(r, period)))
        break;
    if (!longer)
      return period;
    period = std::min(span, std::max(*longer, period * 1.002));
  }
  return span;
}

}  // namespace

PeriodicClock periodic_clock(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents,
                             const std::vector<double>& weights, const CostModel& costs, double slice_bytes,
                             const LinkRouteModel* links)
{
  PeriodicSchedule unclocked = schedule;
  unclocked.slot_seconds.clear();
  unclocked.lags.clear();
  check_periodic_schedule(unclocked, parents);
  if (weights.size() != parents.size())
    throw std::invalid_argument("periodic clock: one weight per tree");
  if (!(slice_bytes > 0.0))
    throw std::invalid_argument("periodic clock: slices of a positive size");
  const std::size_t nodes = costs.size();
  PieceTimer timer(schedule, weights, costs, slice_bytes, links);
  std::vector<std::vector<TimedPiece>> timed(schedule.slots.size());
  // Per tree and node: the last slot a piece comes in.
  std::vector<std::vector<std::size_t>> last_in(parents.size(), std::vector<std::size_t>(nodes, 0));
  for (std::size_t s = 0; s < schedule.slots.size(); ++s)
    for (const auto& piece : schedule.slots[s]) {
      timed[s].push_back(timer(piece));
      last_in[piece.tree][piece.to] = std::max(last_in[piece.tree][piece.to], s);
    }
  // Ports: 0 .. n - 1 sending, n .. 2n - 1 receiving: when each is free.
  std::vector<double> busy_until(2 * nodes, -INFINITY);
  // Links: the sending intervals on each, with their shares.
  std::vector<std::vector<SendingInterval>> on_link(timer.link_count());
  // Per tree and node: when its pieces in have ended, when its first piece out starts (within the
  // period) and its first slot out.
  std::vector<std::vector<double>> in_end(parents.size(), std::vector<double>(nodes, 0.0));
  std::vector<std::vector<double>> first_out(parents.size(), std::vector<double>(nodes, INFINITY));
  std::vector<std::vector<std::size_t>> first_out_slot(parents.size(), std::vector<std::size_t>(nodes, kNoNode));
  // Each piece starts as early as its ports and links let it: its receive was posted a period
  // ahead (periodic_receive_window) and its sender starts its steps in time order
  // (periodic_step_order).
  std::vector<std::vector<double>> issue(schedule.slots.size());
  for (std::size_t s = 0; s < schedule.slots.size(); ++s) {
    const auto& slot = schedule.slots[s];
    for (std::size_t i = 0; i < slot.size(); ++i) {
      const auto& piece = slot[i];
      const TimedPiece& t = timed[s][i];
      double sends = std::max({t.latency, busy_until[piece.from], busy_until[nodes + piece.to]});
      sends = earliest_fit(on_link, t.links, sends, t.sending);
      const double starts = sends - t.latency, ends = sends + t.sending;
      issue[s].push_back(starts);
      for (std::size_t port : {piece.from, nodes + piece.to})
        busy_until[port] = std::max(busy_until[port], ends);
      for (const auto& [link, share] : t.links)
        on_link[link].push_back({sends, ends, share});
      first_out[piece.tree][piece.from] = std::min(first_out[piece.tree][piece.from], starts);
      first_out_slot[piece.tree][piece.from] = std::min(first_out_slot[piece.tree][piece.from], s);
      in_end[piece.tree][piece.to] = std::max(in_end[piece.tree][piece.to], ends);
    }
  }
  // A slot's time: the earliest start of its pieces and of the slots after it (slot times do not
  // decrease); each piece's delay from there.
  std::vector<double> offsets(schedule.slots.size(), INFINITY);
  std::vector<std::vector<double>> delays(schedule.slots.size());
  for (std::size_t s = schedule.slots.size(); s-- > 0;) {
    offsets[s] = s + 1 < offsets.size() ? offsets[s + 1] : INFINITY;
    for (double starts : issue[s])
      offsets[s] = std::min(offsets[s], starts);
  }
  for (std::size_t s = 0; s < schedule.slots.size(); ++s) {
    if (offsets[s] == INFINITY)  // no piece from here on
      offsets[s] = s > 0 ? offsets[s - 1] : 0.0;
    for (double starts : issue[s])
      delays[s].push_back(starts - offsets[s]);
  }
  // The period: the shortest at which no port sends twice at once and no link carries more than
  // its bandwidth when the periods' sending overlaps, from the busiest port's or link's load.
  std::vector<std::vector<SendingInterval>> on_port(2 * nodes);
  for (std::size_t s = 0; s < schedule.slots.size(); ++s)
    for (std::size_t i = 0; i < schedule.slots[s].size(); ++i) {
      const auto& piece = schedule.slots[s][i];
      const double sends = issue[s][i] + timed[s][i].latency;
      for (std::size_t port : {piece.from, nodes + piece.to})
        on_port[port].push_back({sends, sends + timed[s][i].sending, 1.0});
    }
  double period = offsets.back();
  for (const auto* each : {&on_port, &on_link})
    for (const auto& intervals : *each) {
      double load = 0.0;
      for (const auto& interval : intervals)
        load += (interval.end - interval.start) * interval.share;
      period = std::max(period, load);
    }
  std::vector<Resource> resources;
  for (auto* each : {&on_port, &on_link})
    for (auto& intervals : *each)
      if (!intervals.empty())
        resources.push_back(resource_of(std::move(intervals)));
  period = periodic_fit(resources, period);
  PeriodicClock clock;
  clock.delays = std::move(delays);
  for (std::size_t s = 0; s < offsets.size(); ++s)
    clock.slot_seconds.push_back((s + 1 < offsets.size() ? offsets[s + 1] : period) - offsets[s]);
  // Lags, parents first: a node's pieces in of period k have ended by k x period + in_end, its
  // first piece out of period k + m starts at (k + m) x period + first_out.
  const auto depths = tree_depths(parents);
  for (std::size_t t = 0; t < parents.size(); ++t) {
    std::vector<NodeId> order;
    for (NodeId v = 0; v < parents[t].size(); ++v)
      if (depths[t][v] != kNoNode)
        order.push_back(v);
    std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return depths[t][a] < depths[t][b]; });
    std::vector<std::size_t> lag(parents[t].size(), kNoNode);
    for (NodeId v : order) {
      const NodeId parent = parents[t][v];
      if (parent == kNoNode) {
        lag[v] = 0;
        continue;
      }
      // The same period where its pieces in come in slots before its pieces out and have ended
      // before the first of them starts.
      std::size_t later = 1;
      if (first_out_slot[t][v] != kNoNode && last_in[t][v] < first_out_slot[t][v] && in_end[t][v] <= first_out[t][v])
        later = 0;
      else if (first_out[t][v] < INFINITY && period > 0.0)
        later = std::max<std::size_t>(
            1, static_cast<std::size_t>(std::ceil((in_end[t][v] - first_out[t][v]) / period * (1.0 - 1e-12))));
      lag[v] = lag[parent] + later;
    }
    clock.lags.push_back(std::move(lag));
  }
  return clock;
}

PeriodicSchedule with_clock(PeriodicSchedule schedule, const PeriodicClock& clock)
{
  if (clock.delays.size() != schedule.slots.size())
    throw std::invalid_argument("periodic clock: one list of delays per slot");
  schedule.slot_seconds = clock.slot_seconds;
  schedule.lags = clock.lags;
  for (std::size_t s = 0; s < schedule.slots.size(); ++s) {
    if (clock.delays[s].size() != schedule.slots[s].size())
      throw std::invalid_argument("periodic clock: one delay per piece");
    for (std::size_t i = 0; i < schedule.slots[s].size(); ++i)
      schedule.slots[s][i].delay = clock.delays[s][i];
  }
  return schedule;
}

PeriodicSchedule periodic_start_order(const PeriodicSchedule& schedule, const std::vector<double>& weights,
                                      const CostModel& costs, double slice_bytes, const LinkRouteModel* links)
{
  const std::size_t nodes = costs.size();
  PieceTimer timer(schedule, weights, costs, slice_bytes, links);
  struct Piece {
    PeriodicPiece piece;
    TimedPiece timed;
  };
  std::vector<Piece> pieces;
  // Each edge's pieces in slot order (they cover its block in that order).
  std::map<std::tuple<std::size_t, NodeId, NodeId>, std::vector<std::size_t>> edges;
  for (const auto& slot : schedule.slots)
    for (const auto& piece : slot) {
      Piece p{piece, timer(piece)};
      p.piece.delay = 0.0;
      edges[{piece.tree, piece.from, piece.to}].push_back(pieces.size());
      pieces.push_back(std::move(p));
    }
  std::vector<double> busy_until(2 * nodes, -INFINITY);
  std::vector<std::vector<SendingInterval>> on_link(timer.link_count());
  const auto bound = [&](const Piece& p) {
    return std::max({p.timed.latency, busy_until[p.piece.from], busy_until[nodes + p.piece.to]});
  };
  // Lazily: the piece whose sending could begin first (a key only grows as resources fill).
  using Entry = std::tuple<double, std::size_t, std::size_t>;  // key, piece, its place in its edge
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> ready;
  std::vector<const std::vector<std::size_t>*> edge_of(pieces.size(), nullptr);
  for (const auto& [edge, members] : edges) {
    for (std::size_t k : members)
      edge_of[k] = &members;
    ready.emplace(bound(pieces[members.front()]), members.front(), 0);
  }
  PeriodicSchedule ordered;
  ordered.period_slices = schedule.period_slices;
  while (!ready.empty()) {
    const auto [key, k, place] = ready.top();
    ready.pop();
    const Piece& p = pieces[k];
    const double sends = earliest_fit(on_link, p.timed.links, bound(p), p.timed.sending);
    if (sends > key * (1.0 + 1e-12) + 1e-15) {
      ready.emplace(sends, k, place);
      continue;
    }
    const double ends = sends + p.timed.sending;
    busy_until[p.piece.from] = std::max(busy_until[p.piece.from], ends);
    busy_until[nodes + p.piece.to] = std::max(busy_until[nodes + p.piece.to], ends);
    for (const auto& [link, share] : p.timed.links)
      on_link[link].push_back({sends, ends, share});
    ordered.slots.push_back({p.piece});
    if (place + 1 < edge_of[k]->size())
      ready.emplace(bound(pieces[(*edge_of[k])[place + 1]]), (*edge_of[k])[place + 1], place + 1);
  }
  return ordered;
}

}  // namespace hbcast
