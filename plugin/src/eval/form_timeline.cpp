#include <hbcast/eval/form_timeline.hpp>

#include <hbcast/core/capped_pace.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

std::vector<std::vector<NodeId>> parents_of(const std::vector<BroadcastTree>& trees)
{
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  return parents;
}

// The slice holding element e of `count` elements cut into `slices` (slice_range's cut).
std::size_t slice_of(std::size_t count, std::size_t slices, std::size_t element)
{
  const std::size_t base = count / slices, longer = count % slices;
  const std::size_t in_longer = longer * (base + 1);
  return element < in_longer ? element / (base + 1) : longer + (element - in_longer) / base;
}

// Node `node` holds elements `range` at `time`: each slice they touch is complete no earlier.
void arrive(FormTimeline& timeline, const FormMessage& message, NodeId node, const ElementRange& range, double time)
{
  if (range.count == 0)
    return;
  const std::size_t first = slice_of(message.count, message.slices, range.first);
  const std::size_t last = slice_of(message.count, message.slices, range.first + range.count - 1);
  for (std::size_t j = first; j <= last; ++j)
    timeline.arrival[node][j] = std::max(timeline.arrival[node][j], time);
  timeline.makespan = std::max(timeline.makespan, time);
}

// The period and makespan once every arrival is known; the root holds every slice at 0.
// `lag`: a periodic schedule's largest lag in periods, with `block` its period's slices (0: not
// periodic).
void close(FormTimeline& timeline, NodeId root, std::size_t block = 0, std::size_t lag = 0)
{
  double latest = -1.0;
  NodeId slowest = root;
  for (NodeId v = 0; v < timeline.arrival.size(); ++v) {
    if (v == root || timeline.arrival[v].empty())
      continue;
    const double done = *std::max_element(timeline.arrival[v].begin(), timeline.arrival[v].end());
    if (done > latest) {
      latest = done;
      slowest = v;
    }
  }
  timeline.period = slowest == root ? 0.0 : (block > 0 ? periodic_observed_period(timeline.arrival[slowest], block, lag)
                                                       : observed_period(timeline.arrival[slowest]));
}

// A periodic schedule on a clock: each node starts its steps in periodic_step_order, each at its
// start or once the node has started the one before; it then posts the receives of its window
// (periodic_receive_window) and starts its send once the receives that bring what it forwards
// have ended (periodic_send_needs). A transfer starts once its receive is posted and its send
// started, and runs alone at its route's cost. Nodes advance in turns until each has started
// every step (a send waiting for a receive waits for another node's turn).
void clocked_periodic_timeline(FormTimeline& timeline, const PeriodicSchedule& schedule,
                               const std::vector<std::vector<NodeId>>& parents, const std::vector<double>& weights,
                               const std::vector<double>& offsets, const CostModel& costs, const FormMessage& message)
{
  const std::size_t nodes = costs.size();
  constexpr double kUnknown = -1.0;
  std::vector<std::vector<PeriodicStep>> steps(nodes);
  std::vector<std::vector<std::vector<std::size_t>>> needs(nodes);
  std::vector<std::vector<std::size_t>> window(nodes), order(nodes);
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> keys(nodes);  // each step's (period, slot)
  std::vector<std::vector<double>> posted(nodes), sent(nodes), ended(nodes);
  for (NodeId u = 0; u < nodes; ++u) {
    steps[u] = periodic_steps(schedule, parents, weights, u, message.count, message.slices);
    needs[u] = periodic_send_needs(steps[u]);
    window[u] = periodic_receive_window(steps[u]);
    order[u] = periodic_step_order(steps[u], offsets);
    for (const auto& step : steps[u]) {
      const PeriodicTransfer& at = step.send ? *step.send : *step.receive;
      keys[u].emplace_back(at.period, at.slot);
    }
    posted[u].assign(steps[u].size(), kUnknown);
    sent[u].assign(steps[u].size(), kUnknown);
    ended[u].assign(steps[u].size(), kUnknown);
  }
  // The receiver's step of node u's send i.
  const auto receiver_step = [&](NodeId u, std::size_t i) {
    const PeriodicTransfer& send = *steps[u][i].send;
    const auto& at = keys[send.peer];
    return static_cast<std::size_t>(std::lower_bound(at.begin(), at.end(), keys[u][i]) - at.begin());
  };
  // Times the transfer of node u's send i once its send and its receive are both known.
  const auto transfer = [&](NodeId u, std::size_t i) {
    const PeriodicTransfer& send = *steps[u][i].send;
    const std::size_t j = receiver_step(u, i);
    if (sent[u][i] == kUnknown || posted[send.peer][j] == kUnknown || ended[send.peer][j] != kUnknown)
      return;
    const double bytes = static_cast<double>(send.range.count) * message.element_bytes + message.envelope_bytes;
    const double finish = std::max(sent[u][i], posted[send.peer][j]) + costs.transfer_time(u, send.peer, bytes);
    ended[send.peer][j] = finish;
    arrive(timeline, message, send.peer, send.range, finish);
    ++timeline.transfers;
  };
  // The sender's step of node v's receive j.
  const auto sender_step = [&](NodeId v, std::size_t j) {
    const NodeId u = steps[v][j].receive->peer;
    const auto& at = keys[u];
    return std::pair<NodeId, std::size_t>{
        u, static_cast<std::size_t>(std::lower_bound(at.begin(), at.end(), keys[v][j]) - at.begin())};
  };
  std::vector<std::size_t> next(nodes, 0), posted_up_to(nodes, 0);
  std::vector<double> last(nodes, 0.0);
  for (bool progress = true; progress;) {
    progress = false;
    for (NodeId u = 0; u < nodes; ++u)
      while (next[u] < order[u].size()) {
        const std::size_t i = order[u][next[u]];
        double at = std::max(last[u], periodic_step_start(offsets, steps[u][i]));
        for (; posted_up_to[u] < window[u][i]; ++posted_up_to[u]) {
          const std::size_t j = posted_up_to[u];
          if (!steps[u][j].receive)
            continue;
          posted[u][j] = at;
          const auto [sender, k] = sender_step(u, j);
          if (k < steps[sender].size() && steps[sender][k].send)
            transfer(sender, k);
        }
        bool ready = true;
        for (std::size_t need : needs[u][i])
          if (ended[u][need] == kUnknown)
            ready = false;
          else
            at = std::max(at, ended[u][need]);
        if (!ready)
          break;
        last[u] = at;
        if (steps[u][i].send) {
          sent[u][i] = at;
          transfer(u, i);
        }
        ++next[u];
        progress = true;
      }
  }
  for (NodeId u = 0; u < nodes; ++u)
    if (next[u] < order[u].size())
      throw std::logic_error("periodic timeline: a node waits for a receive that never ends");
}

void check_message(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                   const FormMessage& message)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("a multi-tree form needs one weight per tree, and at least one tree");
  if (message.slices == 0 || message.count < message.slices)
    throw std::invalid_argument("a multi-tree form needs at least one element per slice");
}

}  // namespace

double observed_period(std::vector<double> arrivals)
{
  const std::size_t slices = arrivals.size();
  const std::size_t filled = (slices + 9) / 10;  // ceil(K / 10): the pipeline fill is left out
  if (slices < 2 || filled >= slices)
    return 0.0;
  std::sort(arrivals.begin(), arrivals.end());
  return (arrivals.back() - arrivals[filled - 1]) / static_cast<double>(slices - filled);
}

double periodic_observed_period(std::vector<double> arrivals, std::size_t block, std::size_t lag, double origin)
{
  const std::size_t slices = arrivals.size();
  if (slices < 2)
    return 0.0;
  block = std::max<std::size_t>(1, block);
  // In slice order: when the node holds the message's first j slices.
  for (std::size_t j = 1; j < slices; ++j)
    arrivals[j] = std::max(arrivals[j], arrivals[j - 1]);
  const std::size_t blocks = (slices + block - 1) / block;
  const std::size_t filled = ((slices + 9) / 10 + block - 1) / block;  // blocks of the first K / 10
  const std::size_t first = std::max(lag, filled > 0 ? filled - 1 : 0);
  if (blocks > first + 1 + lag) {
    const std::size_t last = blocks - 1 - lag;
    const std::size_t from = (first + 1) * block, to = std::min(slices, (last + 1) * block);
    return (arrivals[to - 1] - arrivals[from - 1]) / static_cast<double>(to - from);
  }
  return (arrivals.back() - origin) / static_cast<double>(slices);
}

std::vector<double> capped_rates(const std::vector<double>& weights, const FormMessage& message)
{
  const double slice_bytes = static_cast<double>(message.count) * message.element_bytes /
                             static_cast<double>(message.slices);
  std::vector<double> rates;
  for (double weight : weights)
    rates.push_back(weight * slice_bytes);
  return rates;
}

FormTimeline periodic_timeline(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                               const PeriodicSchedule& schedule, const CostModel& costs, const FormMessage& message)
{
  check_message(trees, weights, message);
  const auto parents = parents_of(trees);
  const std::size_t nodes = costs.size();
  FormTimeline timeline;
  timeline.arrival.assign(nodes, std::vector<double>(message.slices, 0.0));
  const std::vector<double> offsets = periodic_slot_offsets(schedule);
  if (!offsets.empty()) {
    clocked_periodic_timeline(timeline, schedule, parents, weights, offsets, costs, message);
    close(timeline, trees.front().root(), schedule.period_slices,
          periodic_period_count(schedule, parents, message.slices) -
              (message.slices + schedule.period_slices - 1) / schedule.period_slices);
    return timeline;
  }
  // Every send of every node, in the schedule's global order (period, slot): both ends of a
  // transfer reach it in that order, so a node's steps before it are already timed.
  std::vector<std::tuple<std::size_t, std::size_t, NodeId, PeriodicTransfer>> sends;
  for (NodeId u = 0; u < nodes; ++u)
    for (const auto& step : periodic_steps(schedule, parents, weights, u, message.count, message.slices))
      if (step.send)
        sends.emplace_back(step.send->period, step.send->slot, u, *step.send);
  std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a)) < std::tie(std::get<0>(b), std::get<1>(b), std::get<2>(b));
  });
  std::vector<double> ready(nodes, 0.0);
  for (std::size_t first = 0; first < sends.size();) {
    std::size_t end = first;
    while (end < sends.size() && std::get<0>(sends[end]) == std::get<0>(sends[first]) &&
           std::get<1>(sends[end]) == std::get<1>(sends[first]))
      ++end;
    // One slot of one period: every transfer starts from its two ends' times before the slot.
    std::vector<std::pair<NodeId, double>> done;
    for (std::size_t k = first; k < end; ++k) {
      const NodeId u = std::get<2>(sends[k]);
      const PeriodicTransfer& send = std::get<3>(sends[k]);
      const double bytes = static_cast<double>(send.range.count) * message.element_bytes + message.envelope_bytes;
      const double clock = periodic_step_time(offsets, send.period, send.slot);
      const double finish = std::max({ready[u], ready[send.peer], clock}) + costs.transfer_time(u, send.peer, bytes);
      arrive(timeline, message, send.peer, send.range, finish);
      done.emplace_back(u, finish);
      done.emplace_back(send.peer, finish);
      ++timeline.transfers;
    }
    for (const auto& [node, finish] : done)
      ready[node] = std::max(ready[node], finish);
    first = end;
  }
  close(timeline, trees.front().root(), schedule.period_slices,
        periodic_period_count(schedule, parents, message.slices) -
            (message.slices + schedule.period_slices - 1) / schedule.period_slices);
  return timeline;
}

FormTimeline capped_timeline(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                             std::size_t round_slices, const CostModel& costs, const FormMessage& message)
{
  check_message(trees, weights, message);
  if (round_slices == 0)
    throw std::invalid_argument("the rate-capped form needs rounds of at least one slice");
  const std::size_t nodes = costs.size();
  const auto shares = cumulative_shares(weights);
  const auto rates = capped_rates(weights, message);
  const double round_time = capped_round_seconds(weights, round_slices);
  FormTimeline timeline;
  timeline.arrival.assign(nodes, std::vector<double>(message.slices, 0.0));
  std::vector<double> holds(nodes, 0.0);
  const std::size_t rounds = (message.slices + round_slices - 1) / round_slices;
  for (std::size_t r = 0; r < rounds; ++r) {
    const ElementRange round = slices_range(message.count, message.slices, r * round_slices, round_slices);
    for (std::size_t t = 0; t < trees.size(); ++t) {
      const ElementRange part = fraction_of(round, shares[t], shares[t + 1]);
      if (part.count == 0)
        continue;
      const double bytes = static_cast<double>(part.count) * message.element_bytes + message.envelope_bytes;
      // Depth first from the root: a node forwards the part the moment it holds it.
      std::vector<NodeId> stack{trees[t].root()};
      holds[trees[t].root()] = static_cast<double>(r) * round_time;
      while (!stack.empty()) {
        const NodeId u = stack.back();
        stack.pop_back();
        for (NodeId child : trees[t].children(u)) {
          const double rate = std::min(rates[t], 1.0 / costs.inverse_bandwidth(u, child));
          holds[child] = holds[u] + costs.latency(u, child) + bytes / rate;
          arrive(timeline, message, child, part, holds[child]);
          ++timeline.transfers;
          stack.push_back(child);
        }
      }
    }
  }
  close(timeline, trees.front().root());
  return timeline;
}

}  // namespace hbcast
