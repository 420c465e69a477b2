#include <hbcast/platform_graph/periodic_decomposition.hpp>

#include "period_transfers.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace hbcast {
namespace {

// One tree's transfer on an edge: its length, and how much of it the slots have taken so far.
struct TreeTransfer {
  std::size_t tree;
  double length;
  double taken = 0.0;
};

// A pair u -> v of the bipartite graph: the trees' transfers on it (in tree order) and the idle
// weight added to make the graph regular.
struct PairLoad {
  NodeId from, to;
  std::vector<TreeTransfer> transfers;
  double idle = 0.0;
  double remaining() const
  {
    double left = idle;
    for (const auto& transfer : transfers)
      left += transfer.length - transfer.taken;
    return left;
  }
  // What one slot may take of the pair: the rest of its first unfinished transfer, else its idle
  // weight. A slot carries one piece per pair, so that two trees sharing an edge never put two
  // pieces on one port in the same slot.
  double chunk() const
  {
    for (const auto& transfer : transfers)
      if (transfer.taken < transfer.length)
        return transfer.length - transfer.taken;
    return idle;
  }
};

// Perfect matchings of the pairs' support, kept from one round to the next (Kuhn's augmenting
// paths from the senders left free when a pair ran out).
class SupportMatching {
public:
  SupportMatching(std::size_t nodes, const std::vector<PairLoad>& pairs, double tolerance)
      : pairs_(pairs), tolerance_(tolerance), out_(nodes), matched_pair_of_sender_(nodes, kNone),
        sender_of_receiver_(nodes, kNoNode)
  {
    for (std::size_t k = 0; k < pairs.size(); ++k)
      out_[pairs[k].from].push_back(k);
  }

  // Drops matched pairs that ran out, then matches every sender it can. False when some sender
  // stays unmatched (the support has no perfect matching: rounding at the very end).
  bool rematch()
  {
    for (NodeId u = 0; u < out_.size(); ++u)
      if (matched_pair_of_sender_[u] != kNone && !alive(matched_pair_of_sender_[u])) {
        sender_of_receiver_[pairs_[matched_pair_of_sender_[u]].to] = kNoNode;
        matched_pair_of_sender_[u] = kNone;
      }
    bool perfect = true;
    for (NodeId u = 0; u < out_.size(); ++u)
      if (matched_pair_of_sender_[u] == kNone && !out_[u].empty()) {
        ++visit_mark_;
        if (visited_.size() < out_.size())
          visited_.assign(out_.size(), 0);
        perfect = augment(u) && perfect;
      }
    return perfect;
  }

  // The matched pairs (one per matched sender).
  std::vector<std::size_t> matched() const
  {
    std::vector<std::size_t> pairs;
    for (std::size_t k : matched_pair_of_sender_)
      if (k != kNone)
        pairs.push_back(k);
    return pairs;
  }

private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  bool alive(std::size_t pair) const { return pairs_[pair].remaining() > tolerance_; }

  bool augment(NodeId u)
  {
    for (std::size_t k : out_[u]) {
      if (!alive(k))
        continue;
      const NodeId v = pairs_[k].to;
      if (visited_[v] == visit_mark_)
        continue;
      visited_[v] = visit_mark_;
      const NodeId holder = sender_of_receiver_[v];
      if (holder == kNoNode || augment(holder)) {
        matched_pair_of_sender_[u] = k;
        sender_of_receiver_[v] = u;
        return true;
      }
    }
    return false;
  }

  const std::vector<PairLoad>& pairs_;
  double tolerance_;
  std::vector<std::vector<std::size_t>> out_;
  std::vector<std::size_t> matched_pair_of_sender_;
  std::vector<NodeId> sender_of_receiver_;
  std::vector<unsigned> visited_;
  unsigned visit_mark_ = 0;
};

// The bipartite graph of one period: a pair per loaded edge, then idle weight (north-west corner
// rule over the senders' and receivers' deficits) so that every node sends and receives Delta.
std::vector<PairLoad> regular_pairs(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                    const CostModel& costs, double block_bytes_per_share, double& delta)
{
  const std::size_t nodes = costs.size();
  std::map<std::pair<NodeId, NodeId>, std::size_t> index;
  std::vector<PairLoad> pairs;
  std::vector<double> sending(nodes, 0.0), receiving(nodes, 0.0);
  for (const PeriodTransfer& e : period_transfers(trees, weights, block_bytes_per_share)) {
    const double length = costs.transfer_time(e.from, e.to, e.bytes);
    auto [at, added] = index.try_emplace({e.from, e.to}, pairs.size());
    if (added)
      pairs.push_back({e.from, e.to, {}, 0.0});
    pairs[at->second].transfers.push_back({e.tree, length});
    sending[e.from] += length;
    receiving[e.to] += length;
  }
  delta = 0.0;
  for (NodeId u = 0; u < nodes; ++u)
    delta = std::max({delta, sending[u], receiving[u]});
  std::size_t u = 0, v = 0;
  while (u < nodes && v < nodes) {
    const double send_gap = delta - sending[u], receive_gap = delta - receiving[v];
    const double idle = std::min(send_gap, receive_gap);
    if (idle > 0.0) {
      auto [at, added] = index.try_emplace({u, v}, pairs.size());
      if (added)
        pairs.push_back({u, v, {}, 0.0});
      pairs[at->second].idle += idle;
      sending[u] += idle;
      receiving[v] += idle;
    }
    if (delta - sending[u] <= delta * 1e-15)
      ++u;
    if (delta - receiving[v] <= delta * 1e-15)
      ++v;
  }
  return pairs;
}

// Takes `amount` (at most pair.chunk()) of a pair's weight for one slot, from its first
// unfinished transfer (in tree order), else from its idle weight; the piece it cut is appended to
// `slot`.
void take(PairLoad& pair, double amount, double tolerance, std::vector<PeriodicPiece>& slot)
{
  for (auto& transfer : pair.transfers) {
    if (transfer.taken >= transfer.length)
      continue;
    const double first = transfer.taken / transfer.length;
    transfer.taken += std::min(amount, transfer.length - transfer.taken);
    // A transfer within the tolerance of its end is done: its last piece ends exactly at 1.
    if (transfer.length - transfer.taken <= tolerance)
      transfer.taken = transfer.length;
    const double last = transfer.taken >= transfer.length ? 1.0 : transfer.taken / transfer.length;
    if (last > first)
      slot.push_back({transfer.tree, pair.from, pair.to, first, last});
    return;
  }
  pair.idle = std::max(0.0, pair.idle - amount);
}

// A piece shorter than twice its edge's latency joins the same transfer's previous piece.
void merge_short_pieces(std::vector<std::vector<PeriodicPiece>>& slots, const std::map<std::tuple<std::size_t, NodeId, NodeId>, double>& lengths,
                        const CostModel& costs)
{
  std::map<std::tuple<std::size_t, NodeId, NodeId>, PeriodicPiece*> previous;
  for (auto& slot : slots) {
    std::vector<PeriodicPiece> kept;
    for (const auto& piece : slot) {
      const auto key = std::make_tuple(piece.tree, piece.from, piece.to);
      const double length = (piece.last - piece.first) * lengths.at(key);
      auto found = previous.find(key);
      if (found != previous.end() && length < 2.0 * costs.latency(piece.from, piece.to)) {
        found->second->last = piece.last;
        continue;
      }
      kept.push_back(piece);
    }
    slot = std::move(kept);
    for (auto& piece : slot)
      previous[{piece.tree, piece.from, piece.to}] = &piece;
  }
  slots.erase(std::remove_if(slots.begin(), slots.end(), [](const auto& slot) { return slot.empty(); }), slots.end());
}

// Cuts a slot whose pieces over-subscribe a SHARED link (each at its route's bottleneck) into
// slots that do not, first fit in the slot's order.
std::vector<std::vector<PeriodicPiece>> fit_shared_links(const std::vector<PeriodicPiece>& slot, const LinkRouteModel& links)
{
  struct Group {
    std::vector<PeriodicPiece> pieces;
    std::map<LinkId, double> load;
  };
  std::vector<Group> groups;
  for (const auto& piece : slot) {
    const auto route = links.route(piece.from, piece.to);
    std::vector<LinkId> shared;
    for (LinkId id : route->links)
      if (links.link(id).sharing == LinkSharing::shared &&
          std::find(shared.begin(), shared.end(), id) == shared.end())
        shared.push_back(id);
    const double rate = route->bandwidth;
    Group* home = nullptr;
    for (auto& group : groups) {
      const bool fits = std::all_of(shared.begin(), shared.end(), [&](LinkId id) {
        const auto at = group.load.find(id);
        const double used = at == group.load.end() ? 0.0 : at->second;
        return used + rate <= links.link(id).bandwidth * (1.0 + 1e-9);
      });
      if (fits) {
        home = &group;
        break;
      }
    }
    if (home == nullptr) {
      groups.emplace_back();
      home = &groups.back();
    }
    home->pieces.push_back(piece);
    for (LinkId id : shared)
      home->load[id] += rate;
  }
  std::vector<std::vector<PeriodicPiece>> cut;
  for (auto& group : groups)
    cut.push_back(std::move(group.pieces));
  return cut;
}

}  // namespace

PeriodicSchedule decompose_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                  const CostModel& costs, double slice_bytes, std::size_t period_slices,
                                  const LinkRouteModel* links)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("periodic decomposition: one weight per tree, and at least one tree");
  if (period_slices == 0 || !(slice_bytes > 0.0))
    throw std::invalid_argument("periodic decomposition: a period needs slices of a positive size");
  double delta = 0.0;
  std::vector<PairLoad> pairs =
      regular_pairs(trees, weights, costs, slice_bytes * static_cast<double>(period_slices), delta);
  PeriodicSchedule schedule;
  schedule.period_slices = period_slices;
  if (!(delta > 0.0))
    return schedule;  // nothing to send (a single host)
  std::map<std::tuple<std::size_t, NodeId, NodeId>, double> lengths;
  for (const auto& pair : pairs)
    for (const auto& transfer : pair.transfers)
      lengths[{transfer.tree, pair.from, pair.to}] = transfer.length;
  const double tolerance = delta * 1e-12;
  const auto real_left = [&] {
    for (const auto& pair : pairs)
      for (const auto& transfer : pair.transfers)
        if (transfer.taken < transfer.length)
          return true;
    return false;
  };
  std::size_t chunks = 0;
  for (const auto& pair : pairs)
    chunks += pair.transfers.size() + 1;
  SupportMatching matching(costs.size(), pairs, tolerance);
  std::vector<std::vector<PeriodicPiece>> slots;
  // Each round ends at least one chunk (a transfer or a pair's idle weight): at most as many rounds
  // as chunks (and a guard).
  for (std::size_t round = 0; real_left() && round <= 4 * chunks + 16; ++round) {
    matching.rematch();
    const auto matched = matching.matched();
    if (matched.empty())
      break;
    double amount = INFINITY;
    for (std::size_t k : matched)
      amount = std::min(amount, pairs[k].chunk());
    std::vector<PeriodicPiece> slot;
    for (std::size_t k : matched)
      take(pairs[k], amount, tolerance, slot);
    if (!slot.empty())
      slots.push_back(std::move(slot));
  }
  // Whatever rounding left (a sliver at the very end), in slots of its own, one pair at a time.
  for (auto& pair : pairs)
    for (auto& transfer : pair.transfers)
      if (transfer.taken < transfer.length) {
        slots.push_back({{transfer.tree, pair.from, pair.to, transfer.taken / transfer.length, 1.0}});
        transfer.taken = transfer.length;
      }
  merge_short_pieces(slots, lengths, costs);
  for (auto& slot : slots) {
    if (links == nullptr) {
      schedule.slots.push_back(std::move(slot));
      continue;
    }
    for (auto& fitted : fit_shared_links(slot, *links))
      schedule.slots.push_back(std::move(fitted));
  }
  return schedule;
}

}  // namespace hbcast
