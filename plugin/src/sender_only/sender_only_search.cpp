#include <hbcast/sender_only/sender_only_search.hpp>

#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace hbcast {
namespace {

using Clock = std::chrono::steady_clock;

// Processors grouped by equal transmission time; the search places classes, not processors.
struct SpeedClasses {
  std::vector<double> time;                  // per class
  std::vector<std::vector<NodeId>> members;  // per class, increasing index
  std::vector<std::size_t> count;            // per class: members still to place
};

SpeedClasses group_by_time(const std::vector<double>& times, std::optional<NodeId> source, bool fastest_first)
{
  std::vector<NodeId> order(times.size());
  std::iota(order.begin(), order.end(), 0);
  if (fastest_first)  // technique 1: children in order of increasing transmission time
    std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) { return times[a] < times[b]; });
  SpeedClasses classes;  // otherwise classes come in order of their first processor (generic search)
  for (NodeId p : order) {
    auto it = std::find(classes.time.begin(), classes.time.end(), times[p]);
    const std::size_t c = static_cast<std::size_t>(it - classes.time.begin());
    if (it == classes.time.end()) {
      classes.time.push_back(times[p]);
      classes.members.emplace_back();
      classes.count.push_back(0);
    }
    classes.members[c].push_back(p);
    if (!source || p != *source)
      ++classes.count[c];
  }
  for (auto& members : classes.members)
    std::sort(members.begin(), members.end());
  return classes;
}

class BranchAndBound {
public:
  BranchAndBound(const std::vector<double>& times, std::optional<NodeId> source, const SenderOnlySearchOptions& options,
                 double incumbent)
      : times_(times), source_(source), options_(options),
        classes_(group_by_time(times, source, options.fastest_first_order)), best_(incumbent),
        start_(Clock::now())
  {
    fastest_class_ = static_cast<std::size_t>(
        std::min_element(classes_.time.begin(), classes_.time.end()) - classes_.time.begin());
  }

  /// Runs the search; true when it ran to the end (the incumbent is then optimal).
  bool run()
  {
    if (source_)
      place(class_of(*source_), 0.0, kNoSender);
    explore();
    return !stopped_;
  }

  double best() const { return best_; }
  const std::vector<std::size_t>& best_classes() const { return best_classes_; }
  std::uint64_t nodes() const { return nodes_; }
  const SpeedClasses& classes() const { return classes_; }

private:
  static constexpr std::size_t kNoSender = std::numeric_limits<std::size_t>::max();

  std::size_t class_of(NodeId p) const
  {
    return static_cast<std::size_t>(std::find(classes_.time.begin(), classes_.time.end(), times_[p]) -
                                    classes_.time.begin());
  }

  // Appends a processor of class c, ready at `ready`, served by informed entry `sender`.
  void place(std::size_t c, double ready, std::size_t sender)
  {
    if (sender != kNoSender)
      completion_[sender] += period_[sender];
    completion_.push_back(ready + classes_.time[c]);
    period_.push_back(classes_.time[c]);
    sequence_.push_back(c);
  }
  void unplace(std::size_t sender)
  {
    completion_.pop_back();
    period_.pop_back();
    sequence_.pop_back();
    if (sender != kNoSender)
      completion_[sender] -= period_[sender];
  }

  // Equation (1): the informed processor completing a transmission earliest serves the next one.
  // Ties go to the faster sender, so that sorting a tie group's receivers by speed is the
  // representative that technique 2 keeps (see no_slower_sender_violated).
  std::size_t next_sender() const
  {
    std::size_t best = 0;
    for (std::size_t k = 1; k < completion_.size(); ++k)
      if (completion_[k] < completion_[best] || (completion_[k] == completion_[best] && period_[k] < period_[best]))
        best = k;
    return best;
  }

  bool stop_now()
  {
    if (options_.node_limit != 0 && nodes_ >= options_.node_limit)
      stopped_ = true;
    else if (options_.time_limit_seconds > 0.0 && (nodes_ & 1023) == 0 &&
             std::chrono::duration<double>(Clock::now() - start_).count() > options_.time_limit_seconds)
      stopped_ = true;
    return stopped_;
  }

  // Technique 2 (Theorem 4.2): some optimal tree has no sender slower than its child. Its proof
  // exchanges a parent with a faster child; with a given source the exchange never moves the
  // source when the parent is another processor, so only the source is exempt. Receivers that
  // become ready together can be served in any order at the same times (ready times do not depend
  // on who serves whom), and the order sorted by speed meets the fastest senders first, so it
  // survives whenever any order could.
  bool no_slower_sender_violated(std::size_t sender, std::size_t receiver_class) const
  {
    const bool sender_is_given_source = source_ && sender == 0;
    return options_.no_slower_sender && !sender_is_given_source && period_[sender] > classes_.time[receiver_class];
  }

  // Our lower bound. Making processors faster never lengthens the optimum (a faster processor can
  // wait), and when every remaining processor has the same time tau, serving each next one from
  // the earliest completing sender informs the k-th of them as early as any schedule can (an
  // exchange argument: it keeps the multiset of completion times pointwise earliest). So if that
  // greedy, with tau the fastest remaining time, cannot inform them all before the incumbent,
  // no completion of this prefix can.
  //
  // The greedy serves completions in time order, so it informs all `remaining` before the
  // incumbent iff at least that many completions fall before it. They are counted, not
  // simulated with a heap: each placed sender completes at c, c + p, ...; each processor
  // informed at t completes at t + tau, t + 2 tau, ... (the same sums, so the same decisions),
  // and the count stops at `remaining`: O(placed + remaining), no log factor, no allocation.
  bool fastest_remaining_cannot_win(std::size_t remaining)
  {
    if (!options_.fastest_remaining_bound || remaining == 0)
      return false;
    double tau = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < classes_.count.size(); ++c)
      if (classes_.count[c] > 0)
        tau = std::min(tau, classes_.time[c]);
    std::size_t informed = 0;
    informed_at_.clear();
    for (std::size_t k = 0; k < completion_.size(); ++k)
      for (double t = completion_[k]; t < best_; t += period_[k]) {
        if (++informed >= remaining)
          return false;
        informed_at_.push_back(t);
      }
    while (!informed_at_.empty()) {  // each informed processor's own completions
      const double informed_time = informed_at_.back();
      informed_at_.pop_back();
      for (double t = informed_time + tau; t < best_; t += tau) {
        if (++informed >= remaining)
          return false;
        informed_at_.push_back(t);
      }
    }
    return true;
  }

  std::size_t remaining_count() const { return times_.size() - sequence_.size(); }

  void explore()
  {
    const std::size_t remaining = remaining_count();
    if (remaining == 0) {
      const double makespan = sequence_.size() <= 1 ? 0.0 : last_ready_;
      if (makespan < best_) {
        best_ = makespan;
        best_classes_ = sequence_;
      }
      return;
    }
    const bool opening = sequence_.empty();
    const std::size_t sender = opening ? kNoSender : next_sender();
    const double ready = opening ? 0.0 : completion_[sender];
    if (ready >= best_)  // every child is ready at this time: the prefix cannot beat the incumbent
      return;
    // Theorem 4.3 (any source only): the fastest processors open the sequence.
    const bool fastest_forced = options_.fastest_processors_first && !source_ && classes_.count[fastest_class_] > 0;
    for (std::size_t c = 0; c < classes_.count.size() && !stopped_; ++c) {
      if (classes_.count[c] == 0 || (fastest_forced && c != fastest_class_))
        continue;
      ++nodes_;
      if (stop_now())
        return;
      if (!opening && no_slower_sender_violated(sender, c))
        continue;
      --classes_.count[c];
      place(c, ready, sender);
      const double saved_last = last_ready_;
      last_ready_ = ready;
      if (!fastest_remaining_cannot_win(remaining - 1))
        explore();
      last_ready_ = saved_last;
      unplace(sender);
      ++classes_.count[c];
    }
  }

  const std::vector<double>& times_;
  std::optional<NodeId> source_;
  SenderOnlySearchOptions options_;
  SpeedClasses classes_;
  std::size_t fastest_class_ = 0;
  double best_;
  std::vector<std::size_t> best_classes_;
  std::vector<std::size_t> sequence_;  // class of each placed processor
  std::vector<double> completion_;     // next transmission completion of each placed processor
  std::vector<double> period_;         // its transmission time
  double last_ready_ = 0.0;
  std::vector<double> informed_at_;    // scratch of fastest_remaining_cannot_win
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  Clock::time_point start_;
};

// Class sequence -> processor sequence: within a class, lower indices first.
std::vector<NodeId> processors_of(const SpeedClasses& classes, const std::vector<std::size_t>& class_sequence,
                                  std::optional<NodeId> source)
{
  std::vector<std::size_t> next(classes.members.size(), 0);
  std::vector<NodeId> sequence;
  for (std::size_t k = 0; k < class_sequence.size(); ++k) {
    const auto& members = classes.members[class_sequence[k]];
    std::size_t& i = next[class_sequence[k]];
    if (k == 0 && source) {
      sequence.push_back(*source);
      continue;
    }
    while (source && members[i] == *source)
      ++i;
    sequence.push_back(members[i++]);
  }
  return sequence;
}

}  // namespace

SenderOnlySearchOptions liu_search_options()
{
  SenderOnlySearchOptions options;
  options.fastest_remaining_bound = false;
  return options;
}

SenderOnlySearchOptions generic_search_options()
{
  SenderOnlySearchOptions options;
  options.fastest_first_order = options.fastest_processors_first = options.no_slower_sender = false;
  options.fnf_incumbent = options.fastest_remaining_bound = false;
  return options;
}

BroadcastTree tree_of_sequence(const std::vector<double>& times, const std::vector<NodeId>& sequence)
{
  return schedule_sequence(times, sequence.at(0), std::vector<NodeId>(sequence.begin() + 1, sequence.end())).tree;
}

SenderOnlySearchResult search_optimal_broadcast(const std::vector<double>& times, std::optional<NodeId> source,
                                                const SenderOnlySearchOptions& options)
{
  require_transmission_times(times, source);
  const auto start = Clock::now();
  const NodeId fnf_source = source ? *source : fastest_processor(times);
  SenderOnlySearchResult result;
  const auto fnf_order = fnf_receive_order(times, fnf_source);
  auto fnf = schedule_sequence(times, fnf_source, fnf_order);
  result.tree = std::move(fnf.tree);
  result.makespan = fnf.ready.empty() ? 0.0 : fnf.ready.back();  // equation (1): ready times never decrease
  result.sequence.push_back(fnf_source);
  result.sequence.insert(result.sequence.end(), fnf_order.begin(), fnf_order.end());

  const double incumbent = options.fnf_incumbent ? result.makespan : std::numeric_limits<double>::infinity();
  BranchAndBound search(times, source, options, std::min(incumbent, options.upper_bound));
  result.proven_optimal = search.run();
  if (!search.best_classes().empty()) {  // the search beat its incumbent: its own makespan, and its tree
    result.sequence = processors_of(search.classes(), search.best_classes(), source);
    result.tree = tree_of_sequence(times, result.sequence);
    result.makespan = search.best();
  }
  result.nodes_examined = search.nodes();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace hbcast
