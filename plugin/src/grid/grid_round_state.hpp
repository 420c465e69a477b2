#pragma once
// Internal to the grid heuristics: the sets A and B of seed 003, section 3, the ready times RT_i,
// and the incremental "best sender per receiver" both ECEF-like and FEF-like heuristics need.
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

#include <limits>
#include <vector>

namespace hbcast::grid_detail {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// A candidate (value, receiver, sender); ties go to the lower receiver, then the lower sender,
/// so the incremental heuristics pick exactly what a naive scan in index order would.
struct Candidate {
  double value = kInfinity;
  std::size_t receiver = 0;
  std::size_t sender = 0;
};
inline bool better_min(const Candidate& a, const Candidate& b)
{
  if (a.value != b.value)
    return a.value < b.value;
  return a.receiver != b.receiver ? a.receiver < b.receiver : a.sender < b.sender;
}
inline bool better_max(const Candidate& a, const Candidate& b)
{
  if (a.value != b.value)
    return a.value > b.value;
  return a.receiver != b.receiver ? a.receiver < b.receiver : a.sender < b.sender;
}

/// A (informed clusters, in joining order), B (waiting clusters), the ready times, the decisions.
class RoundState {
public:
  explicit RoundState(const GridInstance& instance);
  const GridInstance& instance() const { return instance_; }
  bool done() const { return waiting_.empty(); }
  const std::vector<std::size_t>& informed() const { return informed_; }
  const std::vector<std::size_t>& waiting() const { return waiting_; }  ///< unordered
  bool is_waiting(std::size_t j) const { return position_[j] != kNone; }
  double ready(std::size_t i) const { return ready_[i]; }  ///< RT_i: holds the message and is free
  /// Sender i transfers to waiting j now (at RT_i); both become ready at the arrival.
  void send(std::size_t i, std::size_t j);
  GridSchedule finish() const;

private:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  const GridInstance& instance_;
  std::vector<std::size_t> informed_, waiting_, position_;
  std::vector<double> ready_;
  std::vector<std::pair<std::size_t, std::size_t>> decisions_;
};

/// For every waiting j, the informed sender minimising a key: RT_i + g_ij + L_ij (ECEF family),
/// g_ij + L_ij (BottomUp) or L_ij (FEF), kept up to date as RoundState::send runs.
///  * Without ready times values never change: the new member is compared in O(|B|) per round.
///  * With ready times, each j keeps a min-heap of (value, sender) entries, one pushed per sender
///    joining A. Only the sender's RT changes in a round, and only upwards, so its entries go stale
///    (too small); best(j) re-keys stale tops until the top is current, which is then the exact
///    lexicographic minimum. O(k^2 log k) per broadcast instead of rescanning A for every j whose
///    best sender just got busy (O(k^3) when one sender is everyone's best, as on Table 2 grids).
class BestSenders {
public:
  enum class Key { ready_plus_transfer, transfer, latency };  ///< RT_i + g + L (ECEF), g + L, L (FEF)
  BestSenders(const RoundState& state, Key key);
  /// Call after state.send(sender, receiver).
  void after_send(std::size_t sender, std::size_t receiver);
  /// The best (value, j, sender) for a waiting j.
  Candidate best(std::size_t j);

private:
  struct Entry {
    double value;
    std::size_t sender;
  };
  double value(std::size_t i, std::size_t j) const;
  void push(std::size_t j, std::size_t sender);
  const RoundState& state_;
  Key key_;
  bool with_ready_times_;
  std::vector<Candidate> best_;              // without ready times
  std::vector<std::vector<Entry>> heaps_;    // with ready times
};

/// The ECEF-LA family (seed 003, sections 4.4, 5.1, 5.2): each round, the pair minimising
/// RT_i + g_ij + L_ij + F_j. `Lookahead` has F(j) (over B \ {j}; 0 when j is alone in B) and
/// removed(j), called once j has left B.
template <class Lookahead>
GridSchedule run_ecef_with_lookahead(const GridInstance& instance, Lookahead& lookahead)
{
  RoundState state(instance);
  BestSenders senders(state, BestSenders::Key::ready_plus_transfer);
  while (!state.done()) {
    Candidate chosen;
    for (std::size_t j : state.waiting()) {
      const Candidate best = senders.best(j);
      const Candidate candidate{best.value + lookahead.value(j), j, best.sender};
      if (better_min(candidate, chosen))
        chosen = candidate;
    }
    state.send(chosen.sender, chosen.receiver);
    senders.after_send(chosen.sender, chosen.receiver);
    lookahead.removed(chosen.receiver, state);
  }
  return state.finish();
}

/// F_j = min (or max) over k in B \ {j} of weight(j, k), kept incrementally: when k leaves B, only
/// the j whose extremum was k are rescanned. `Weight` is a callable (j, k) -> seconds.
template <class Weight, bool kMaximum>
class ExtremumLookahead {
public:
  ExtremumLookahead(const RoundState& state, Weight weight) : weight_(weight), best_(state.instance().cluster_count())
  {
    for (std::size_t j : state.waiting())
      rescan(j, state);
  }
  double value(std::size_t j) const { return best_[j].receiver == kAlone ? 0.0 : best_[j].value; }
  void removed(std::size_t k, const RoundState& state)
  {
    for (std::size_t j : state.waiting())
      if (best_[j].receiver == k)
        rescan(j, state);
  }

private:
  static constexpr std::size_t kAlone = std::numeric_limits<std::size_t>::max();
  void rescan(std::size_t j, const RoundState& state)
  {
    Candidate best{kMaximum ? -kInfinity : kInfinity, kAlone, 0};
    for (std::size_t k : state.waiting())
      if (k != j) {
        const Candidate candidate{weight_(j, k), k, 0};
        if (kMaximum ? better_max(candidate, best) : better_min(candidate, best))
          best = candidate;
      }
    best_[j] = best;
  }
  Weight weight_;
  std::vector<Candidate> best_;  // .receiver holds the k reaching the extremum
};

}  // namespace hbcast::grid_detail
