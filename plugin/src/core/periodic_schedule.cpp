#include <hbcast/core/periodic_schedule.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

std::size_t depth_of(const std::vector<NodeId>& parent, NodeId node, std::vector<std::size_t>& depth)
{
  if (depth[node] != kNoNode)
    return depth[node];
  // Walk up to a node whose depth is known (or the root), then set the depths on the way down.
  std::vector<NodeId> path;
  NodeId at = node;
  while (depth[at] == kNoNode && parent[at] != kNoNode) {
    path.push_back(at);
    at = parent[at];
    if (path.size() > parent.size())
      throw std::invalid_argument("periodic schedule: a tree has a cycle");
  }
  std::size_t d = depth[at] == kNoNode ? 0 : depth[at];
  depth[at] = d;
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    depth[*it] = ++d;
  return depth[node];
}

// Pieces that `node` sends or receives, with their slot, in slot order.
std::vector<std::pair<std::size_t, const PeriodicPiece*>> pieces_of(const PeriodicSchedule& schedule, NodeId node)
{
  std::vector<std::pair<std::size_t, const PeriodicPiece*>> mine;
  for (std::size_t slot = 0; slot < schedule.slots.size(); ++slot)
    for (const auto& piece : schedule.slots[slot])
      if (piece.from == node || piece.to == node)
        mine.emplace_back(slot, &piece);
  return mine;
}

}  // namespace

std::vector<std::vector<std::size_t>> tree_depths(const std::vector<std::vector<NodeId>>& parents)
{
  std::vector<std::vector<std::size_t>> depths;
  for (const auto& parent : parents) {
    std::vector<std::size_t> depth(parent.size(), kNoNode);
    // A node with no parent is the root only if it has children; an unreached node keeps kNoNode.
    std::vector<bool> has_child(parent.size(), false);
    for (NodeId v = 0; v < parent.size(); ++v)
      if (parent[v] != kNoNode) {
        if (parent[v] >= parent.size())
          throw std::invalid_argument("periodic schedule: a parent is not a node");
        has_child[parent[v]] = true;
      }
    for (NodeId v = 0; v < parent.size(); ++v)
      if (parent[v] != kNoNode || has_child[v])
        depth_of(parent, v, depth);
    depths.push_back(std::move(depth));
  }
  return depths;
}

namespace {

// Per tree and node: the last slot a piece reaches it (0 if none), the first slot it sends a piece
// (kNoNode if none).
std::pair<std::vector<std::vector<std::size_t>>, std::vector<std::vector<std::size_t>>>
slots_in_and_out(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents)
{
  std::vector<std::vector<std::size_t>> last_in(parents.size()), first_out(parents.size());
  for (std::size_t t = 0; t < parents.size(); ++t) {
    last_in[t].assign(parents[t].size(), 0);
    first_out[t].assign(parents[t].size(), kNoNode);
  }
  for (std::size_t slot = 0; slot < schedule.slots.size(); ++slot)
    for (const auto& piece : schedule.slots[slot]) {
      last_in.at(piece.tree).at(piece.to) = std::max(last_in[piece.tree][piece.to], slot);
      first_out.at(piece.tree).at(piece.from) = std::min(first_out[piece.tree][piece.from], slot);
    }
  return {std::move(last_in), std::move(first_out)};
}

constexpr std::size_t kLargestLag = 1000000;

}  // namespace

std::vector<std::vector<std::size_t>> periodic_lags(const PeriodicSchedule& schedule,
                                                    const std::vector<std::vector<NodeId>>& parents)
{
  if (!schedule.lags.empty())
    return schedule.lags;
  const auto depths = tree_depths(parents);
  const auto [last_in, first_out] = slots_in_and_out(schedule, parents);
  std::vector<std::vector<std::size_t>> lags;
  for (std::size_t t = 0; t < parents.size(); ++t) {
    const auto& parent = parents[t];
    std::vector<NodeId> order;  // reached nodes by depth: a parent before its children
    for (NodeId v = 0; v < parent.size(); ++v)
      if (depths[t][v] != kNoNode)
        order.push_back(v);
    std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return depths[t][a] < depths[t][b]; });
    std::vector<std::size_t> lag(parent.size(), kNoNode);
    for (NodeId v : order) {
      if (parent[v] == kNoNode) {
        lag[v] = 0;
        continue;
      }
      // v forwards a block in the period it gets it when its last piece in comes before its first
      // piece out; otherwise one period later.
      const bool same_period = first_out[t][v] != kNoNode && last_in[t][v] < first_out[t][v];
      lag[v] = lag[parent[v]] + (same_period ? 0 : 1);
    }
    lags.push_back(std::move(lag));
  }
  return lags;
}

std::size_t periodic_piece_count(const PeriodicSchedule& schedule)
{
  std::size_t pieces = 0;
  for (const auto& slot : schedule.slots)
    pieces += slot.size();
  return pieces;
}

std::vector<double> periodic_slot_offsets(const PeriodicSchedule& schedule)
{
  std::vector<double> offsets;
  if (schedule.slot_seconds.empty())
    return offsets;
  offsets.push_back(0.0);
  for (double seconds : schedule.slot_seconds)
    offsets.push_back(offsets.back() + seconds);
  return offsets;
}

double periodic_step_time(const std::vector<double>& offsets, std::size_t period, std::size_t slot)
{
  if (offsets.empty())
    return 0.0;
  return static_cast<double>(period) * offsets.back() + offsets.at(slot);
}

void check_periodic_schedule(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents)
{
  if (schedule.period_slices == 0)
    throw std::invalid_argument("periodic schedule: a period needs at least one slice");
  if (schedule.slots.empty())
    throw std::invalid_argument("periodic schedule: no slot");
  if (!schedule.slot_seconds.empty() && schedule.slot_seconds.size() != schedule.slots.size())
    throw std::invalid_argument("periodic schedule: " + std::to_string(schedule.slot_seconds.size()) +
                                " slot lengths for " + std::to_string(schedule.slots.size()) + " slots");
  for (double seconds : schedule.slot_seconds)
    if (!(seconds >= 0.0) || !std::isfinite(seconds))
      throw std::invalid_argument("periodic schedule: a slot's length must be a time >= 0");
  std::map<std::tuple<std::size_t, NodeId, NodeId>, std::vector<std::pair<double, double>>> covered;
  for (std::size_t slot = 0; slot < schedule.slots.size(); ++slot) {
    std::map<NodeId, int> sends, receives;
    for (const auto& piece : schedule.slots[slot]) {
      const std::string where = "periodic schedule, slot " + std::to_string(slot);
      if (piece.tree >= parents.size())
        throw std::invalid_argument(where + ": tree " + std::to_string(piece.tree) + " does not exist");
      const auto& parent = parents[piece.tree];
      if (piece.from >= parent.size() || piece.to >= parent.size() || parent[piece.to] != piece.from)
        throw std::invalid_argument(where + ": the piece is not an edge of tree " + std::to_string(piece.tree));
      if (!(0.0 <= piece.first && piece.first < piece.last && piece.last <= 1.0))
        throw std::invalid_argument(where + ": a piece needs 0 <= first < last <= 1");
      if (!(piece.delay >= 0.0) || !std::isfinite(piece.delay))
        throw std::invalid_argument(where + ": a piece's delay must be a time >= 0");
      if (++sends[piece.from] > 1 || ++receives[piece.to] > 1)
        throw std::invalid_argument(where + ": a node sends or receives twice (one port)");
      covered[{piece.tree, piece.from, piece.to}].emplace_back(piece.first, piece.last);
    }
  }
  for (std::size_t t = 0; t < parents.size(); ++t)
    for (NodeId v = 0; v < parents[t].size(); ++v)
      if (parents[t][v] != kNoNode && covered.count({t, parents[t][v], v}) == 0)
        throw std::invalid_argument("periodic schedule: the edge " + std::to_string(parents[t][v]) + " -> " +
                                    std::to_string(v) + " of tree " + std::to_string(t) + " is in no slot");
  if (!schedule.lags.empty()) {
    if (schedule.lags.size() != parents.size())
      throw std::invalid_argument("periodic schedule: lags for " + std::to_string(schedule.lags.size()) + " trees, not " +
                                  std::to_string(parents.size()));
    const auto depths = tree_depths(parents);
    const auto [last_in, first_out] = slots_in_and_out(schedule, parents);
    for (std::size_t t = 0; t < parents.size(); ++t) {
      const auto& lag = schedule.lags[t];
      const std::string where = "periodic schedule, tree " + std::to_string(t);
      if (lag.size() != parents[t].size())
        throw std::invalid_argument(where + ": one lag per node");
      for (NodeId v = 0; v < lag.size(); ++v) {
        if ((depths[t][v] == kNoNode) != (lag[v] == kNoNode) || (lag[v] != kNoNode && lag[v] > kLargestLag))
          throw std::invalid_argument(where + ": a node it reaches needs a lag of at most 1000000 periods, and only those");
        const NodeId parent = parents[t][v];
        if (depths[t][v] == 0 && lag[v] != 0)
          throw std::invalid_argument(where + ": the root's lag must be 0");
        if (parent == kNoNode || lag[v] == kNoNode)
          continue;
        if (lag[v] < lag[parent] ||
            (lag[v] == lag[parent] && first_out[t][v] != kNoNode && last_in[t][v] >= first_out[t][v]))
          throw std::invalid_argument(where + ": node " + std::to_string(v) +
                                      " would forward a block before its pieces in come");
      }
    }
  }
  if (!schedule.slot_seconds.empty()) {
    // On a clock a node starts its steps in time order: each piece out of a node must start no
    // earlier than the pieces in that bring its block, or the two could wait for each other.
    const auto offsets = periodic_slot_offsets(schedule);
    const auto lags = periodic_lags(schedule, parents);
    std::map<std::pair<std::size_t, NodeId>, std::pair<double, double>> starts;  // latest in, earliest out
    for (std::size_t slot = 0; slot < schedule.slots.size(); ++slot)
      for (const auto& piece : schedule.slots[slot]) {
        const double start = offsets[slot] + piece.delay;
        auto& in = starts.try_emplace({piece.tree, piece.to}, -INFINITY, INFINITY).first->second;
        in.first = std::max(in.first, start);
        auto& out = starts.try_emplace({piece.tree, piece.from}, -INFINITY, INFINITY).first->second;
        out.second = std::min(out.second, start);
      }
    for (const auto& [key, times] : starts) {
      const auto [t, v] = key;
      const NodeId parent = parents[t][v];
      if (parent == kNoNode || times.second == INFINITY || times.first == -INFINITY)
        continue;
      const double later = static_cast<double>(lags[t][v] - lags[t][parent]) * offsets.back();
      if (times.second + later < times.first)
        throw std::invalid_argument("periodic schedule, tree " + std::to_string(t) + ": node " + std::to_string(v) +
                                    " would start a piece out before the pieces in that bring it (slot times and delays)");
    }
  }
  for (auto& [edge, parts] : covered) {
    // In slot order the pieces follow each other, from 0 to 1, without gap or overlap.
    double at = 0.0;
    for (const auto& [first, last] : parts) {
      if (first != at)
        throw std::invalid_argument("periodic schedule: the pieces of an edge of tree " +
                                    std::to_string(std::get<0>(edge)) + " leave a gap or overlap");
      at = last;
    }
    if (at != 1.0)
      throw std::invalid_argument("periodic schedule: the pieces of an edge of tree " +
                                  std::to_string(std::get<0>(edge)) + " do not reach its block's end");
  }
}

std::size_t periodic_period_count(const PeriodicSchedule& schedule, const std::vector<std::vector<NodeId>>& parents,
                                  std::size_t slices)
{
  const auto lags = periodic_lags(schedule, parents);
  std::size_t deepest = 0;
  for (const auto& slot : schedule.slots)
    for (const auto& piece : slot)
      deepest = std::max(deepest, lags.at(piece.tree).at(piece.from));
  const std::size_t blocks = (slices + schedule.period_slices - 1) / schedule.period_slices;
  return blocks + deepest;
}

std::vector<PeriodicStep> periodic_steps(const PeriodicSchedule& schedule,
                                         const std::vector<std::vector<NodeId>>& parents,
                                         const std::vector<double>& weights, NodeId node, std::size_t count,
                                         std::size_t slices)
{
  if (weights.size() != parents.size())
    throw std::invalid_argument("periodic schedule: one weight per tree");
  const auto lags = periodic_lags(schedule, parents);
  const auto shares = cumulative_shares(weights);
  const std::size_t period = schedule.period_slices;
  const std::size_t blocks = (slices + period - 1) / period;
  const std::size_t periods = periodic_period_count(schedule, parents, slices);
  const auto mine = pieces_of(schedule, node);
  // Block b of tree t: tree t's share of slices [bP, (b + 1)P), then the piece's part of it.
  const auto range_of = [&](const PeriodicPiece& piece, std::size_t block) {
    const ElementRange block_range = fraction_of(slices_range(count, slices, block * period, period),
                                                 shares[piece.tree], shares[piece.tree + 1]);
    return fraction_of(block_range, piece.first, piece.last);
  };
  std::vector<PeriodicStep> steps;
  for (std::size_t k = 0; k < periods; ++k) {
    std::size_t slot = kNoNode;
    PeriodicStep step;
    const auto flush = [&] {
      if (step.send || step.receive)
        steps.push_back(std::move(step));
      step = PeriodicStep{};
    };
    for (const auto& [piece_slot, piece] : mine) {
      if (piece_slot != slot) {
        flush();
        slot = piece_slot;
      }
      // The sender's lag fixes the block on both ends of the transfer.
      const std::size_t sender_lag = lags[piece->tree][piece->from];
      if (k < sender_lag || k - sender_lag >= blocks)
        continue;
      const ElementRange range = range_of(*piece, k - sender_lag);
      if (range.count == 0)
        continue;
      if (piece->from == node)
        step.send = PeriodicTransfer{piece->to, piece->tree, k, slot, range, piece->delay};
      else
        step.receive = PeriodicTransfer{piece->from, piece->tree, k, slot, range, piece->delay};
    }
    flush();
  }
  return steps;
}

std::vector<std::vector<std::size_t>> periodic_send_needs(const std::vector<PeriodicStep>& steps)
{
  // The ranges received so far, disjoint: first element -> (end, step).
  std::map<std::size_t, std::pair<std::size_t, std::size_t>> received;
  std::vector<std::vector<std::size_t>> needs(steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (const auto& send = steps[i].send; send && send->range.count > 0) {
      const std::size_t first = send->range.first, end = first + send->range.count;
      auto it = received.upper_bound(first);
      if (it != received.begin() && std::prev(it)->second.first > first)
        --it;
      for (; it != received.end() && it->first < end; ++it)
        needs[i].push_back(it->second.second);
      std::sort(needs[i].begin(), needs[i].end());
    }
    if (const auto& receive = steps[i].receive; receive && receive->range.count > 0)
      received[receive->range.first] = {receive->range.first + receive->range.count, i};
  }
  return needs;
}

std::vector<std::size_t> periodic_receive_window(const std::vector<PeriodicStep>& steps)
{
  const auto period_of = [&](std::size_t j) { return (steps[j].send ? *steps[j].send : *steps[j].receive).period; };
  std::vector<std::size_t> window(steps.size(), 0);
  std::size_t end = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    while (end < steps.size() && period_of(end) <= period_of(i) + 1)
      ++end;
    window[i] = end;
  }
  return window;
}

double periodic_step_start(const std::vector<double>& offsets, const PeriodicStep& step)
{
  const PeriodicTransfer& at = step.send ? *step.send : *step.receive;
  return periodic_step_time(offsets, at.period, at.slot) + (step.send ? step.send->delay : 0.0);
}

std::vector<std::size_t> periodic_step_order(const std::vector<PeriodicStep>& steps, const std::vector<double>& offsets)
{
  std::vector<double> start;
  start.reserve(steps.size());
  for (const auto& step : steps)
    start.push_back(periodic_step_start(offsets, step));
  std::vector<std::size_t> order(steps.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return start[a] < start[b]; });
  return order;
}

}  // namespace hbcast
