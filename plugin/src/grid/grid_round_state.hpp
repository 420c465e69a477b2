#pragma once
// Internal to the grid heuristics: the sets A and B of Barchet-Steffenel-Mounié, section 3, the ready times RT_i,
// the incremental "best sender per receiver" and the round loop every A/B heuristic shares.
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_schedule.hpp>

#include <limits>
#include <utility>
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

/// Which extremum a heuristic's round (or a lookahead) takes.
enum class Pick { minimum, maximum };
inline bool better(Pick pick, const Candidate& a, const Candidate& b)
{
  return pick == Pick::maximum ? better_max(a, b) : better_min(a, b);
}

/// B (waiting clusters), |A| (informed ones), the ready times and the decisions.
class RoundState {
public:
  explicit RoundState(const GridInstance& instance);
  const GridInstance& instance() const { return instance_; }
  bool done() const { return waiting_.empty(); }
  const std::vector<std::size_t>& waiting() const { return waiting_; }  ///< unordered
  std::size_t informed_count() const { return instance_.cluster_count() - waiting_.size(); }
  double ready(std::size_t i) const { return ready_[i]; }  ///< RT_i: holds the message and is free
  /// Sender i transfers to waiting j now (at RT_i); both become ready at the arrival.
  void send(std::size_t i, std::size_t j);
  GridSchedule finish() const;

private:
  const GridInstance& instance_;
  std::vector<std::size_t> waiting_, position_;  // position_[j]: j's index in waiting_ while waiting
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
  /// Call after state.send(sender, receiver): the receiver joined A.
  void after_send(std::size_t receiver);
  /// The best (value, j, sender) for a waiting j.
  Candidate best(std::size_t j);

private:
  struct Entry {
    double value;
    std::size_t sender;
  };
  bool with_ready_times() const { return key_ == Key::ready_plus_transfer; }
  double value(std::size_t i, std::size_t j) const;
  void push(std::size_t j, std::size_t sender);
  const RoundState& state_;
  Key key_;
  std::vector<Candidate> best_;              // without ready times
  std::vector<std::vector<Entry>> heaps_;    // with ready times
};

/// Defaults of run_rounds: no term added, nothing to update after a send.
struct NoTerm {
  double operator()(std::size_t) const { return 0.0; }
};
struct NothingToUpdate {
  void operator()(std::size_t) const {}
};

/// The round loop of every A/B heuristic (Barchet-Steffenel-Mounié, sections 4 and 5): each round, every waiting j
/// scores (best sender's key) + term(j); the pair with the `pick` score is sent (ties: lower j,
/// then lower sender), then sent(j) runs with j already out of B.
template <class Term = NoTerm, class Sent = NothingToUpdate>
GridSchedule run_rounds(RoundState& state, BestSenders::Key key, Pick pick, Term term = {}, Sent sent = {})
{
  BestSenders senders(state, key);
  while (!state.done()) {
    Candidate chosen{pick == Pick::maximum ? -kInfinity : kInfinity, 0, 0};
    for (std::size_t j : state.waiting()) {
      const Candidate best = senders.best(j);
      const Candidate candidate{best.value + term(j), j, best.sender};
      if (better(pick, candidate, chosen))
        chosen = candidate;
    }
    state.send(chosen.sender, chosen.receiver);
    senders.after_send(chosen.receiver);
    sent(chosen.receiver);
  }
  return state.finish();
}

/// The ECEF-LA family (Barchet-Steffenel-Mounié, sections 4.4, 5.1, 5.2): each round, the pair minimising
/// RT_i + g_ij + L_ij + F_j. `Lookahead(state, args...)` has value(j) = F_j (over B \ {j}; 0 when
/// j is alone in B) and removed(j), called once j has left B.
template <class Lookahead, class... Args>
GridSchedule ecef_with(const GridInstance& instance, Args&&... args)
{
  RoundState state(instance);
  Lookahead lookahead(state, std::forward<Args>(args)...);
  return run_rounds(state, BestSenders::Key::ready_plus_transfer, Pick::minimum,
                    [&lookahead](std::size_t j) { return lookahead.value(j); },
                    [&lookahead](std::size_t j) { lookahead.removed(j); });
}

/// For every waiting j, the sum over b in B \ {j} of g_jb + L_jb (the average lookaheads' sums);
/// O(|B|) per cluster leaving B.
class SumsToWaiting {
public:
  explicit SumsToWaiting(const RoundState& state);
  double operator[](std::size_t j) const { return sum_[j]; }
  /// Call once x has left B.
  void removed(std::size_t x);

private:
  const RoundState& state_;
  std::vector<double> sum_;
};

/// The lookahead weight w(j, k) of ECEF-LA (g_jk + L_jk, section 4.4) and of ECEF-LAt / ECEF-LAT
/// (g_jk + L_jk + T_k, section 5.1).
enum class LookaheadWeight { transfer, transfer_then_broadcast };

/// ECEF with F_j = the min or max over k in B \ {j} of `weight`(j, k).
GridSchedule schedule_ecef_with_extremum(const GridInstance& instance, LookaheadWeight weight, Pick extremum);

}  // namespace hbcast::grid_detail
