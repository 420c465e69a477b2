#include <hbcast/platform_graph/periodic_packing.hpp>

#include "period_transfers.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace hbcast {
namespace {

using LinkShares = std::vector<std::pair<LinkId, double>>;

struct Piece {
  PeriodicPiece piece;
  double length = 0.0;
  std::size_t transfer = 0;  // index of the transfer the piece is cut from
};

struct Slot {
  explicit Slot(std::size_t nodes) : ports(nodes) {}

  std::vector<PeriodicPiece> pieces;
  SlotPorts ports;
  std::vector<std::pair<LinkId, double>> load;
  double length = 0.0;

  double used(LinkId id) const
  {
    for (const auto& [link, share] : load)
      if (link == id)
        return share;
    return 0.0;
  }
  bool fits(const Piece& p, const LinkShares& shares) const
  {
    if (!ports.free(p.piece.from, p.piece.to))
      return false;
    if (pieces.empty())
      return true;  // a piece over a link's bandwidth alone still needs a slot
    return std::all_of(shares.begin(), shares.end(),
                       [&](const auto& s) { return used(s.first) + s.second <= 1.0 + 1e-9; });
  }
  void add(const Piece& p, const LinkShares& shares)
  {
    pieces.push_back(p.piece);
    ports.take(p.piece.from, p.piece.to);
    for (const auto& [id, share] : shares) {
      auto at = std::find_if(load.begin(), load.end(), [id = id](const auto& l) { return l.first == id; });
      if (at == load.end())
        load.emplace_back(id, share);
      else
        at->second += share;
    }
    length = std::max(length, p.length);
  }
};

}  // namespace

LinkShares shared_link_shares(const LinkRouteModel& links, NodeId from, NodeId to)
{
  LinkShares shares;
  const auto route = links.route(from, to);
  for (LinkId id : route->links) {
    const LinkProperties& link = links.link(id);
    if (link.sharing != LinkSharing::shared || !(link.bandwidth > 0.0))
      continue;
    const double share = route->bandwidth / link.bandwidth;
    auto at = std::find_if(shares.begin(), shares.end(), [id](const auto& s) { return s.first == id; });
    if (at == shares.end())
      shares.emplace_back(id, share);
    else
      at->second += share;
  }
  return shares;
}

PeriodicSchedule pack_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                             const CostModel& costs, double slice_bytes, std::size_t period_slices,
                             const LinkRouteModel* links, double quantum, PackingOrder order)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("periodic packing: one weight per tree, and at least one tree");
  if (period_slices == 0 || !(slice_bytes > 0.0))
    throw std::invalid_argument("periodic packing: a period needs slices of a positive size");
  if (!(quantum >= 0.0))
    throw std::invalid_argument("periodic packing: the quantum is a length of at least 0 s");
  const std::size_t nodes = costs.size();
  const double block = slice_bytes * static_cast<double>(period_slices);
  std::vector<Piece> pieces;
  std::vector<LinkShares> shares_of;  // per transfer
  for (const PeriodTransfer& e : period_transfers(trees, weights, block)) {
    const double latency = costs.latency(e.from, e.to);
    const double sending = costs.transfer_time(e.from, e.to, e.bytes) - latency;
    std::size_t count = 1;
    if (quantum > 0.0 && sending > quantum)
      count = static_cast<std::size_t>(std::ceil(sending / quantum));
    const std::size_t transfer = shares_of.size();
    shares_of.push_back(links != nullptr ? shared_link_shares(*links, e.from, e.to) : LinkShares{});
    for (std::size_t k = 0; k < count; ++k) {
      const double first = static_cast<double>(k) / static_cast<double>(count);
      const double last = k + 1 == count ? 1.0 : static_cast<double>(k + 1) / static_cast<double>(count);
      pieces.push_back({{e.tree, e.from, e.to, first, last}, latency + sending / static_cast<double>(count), transfer});
    }
  }
  std::vector<Slot> slots;
  const auto open_slot = [&] { slots.emplace_back(nodes); };
  if (order == PackingOrder::longest_first) {
    // Decreasing length, first fit; a transfer's pieces stay together, in order.
    std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) {
      if (a.length != b.length)
        return a.length > b.length;
      return std::tie(a.piece.tree, a.piece.from, a.piece.to, a.piece.first) <
             std::tie(b.piece.tree, b.piece.from, b.piece.to, b.piece.first);
    });
    std::vector<std::size_t> next_slot(shares_of.size(), 0);  // a transfer's next piece goes after its last
    for (const Piece& p : pieces) {
      const LinkShares& shares = shares_of[p.transfer];
      std::size_t s = next_slot[p.transfer];
      while (s < slots.size() && !slots[s].fits(p, shares))
        ++s;
      if (s == slots.size())
        open_slot();
      slots[s].add(p, shares);
      next_slot[p.transfer] = s + 1;
    }
  } else if (order == PackingOrder::busiest_first) {
    // Slot after slot, the pieces whose busiest resource (port or link) has the most time left
    // first (Gonzalez and Sahni's rule for preemptive open shops: the tight resources never idle).
    std::vector<double> send_left(nodes, 0.0), receive_left(nodes, 0.0);
    std::vector<std::pair<LinkId, double>> link_left;
    const auto link_slot = [&](LinkId id) -> double& {
      for (auto& [link, left] : link_left)
        if (link == id)
          return left;
      link_left.emplace_back(id, 0.0);
      return link_left.back().second;
    };
    std::vector<std::vector<std::size_t>> queue(shares_of.size());  // pieces of each transfer, in order
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const Piece& p = pieces[k];
      queue[p.transfer].push_back(k);
      send_left[p.piece.from] += p.length;
      receive_left[p.piece.to] += p.length;
      for (const auto& [id, share] : shares_of[p.transfer])
        link_slot(id) += p.length * share;
    }
    std::vector<std::size_t> next(shares_of.size(), 0);
    std::size_t placed = 0;
    std::vector<std::pair<double, std::size_t>> ready;
    while (placed < pieces.size()) {
      ready.clear();
      for (std::size_t j = 0; j < queue.size(); ++j)
        if (next[j] < queue[j].size()) {
          const Piece& p = pieces[queue[j][next[j]]];
          double busiest = std::max(send_left[p.piece.from], receive_left[p.piece.to]);
          for (const auto& [id, share] : shares_of[j])
            busiest = std::max(busiest, link_slot(id));
          ready.emplace_back(busiest + p.length * 1e-9, j);
        }
      std::stable_sort(ready.begin(), ready.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      open_slot();
      for (const auto& [busiest, j] : ready) {
        const Piece& p = pieces[queue[j][next[j]]];
        if (!slots.back().fits(p, shares_of[j]))
          continue;
        slots.back().add(p, shares_of[j]);
        ++next[j];
        ++placed;
        send_left[p.piece.from] -= p.length;
        receive_left[p.piece.to] -= p.length;
        for (const auto& [id, share] : shares_of[j])
          link_slot(id) -= p.length * share;
      }
    }
  }
  if (order == PackingOrder::even_slots) {
    // Slot after slot, busiest first as above, but each slot lasts as long as its first piece (at
    // most a quantum of sending): a longer transfer sends that much of itself and the rest later,
    // so the busiest resources stay busy the whole slot (Gonzalez and Sahni's preemptive rule,
    // with cuts only where a transfer outlasts the slot).
    struct Left {
      PeriodicPiece edge;
      double latency, sending, at = 0.0;  // at: the fraction already placed
    };
    std::vector<Left> left;
    std::vector<double> send_left(nodes, 0.0), receive_left(nodes, 0.0);
    std::vector<std::pair<LinkId, double>> link_left;
    const auto link_slot = [&](LinkId id) -> double& {
      for (auto& [link, l] : link_left)
        if (link == id)
          return l;
      link_left.emplace_back(id, 0.0);
      return link_left.back().second;
    };
    for (const Piece& p : pieces) {
      if (p.piece.first != 0.0)
        continue;
      const double latency = costs.latency(p.piece.from, p.piece.to);
      const std::size_t count = static_cast<std::size_t>(std::lround(1.0 / (p.piece.last - p.piece.first)));
      left.push_back({{p.piece.tree, p.piece.from, p.piece.to, 0.0, 1.0}, latency,
                      (p.length - latency) * static_cast<double>(count)});
    }
    std::sort(left.begin(), left.end(), [](const Left& a, const Left& b) {
      return std::tie(a.edge.tree, a.edge.from, a.edge.to) < std::tie(b.edge.tree, b.edge.from, b.edge.to);
    });
    std::vector<LinkShares> shares(left.size());
    for (std::size_t j = 0; j < left.size(); ++j) {
      const auto& e = left[j].edge;
      shares[j] = links != nullptr ? shared_link_shares(*links, e.from, e.to) : LinkShares{};
      send_left[e.from] += left[j].sending;
      receive_left[e.to] += left[j].sending;
      for (const auto& [id, share] : shares[j])
        link_slot(id) += left[j].sending * share;
    }
    std::size_t unfinished = left.size();
    std::vector<std::pair<double, std::size_t>> ready;
    while (unfinished > 0) {
      ready.clear();
      for (std::size_t j = 0; j < left.size(); ++j)
        if (left[j].at < 1.0) {
          const auto& e = left[j].edge;
          double busiest = std::max(send_left[e.from], receive_left[e.to]);
          for (const auto& [id, share] : shares[j])
            busiest = std::max(busiest, link_slot(id));
          ready.emplace_back(busiest, j);
        }
      std::stable_sort(ready.begin(), ready.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      open_slot();
      double span = 0.0;  // the slot's sending time, set by its first piece
      for (const auto& [busiest, j] : ready) {
        Left& l = left[j];
        const double rest = (1.0 - l.at) * l.sending;
        if (span == 0.0)
          span = quantum > 0.0 ? std::min(rest, quantum) : rest;
        // A rest within a quarter of the slot past it goes whole (a sliver would pay a latency).
        const double take = rest <= span * 1.25 ? rest : span;
        const double last = take >= rest ? 1.0 : l.at + take / l.sending;
        const Piece p{{l.edge.tree, l.edge.from, l.edge.to, l.at, last}, l.latency + take, j};
        if (!slots.back().fits(p, shares[j]))
          continue;
        slots.back().add(p, shares[j]);
        l.at = last;
        if (last >= 1.0)
          --unfinished;
        send_left[l.edge.from] -= take;
        receive_left[l.edge.to] -= take;
        for (const auto& [id, share] : shares[j])
          link_slot(id) -= take * share;
      }
    }
  }
  PeriodicSchedule schedule;
  schedule.period_slices = period_slices;
  for (auto& slot : slots)
    schedule.slots.push_back(std::move(slot.pieces));
  return schedule;
}

std::vector<double> slot_lengths(const PeriodicSchedule& schedule, const std::vector<double>& weights, const CostModel& costs, double slice_bytes)
{
  const std::vector<double> tree_bytes =
      period_tree_bytes(weights, slice_bytes * static_cast<double>(schedule.period_slices));
  std::vector<double> lengths;
  for (const auto& slot : schedule.slots) {
    double length = 0.0;
    for (const auto& piece : slot) {
      const double bytes = tree_bytes.at(piece.tree) * (piece.last - piece.first);
      length = std::max(length, costs.transfer_time(piece.from, piece.to, bytes));
    }
    lengths.push_back(length);
  }
  return lengths;
}

}  // namespace hbcast
