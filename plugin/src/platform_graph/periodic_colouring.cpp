#include <hbcast/platform_graph/periodic_colouring.hpp>

#include <hbcast/platform_graph/periodic_packing.hpp>

#include "period_transfers.hpp"
#include "steady_state_lp_detail.hpp"

#include <ClpSimplex.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>

namespace hbcast {
namespace {

constexpr double kColouringReducedCost = 1e-9;
constexpr std::size_t kColouringRounds = 1000;
constexpr std::size_t kColumnsPerRound = 32;
// The column generation stops once its program's rows x columns, summed over its rounds, pass
// this (CLP's work per round grows with both), or once 50 rounds shorten the slots by less than
// kColouringTailing of their length.
constexpr double kColouringWork = 5e8;
constexpr double kColouringTailing = 2e-3;
// A piece shorter than this fraction of its transfer joins its neighbour (a sliver would pay a
// latency of its own for nothing).
constexpr double kSliver = 1e-6;

struct Transfer {
  std::size_t tree = 0;
  NodeId from = kNoNode, to = kNoNode;
  double sending = 0.0;  // seconds, scaled by the busiest resource's time
  std::vector<std::pair<std::size_t, double>> shares;  // dense link index, share of its bandwidth
  double depth = 0.0;    // the sender's depth in the tree
};

// One set of transfers that may run together, built a transfer at a time.
class SlotBuilder {
public:
  SlotBuilder(std::size_t nodes, std::size_t links) : sender_(nodes, kNone), receiver_(nodes, kNone), load_(links, 0.0)
  {
  }

  bool fits(const Transfer& e) const
  {
    if (sender_[e.from] != kNone || receiver_[e.to] != kNone)
      return false;
    return std::all_of(e.shares.begin(), e.shares.end(),
                       [&](const auto& s) { return load_[s.first] + s.second <= 1.0 + 1e-9; });
  }
  void add(std::size_t index, const Transfer& e)
  {
    sender_[e.from] = receiver_[e.to] = index;
    for (const auto& [link, share] : e.shares)
      load_[link] += share;
    members_.push_back(index);
  }
  void remove(std::size_t index, const Transfer& e)
  {
    sender_[e.from] = receiver_[e.to] = kNone;
    for (const auto& [link, share] : e.shares)
      load_[link] -= share;
    members_.erase(std::find(members_.begin(), members_.end(), index));
  }
  std::size_t sender(NodeId node) const { return sender_[node]; }
  std::size_t receiver(NodeId node) const { return receiver_[node]; }
  std::vector<std::size_t> members() const
  {
    auto sorted = members_;
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
  void clear(const std::vector<Transfer>& transfers)
  {
    for (std::size_t index : std::vector<std::size_t>(members_))
      remove(index, transfers[index]);
  }

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

private:
  std::vector<std::size_t> sender_, receiver_;
  std::vector<double> load_;
  std::vector<std::size_t> members_;
};

// A set of large dual value: greedy in `order`, then exchanges where one transfer is worth more
// than the (at most two) it displaces at its ports, then greedy again.
std::vector<std::size_t> price(const std::vector<Transfer>& transfers, const std::vector<double>& value,
                               const std::vector<std::size_t>& order, SlotBuilder& slot)
{
  slot.clear(transfers);
  for (std::size_t e : order)
    if (value[e] > 0.0 && slot.fits(transfers[e]))
      slot.add(e, transfers[e]);
  for (std::size_t e : order) {
    if (!(value[e] > 0.0))
      continue;
    const Transfer& t = transfers[e];
    const std::size_t a = slot.sender(t.from), b = slot.receiver(t.to);
    if (a == e)
      continue;
    double displaced = 0.0;
    if (a != SlotBuilder::kNone)
      displaced += value[a];
    if (b != SlotBuilder::kNone && b != a)
      displaced += value[b];
    if (value[e] <= displaced + 1e-12)
      continue;
    if (a != SlotBuilder::kNone)
      slot.remove(a, transfers[a]);
    if (b != SlotBuilder::kNone && b != a)
      slot.remove(b, transfers[b]);
    if (slot.fits(t)) {
      slot.add(e, t);
    } else {  // a link is full: put them back
      if (a != SlotBuilder::kNone)
        slot.add(a, transfers[a]);
      if (b != SlotBuilder::kNone && b != a)
        slot.add(b, transfers[b]);
    }
  }
  for (std::size_t e : order)
    if (value[e] > 0.0 && slot.fits(transfers[e]))
      slot.add(e, transfers[e]);
  return slot.members();
}

// The ports' exact answer: a maximum-weight matching of senders to receivers (Kuhn-Munkres with
// potentials, O(V^3)), each pair worth its best transfer's value; then the links: its transfers by
// decreasing value while they fit, and the others greedily.
constexpr std::size_t kExactPricingNodes = 300;

std::vector<std::size_t> best_matching(const std::vector<Transfer>& transfers, const std::vector<double>& value,
                                       const std::vector<std::size_t>& order, std::size_t nodes)
{
  const std::size_t n = nodes;
  std::vector<std::size_t> best(n * n, SlotBuilder::kNone);
  for (std::size_t e : order)
    if (value[e] > 0.0) {
      std::size_t& at = best[transfers[e].from * n + transfers[e].to];
      if (at == SlotBuilder::kNone || value[e] > value[at])
        at = e;
    }
  const auto cost = [&](std::size_t i, std::size_t j) {  // 1-based row i (sender), column j (receiver)
    const std::size_t e = best[(i - 1) * n + (j - 1)];
    return e == SlotBuilder::kNone ? 0.0 : -value[e];
  };
  const double infinity = std::numeric_limits<double>::infinity();
  std::vector<double> row_potential(n + 1, 0.0), column_potential(n + 1, 0.0), least(n + 1);
  std::vector<std::size_t> row_of(n + 1, 0), way(n + 1, 0);
  std::vector<char> used(n + 1);
  for (std::size_t i = 1; i <= n; ++i) {
    row_of[0] = i;
    std::size_t j0 = 0;
    std::fill(least.begin(), least.end(), infinity);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const std::size_t i0 = row_of[j0];
      double delta = infinity;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= n; ++j)
        if (!used[j]) {
          const double reduced = cost(i0, j) - row_potential[i0] - column_potential[j];
          if (reduced < least[j]) {
            least[j] = reduced;
            way[j] = j0;
          }
          if (least[j] < delta) {
            delta = least[j];
            j1 = j;
          }
        }
      for (std::size_t j = 0; j <= n; ++j)
        if (used[j]) {
          row_potential[row_of[j]] += delta;
          column_potential[j] -= delta;
        } else {
          least[j] -= delta;
        }
      j0 = j1;
    } while (row_of[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      row_of[j0] = row_of[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<std::size_t> matched;
  for (std::size_t j = 1; j <= n; ++j)
    if (row_of[j] != 0 && best[(row_of[j] - 1) * n + (j - 1)] != SlotBuilder::kNone)
      matched.push_back(best[(row_of[j] - 1) * n + (j - 1)]);
  return matched;
}

// The matching of the ports, then the links: a matching whose transfers overload a SHARED link is
// priced again with that link's transfers worth less (a price per link raised by its overload, a
// few rounds); each matching keeps its transfers by decreasing value while they fit, then the
// others greedily; the best set found is returned.
std::vector<std::size_t> price_matching(const std::vector<Transfer>& transfers, const std::vector<double>& value,
                                        const std::vector<std::size_t>& order, std::size_t nodes, std::size_t links,
                                        SlotBuilder& slot)
{
  std::vector<double> link_price(links, 0.0), adjusted(value);
  double top = 0.0;
  for (double v : value)
    top = std::max(top, v);
  std::vector<std::size_t> best_set;
  double best_worth = -1.0;
  for (int round = 0; round < 6; ++round) {
    for (std::size_t e : order) {
      adjusted[e] = value[e];
      for (const auto& [link, share] : transfers[e].shares)
        adjusted[e] -= link_price[link] * share;
    }
    auto matched = best_matching(transfers, adjusted, order, nodes);
    std::stable_sort(matched.begin(), matched.end(), [&](std::size_t a, std::size_t b) { return value[a] > value[b]; });
    std::vector<double> load(links, 0.0);
    for (std::size_t e : matched)
      for (const auto& [link, share] : transfers[e].shares)
        load[link] += share;
    slot.clear(transfers);
    for (std::size_t e : matched)
      if (slot.fits(transfers[e]))
        slot.add(e, transfers[e]);
    for (std::size_t e : order)
      if (value[e] > 0.0 && slot.fits(transfers[e]))
        slot.add(e, transfers[e]);
    auto set = slot.members();
    double sum = 0.0;
    for (std::size_t e : set)
      sum += value[e];
    if (sum > best_worth) {
      best_worth = sum;
      best_set = std::move(set);
    }
    bool over = false;
    for (std::size_t l = 0; l < links; ++l)
      if (load[l] > 1.0 + 1e-9) {
        link_price[l] += 0.5 * top * (load[l] - 1.0);
        over = true;
      }
    if (!over)
      break;
  }
  return best_set;
}

double worth(const std::vector<std::size_t>& set, const std::vector<double>& value)
{
  double sum = 0.0;
  for (std::size_t e : set)
    sum += value[e];
  return sum;
}

// The slots in a list order: each next one the slot whose pairs' time goes most to transfers
// whose sender already holds its tree's data of the period (ties: the senders' mean depth), so
// that a block crosses several hops in one period (periodic_lags). A pair's time goes to its
// ready transfers first, the shallowest first; the pieces that begin within a slot (where the
// pair's transfer before ends) form a slot of their own after it, one piece per pair a slot.
// `chosen` holds the slots' pairs and lengths; the result, each slot's (transfer, sending time).
std::vector<std::vector<std::pair<std::size_t, double>>> list_order(
    const std::vector<Transfer>& transfers, const std::vector<Transfer>& pairs,
    const std::vector<std::vector<std::size_t>>& members,
    const std::vector<std::pair<std::vector<std::size_t>, double>>& chosen, std::size_t trees, std::size_t nodes)
{
  std::vector<std::vector<std::pair<std::size_t, double>>> slot_parts;
  std::vector<double> rest(transfers.size());
  for (std::size_t e = 0; e < transfers.size(); ++e)
    rest[e] = transfers[e].sending;
  // Per tree and node: the sending time still to come in (its parent's transfer to it).
  std::vector<std::vector<double>> coming(trees, std::vector<double>(nodes, 0.0));
  for (const auto& list : members)
    for (std::size_t e : list)
      coming[transfers[e].tree][transfers[e].to] += rest[e];
  const auto ready = [&](std::size_t e) {
    return coming[transfers[e].tree][transfers[e].from] <= 1e-9 * transfers[e].sending;
  };
  // Each slot's senders' mean depth (the tie-break).
  std::vector<double> mean_depth;
  for (const auto& [set, length] : chosen) {
    double sum = 0.0;
    for (std::size_t j : set)
      sum += pairs[j].depth;
    mean_depth.push_back(sum / static_cast<double>(set.size()));
  }
  std::vector<char> placed(chosen.size(), 0);
  // Per pair: its ready transfers, the shallowest first.
  std::vector<std::vector<std::size_t>> ready_of(pairs.size());
  for (std::size_t step = 0; step < chosen.size(); ++step) {
    for (std::size_t j = 0; j < pairs.size(); ++j) {
      ready_of[j].clear();
      for (std::size_t e : members[j])
        if (rest[e] > 0.0 && ready(e))
          ready_of[j].push_back(e);
    }
    std::size_t next = chosen.size();
    double best_score = -1.0, best_depth = 0.0;
    for (std::size_t c = 0; c < chosen.size(); ++c) {
      if (placed[c])
        continue;
      const auto& [set, length] = chosen[c];
      double score = 0.0;
      for (std::size_t j : set) {
        double at = 0.0;
        for (std::size_t e : ready_of[j]) {
          const double take = std::min(length - at, rest[e]);
          score += take;
          at += take;
          if (!(at < length))
            break;
        }
      }
      score /= length * static_cast<double>(set.size());
      const double depth = mean_depth[c];
      if (score > best_score + 1e-12 || (score > best_score - 1e-12 && depth < best_depth)) {
        best_score = score;
        best_depth = depth;
        next = c;
      }
    }
    placed[next] = 1;
    const auto& [set, length] = chosen[next];
    // Each pair's transfers in the slot, in turn; the pieces that begin within the slot (where
    // the one before ends) form a slot of their own after it.
    // Which transfers are ready is settled before the slot: a transfer in it does not make
    // another in it ready.
    std::vector<std::vector<std::size_t>> queues;
    for (std::size_t j : set) {
      auto& queue = queues.emplace_back(ready_of[j]);
      for (std::size_t e : members[j])
        if (rest[e] > 0.0 && !ready(e))
          queue.push_back(e);
    }
    std::map<double, std::vector<std::pair<std::size_t, double>>> by_start;
    for (const auto& queue : queues) {
      double at = 0.0;
      for (std::size_t e : queue) {
        if (!(at < length * (1.0 - 1e-12)))
          break;
        const double take = std::min(length - at, rest[e]);
        rest[e] = rest[e] - take <= 1e-9 * transfers[e].sending ? 0.0 : rest[e] - take;
        coming[transfers[e].tree][transfers[e].to] = std::max(0.0, coming[transfers[e].tree][transfers[e].to] - take);
        by_start[at].emplace_back(e, take);
        at += take;
      }
    }
    for (auto& [at, parts] : by_start)
      slot_parts.push_back(std::move(parts));
  }
  return slot_parts;
}

}  // namespace

PeriodColouring colour_period(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                              const CostModel& costs, double slice_bytes, std::size_t period_slices,
                              const LinkRouteModel* links)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("periodic colouring: one weight per tree, and at least one tree");
  if (period_slices == 0 || !(slice_bytes > 0.0))
    throw std::invalid_argument("periodic colouring: a period needs slices of a positive size");
  const std::size_t nodes = costs.size();
  const double block = slice_bytes * static_cast<double>(period_slices);
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  const auto depths = tree_depths(parents);

  // The period's transfers, their links as dense indices, and every resource's load.
  std::vector<Transfer> transfers;
  std::map<LinkId, std::size_t> dense;
  for (const PeriodTransfer& p : period_transfers(trees, weights, block)) {
    Transfer e;
    e.tree = p.tree;
    e.from = p.from;
    e.to = p.to;
    e.sending = costs.transfer_time(p.from, p.to, p.bytes) - costs.latency(p.from, p.to);
    e.depth = static_cast<double>(depths[p.tree][p.from]);
    if (links != nullptr)
      for (const auto& [id, share] : shared_link_shares(*links, p.from, p.to))
        e.shares.emplace_back(dense.emplace(id, dense.size()).first->second, share);
    transfers.push_back(std::move(e));
  }
  std::vector<double> send_load(nodes, 0.0), receive_load(nodes, 0.0), link_load(dense.size(), 0.0);
  for (const Transfer& e : transfers) {
    send_load[e.from] += e.sending;
    receive_load[e.to] += e.sending;
    for (const auto& [link, share] : e.shares)
      link_load[link] += e.sending * share;
  }
  PeriodColouring result;
  result.schedule.period_slices = period_slices;
  for (const auto* load : {&send_load, &receive_load, &link_load})
    for (double busy : *load)
      result.busiest = std::max(result.busiest, busy);

  // The transfers that send for a time (scaled to the busiest resource's) go to the program;
  // those with none (no bandwidth limits them) are placed afterwards, first fit on the ports.
  // Transfers between the same two hosts take the same ports and links: the program colours
  // each pair of hosts once (a row per pair), and the pair's transfers then take its slots'
  // time in turn, the shallowest sender first.
  std::vector<Transfer> pairs;
  std::vector<std::vector<std::size_t>> members;
  std::map<std::pair<NodeId, NodeId>, std::size_t> pair_of;
  for (std::size_t e = 0; e < transfers.size(); ++e)
    if (result.busiest > 0.0 && transfers[e].sending > 1e-12 * result.busiest) {
      Transfer& t = transfers[e];
      t.sending /= result.busiest;
      const auto [it, fresh] = pair_of.emplace(std::make_pair(t.from, t.to), pairs.size());
      if (fresh) {
        pairs.push_back({0, t.from, t.to, 0.0, t.shares, 0.0});
        members.emplace_back();
      }
      Transfer& pair = pairs[it->second];
      pair.depth = (pair.depth * pair.sending + t.depth * t.sending) / (pair.sending + t.sending);
      pair.sending += t.sending;
      members[it->second].push_back(e);
    }
  for (auto& list : members)
    std::stable_sort(list.begin(), list.end(),
                     [&](std::size_t a, std::size_t b) { return transfers[a].depth < transfers[b].depth; });
  std::vector<std::pair<std::vector<std::size_t>, double>> chosen;  // the slots' pairs and lengths
  if (!pairs.empty()) {
    // Rows: one per pair of hosts, sum of its slots >= its transfers' sending time.
    std::vector<std::size_t> rows(pairs.size());
    std::iota(rows.begin(), rows.end(), std::size_t{0});
    std::vector<double> lower, upper;
    for (const Transfer& pair : pairs) {
      lower.push_back(pair.sending);
      upper.push_back(COIN_DBL_MAX);
    }
    ClpSimplex model;
    model.setLogLevel(0);
    const std::vector<CoinBigIndex> start{0};
    model.loadProblem(0, static_cast<int>(pairs.size()), start.data(), nullptr, nullptr, nullptr, nullptr, nullptr,
                      lower.data(), upper.data());
    model.setDualTolerance(1e-11);
    model.setPrimalTolerance(1e-10);
    std::set<std::vector<std::size_t>> known;
    std::vector<std::vector<std::size_t>> columns;
    const auto add_column = [&](const std::vector<std::size_t>& set) {
      if (set.empty() || !known.insert(set).second)
        return false;
      std::vector<int> indices(set.begin(), set.end());
      const std::vector<double> ones(indices.size(), 1.0);
      model.addColumn(static_cast<int>(indices.size()), indices.data(), ones.data(), 0.0, COIN_DBL_MAX, 1.0);
      columns.push_back(set);
      return true;
    };
    SlotBuilder slot(nodes, dense.size());
    std::vector<double> value(pairs.size(), 0.0);
    const auto orders = [&] {
      // By value, and by value per unit of resource taken (its ports and shared links).
      std::vector<std::size_t> by_value = rows, by_density = rows;
      std::stable_sort(by_value.begin(), by_value.end(), [&](std::size_t a, std::size_t b) { return value[a] > value[b]; });
      const auto density = [&](std::size_t e) {
        double taken = 2.0;
        for (const auto& [link, share] : pairs[e].shares)
          taken += share;
        return value[e] / taken;
      };
      std::stable_sort(by_density.begin(), by_density.end(),
                       [&](std::size_t a, std::size_t b) { return density(a) > density(b); });
      return std::vector<std::vector<std::size_t>>{by_value, by_density};
    };
    // Start: every pair alone (the program is feasible), and greedy sets by sending time.
    for (std::size_t e : rows) {
      add_column({e});
      value[e] = pairs[e].sending;
    }
    for (const auto& order : orders())
      add_column(price(pairs, value, order, slot));
    double work = 0.0, earlier = INFINITY;
    for (std::size_t round = 0; round < kColouringRounds; ++round) {
      model.primal();
      steady_state_lp_detail::require_optimal(model);
      // The busiest resource's time bounds every colouring: met, it is optimal.
      const double objective = model.objectiveValue();
      if (objective <= 1.0 + kColouringReducedCost)
        break;
      work += static_cast<double>(pairs.size()) * static_cast<double>(columns.size());
      if (work > kColouringWork)
        break;
      if (round % 50 == 0) {
        if (earlier - objective < kColouringTailing * objective)
          break;
        earlier = objective;
      }
      const double* dual = model.dualRowSolution();
      for (std::size_t r = 0; r < pairs.size(); ++r)
        value[r] = std::max(0.0, dual[r]);
      bool added = false;
      const auto both = orders();
      for (const auto& order : both) {
        // Several sets a round: each next one priced with the pairs of those before worth
        // nothing, so that the round covers many pairs.
        std::vector<double> working(value);
        for (std::size_t k = 0; k < kColumnsPerRound; ++k) {
          const auto set = price(pairs, working, order, slot);
          if (set.empty() || !(worth(set, value) > 1.0 + kColouringReducedCost))
            break;
          added = add_column(set) || added;
          for (std::size_t e : set)
            working[e] = 0.0;
        }
      }
      if (nodes <= kExactPricingNodes) {
        const auto set = price_matching(pairs, value, both.front(), nodes, dense.size(), slot);
        if (worth(set, value) > 1.0 + kColouringReducedCost)
          added = add_column(set) || added;
      }
      if (!added)
        break;
    }
    const double* length = model.primalColumnSolution();
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (length[c] > 1e-12) {
        chosen.emplace_back(columns[c], length[c]);
        result.sending_time += length[c] * result.busiest;
      }
  }
  const auto slot_parts = list_order(transfers, pairs, members, chosen, trees.size(), nodes);
  // Each transfer takes its sending time from the slots it is in, in order; slivers join their
  // neighbour piece.
  std::vector<std::vector<std::pair<std::size_t, double>>> taken(transfers.size());  // (slot, time)
  std::vector<double> left(transfers.size());
  for (std::size_t e = 0; e < transfers.size(); ++e)
    left[e] = transfers[e].sending;
  for (std::size_t s = 0; s < slot_parts.size(); ++s)
    for (const auto& [e, time] : slot_parts[s])
      if (left[e] > 0.0) {
        const double take = std::min(time, left[e]);
        taken[e].emplace_back(s, take);
        left[e] -= take;
      }
  std::vector<std::vector<PeriodicPiece>> slots(slot_parts.size());
  std::vector<SlotPorts> ports(slot_parts.size(), SlotPorts(nodes));
  // The program's transfers first, so that those without sending time see every port they take.
  std::vector<std::size_t> placing(transfers.size());
  std::iota(placing.begin(), placing.end(), std::size_t{0});
  std::stable_partition(placing.begin(), placing.end(), [&](std::size_t e) { return !taken[e].empty(); });
  for (std::size_t e : placing) {
    const Transfer& t = transfers[e];
    auto& parts = taken[e];
    if (parts.empty()) {
      // No sending time (or none left to the program): the first slot with both ports free.
      std::size_t s = 0;
      while (s < slots.size() && !ports[s].free(t.from, t.to))
        ++s;
      if (s == slots.size()) {
        slots.emplace_back();
        ports.emplace_back(nodes);
      }
      parts.emplace_back(s, 0.0);
    }
    if (left[e] > 0.0)  // the program covers every transfer; rounding may leave a hair
      parts.back().second += left[e];
    const double whole = std::max(t.sending, 1e-300);
    std::vector<std::pair<std::size_t, double>> merged;
    for (const auto& part : parts) {
      if (!merged.empty() && part.second < kSliver * whole)
        merged.back().second += part.second;
      else if (merged.size() == 1 && merged.front().second < kSliver * whole) {
        merged.front().first = part.first;
        merged.front().second += part.second;
      } else
        merged.push_back(part);
    }
    double at = 0.0, sum = 0.0;
    for (std::size_t k = 0; k < merged.size(); ++k) {
      sum += merged[k].second;
      const double last = k + 1 == merged.size() ? 1.0 : std::min(1.0, sum / whole);
      if (!(last > at))
        continue;
      slots[merged[k].first].push_back({t.tree, t.from, t.to, at, last});
      ports[merged[k].first].take(t.from, t.to);
      at = last;
    }
  }
  for (auto& slot : slots)
    if (!slot.empty())
      result.schedule.slots.push_back(std::move(slot));
  return result;
}

}  // namespace hbcast
