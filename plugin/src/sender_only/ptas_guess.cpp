#include "ptas_guess.hpp"

#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <tuple>

namespace hbcast::ptas_detail {
namespace {

constexpr double kLeafClassTime = std::numeric_limits<double>::infinity();  // a class of leaves never sends

// Smallest i >= 1 with t <= threshold (1+eps')^i (the log gives a start, the loops make it exact).
int slow_class(double t, double threshold, double epsilon_prime)
{
  int i = std::max(1, static_cast<int>(std::ceil(std::log(t / threshold) / std::log1p(epsilon_prime))));
  while (t > threshold * std::pow(1.0 + epsilon_prime, i))
    ++i;
  while (i > 1 && t <= threshold * std::pow(1.0 + epsilon_prime, i - 1))
    --i;
  return i;
}

}  // namespace

Guess make_guess(const std::vector<double>& times, NodeId source, double epsilon_prime, double T)
{
  Guess guess;
  guess.T = T;
  guess.deadline = (1.0 + epsilon_prime) * (1.0 + 3.0 * epsilon_prime) * T;
  const double threshold = epsilon_prime * T;
  std::vector<std::pair<int, NodeId>> slow;  // (class, node); class 0 marks leaf-only
  for (NodeId v = 0; v < times.size(); ++v) {
    if (v == source || times[v] <= threshold) {
      guess.fast.push_back(v);
      continue;
    }
    int i = times[v] > guess.deadline ? 0 : slow_class(times[v], threshold, epsilon_prime);
    if (i != 0 && threshold * std::pow(1.0 + epsilon_prime, i) > guess.deadline)
      i = 0;
    slow.emplace_back(i == 0 ? std::numeric_limits<int>::max() : i, v);
  }
  std::sort(slow.begin(), slow.end());
  for (std::size_t k = 0; k < slow.size(); ++k) {
    if (k == 0 || slow[k].first != slow[k - 1].first) {
      const bool leaf = slow[k].first == std::numeric_limits<int>::max();
      guess.class_times.push_back(leaf ? kLeafClassTime : threshold * std::pow(1.0 + epsilon_prime, slow[k].first));
      guess.classes.emplace_back();
      guess.sending_classes += leaf ? 0 : 1;
    }
    guess.classes.back().push_back(slow[k].second);
  }
  guess.slow_count = slow.size();
  // Lemma 3: a tree finishing by the deadline whose senders all take >= tau_min has at most
  // 2^floor(deadline / tau_min) nodes (the informed count at most doubles every tau_min).
  double size_bound = 1.0;
  if (guess.sending_classes > 0)
    size_bound = std::pow(2.0, std::min(62.0, std::floor(guess.deadline / guess.class_times.front())));
  for (const auto& members : guess.classes) {
    guess.totals.push_back(members.size());
    guess.caps.push_back(static_cast<std::size_t>(std::min(static_cast<double>(members.size()), size_bound)));
  }
  return guess;
}

FastSchedule schedule_fast_set(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& fast)
{
  FastSchedule schedule{schedule_on_subset(times, source, fast, fastest_node_first), std::vector<double>(times.size(), 0.0),
                        0.0};
  const auto ready = ready_times(times, schedule.tree);
  for (NodeId p : fast)  // p's last send within F ends after its children's count of transmissions
    schedule.idle[p] = ready[p] + static_cast<double>(schedule.tree.children(p).size()) * times[p];
  schedule.makespan = *std::max_element(ready.begin(), ready.end());
  return schedule;
}

std::vector<SendingPoint> sending_points(const std::vector<double>& times, const std::vector<NodeId>& fast,
                                         const std::vector<double>& idle, std::size_t count, double deadline)
{
  using Entry = std::tuple<double, NodeId>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> next;
  for (NodeId p : fast)
    next.emplace(idle[p] + times[p], p);
  std::vector<SendingPoint> points;
  while (points.size() < count && !next.empty() && std::get<0>(next.top()) <= deadline) {
    const auto [time, p] = next.top();
    next.pop();
    points.push_back({time, p});
    next.emplace(time + times[p], p);
  }
  return points;
}

double makespan_lower_bound(const std::vector<double>& times, NodeId source)
{
  const double fastest = *std::min_element(times.begin(), times.end());
  const double rounds = std::ceil(std::log2(static_cast<double>(times.size())));
  return times[source] + fastest * std::max(0.0, rounds - 1.0);
}

}  // namespace hbcast::ptas_detail
