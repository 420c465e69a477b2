#include <hbcast/sender_only/sender_only_ptas.hpp>

#include "ptas_attachment.hpp"
#include "ptas_guess.hpp"
#include "ptas_slow_trees.hpp"

#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace hbcast {
namespace {

using namespace ptas_detail;


void check_input(const std::vector<double>& times, NodeId source, const PtasParameters& parameters)
{
  if (!(parameters.epsilon > 0.0) || !std::isfinite(parameters.epsilon))
    throw std::invalid_argument("PTAS: epsilon must be a finite number > 0");
  if (!(parameters.epsilon_prime > 0.0) || !(parameters.epsilon_prime <= 1.0))
    throw std::invalid_argument("PTAS: epsilon' must be in (0, 1]");
  require_transmission_times(times, source);
}

// Instances the guess loop does not need: one processor, or a source with t = 0 (it informs
// everyone at time 0, which FNF does).
bool trivial(const std::vector<double>& times, NodeId source) { return times.size() < 2 || times[source] == 0.0; }

// Khuller-Kim-Woeginger, Theorem 3: T = L (1+eps)^j, j = 0, 1, ..., up to the first T >= the FNF makespan
// (an upper bound on the optimum). The paper normalises t_1 = 1 and takes 1 <= T <= n; L, our
// lower bound, plays the role of 1 for any time unit and any source.
std::vector<double> guesses(const std::vector<double>& times, NodeId source, double epsilon)
{
  const double lower = makespan_lower_bound(times, source);
  const double upper = tree_makespan(times, fastest_node_first(times, source));
  const double count = std::ceil(std::log(upper / lower) / std::log1p(epsilon));
  if (count > 1e6)
    throw std::invalid_argument("PTAS: epsilon is too small (over a million guesses of T)");
  std::vector<double> values{lower};
  while (values.back() < upper)
    values.push_back(lower * std::pow(1.0 + epsilon, static_cast<double>(values.size())));
  return values;
}

double guess_work(const Guess& guess, std::size_t n)
{
  if (guess.slow_count == 0)
    return static_cast<double>(n);
  return static_cast<double>(n) + SlowTreeTable::work(guess.caps, guess.sending_classes) +
         attachment_work(guess.totals, guess.caps, guess.slow_count);
}

double guesses_work(const std::vector<double>& times, NodeId source, const PtasParameters& parameters,
                    const std::vector<double>& values)
{
  double work = 0.0;
  for (double T : values)
    work += guess_work(make_guess(times, source, parameters.epsilon_prime, T), times.size());
  return work;
}

// One guess T: FNF on F, the tree table, the DP; the schedule when it succeeds.
std::optional<PtasSchedule> try_guess(const std::vector<double>& times, NodeId source, const Guess& guess)
{
  FastSchedule fast = schedule_fast_set(times, source, guess.fast);
  if (fast.makespan > guess.deadline)
    return std::nullopt;
  PtasSchedule result{std::move(fast.tree), 0.0, guess.T, guess.deadline, 0, guess.fast.size()};
  if (guess.slow_count > 0) {
    const auto points = sending_points(times, guess.fast, fast.idle, guess.slow_count, guess.deadline);
    if (points.empty())
      return std::nullopt;
    std::vector<double> point_times;
    for (const auto& point : points)
      point_times.push_back(point.time);
    const SlowTreeTable table(guess.class_times, MixedRadix(guess.caps), guess.deadline - points.front().time);
    const auto attached = attach_trees(table, MixedRadix(guess.totals), point_times, guess.deadline);
    if (!attached)
      return std::nullopt;
    auto pools = guess.classes;  // any processor of class i may carry label i: they round alike
    for (auto& pool : pools)
      std::reverse(pool.begin(), pool.end());  // drawn from the back: lowest id first
    for (std::size_t j = 0; j < points.size(); ++j)
      if ((*attached)[j] != 0)  // points are in time order, so each sender's children are too
        result.tree.add_child(points[j].sender, table.build((*attached)[j], pools, result.tree));
  }
  result.makespan = tree_makespan(times, result.tree);
  return result;
}

}  // namespace

double ptas_guarantee(const PtasParameters& parameters)
{
  const double e = parameters.epsilon_prime;
  return (1.0 + parameters.epsilon) * (1.0 + e) * (1.0 + 3.0 * e);
}

double sender_only_ptas_work(const std::vector<double>& times, NodeId source, const PtasParameters& parameters)
{
  check_input(times, source, parameters);
  if (trivial(times, source))
    return static_cast<double>(times.size());
  return guesses_work(times, source, parameters, guesses(times, source, parameters.epsilon));
}

PtasSchedule sender_only_ptas(const std::vector<double>& times, NodeId source, const PtasParameters& parameters)
{
  check_input(times, source, parameters);
  const bool easy = trivial(times, source);
  const auto values = easy ? std::vector<double>{} : guesses(times, source, parameters.epsilon);
  if (std::isfinite(parameters.max_work)) {  // an infinite limit: the caller checked the work (registry_ptas_parameters, ptas_multicast)
    const double work = easy ? static_cast<double>(times.size()) : guesses_work(times, source, parameters, values);
    if (work > parameters.max_work) {
      std::ostringstream message;
      message << "PTAS: n = " << times.size() << " with epsilon' = " << parameters.epsilon_prime << " needs about "
              << work << " steps, over the limit of " << parameters.max_work
              << "; use a larger epsilon' or fewer processors";
      throw std::invalid_argument(message.str());
    }
  }
  if (easy) {
    BroadcastTree tree = fastest_node_first(times, source);
    const double makespan = tree_makespan(times, tree);
    return {std::move(tree), makespan, makespan, makespan, 0, times.size()};
  }
  for (std::size_t j = 0; j < values.size(); ++j) {
    auto result = try_guess(times, source, make_guess(times, source, parameters.epsilon_prime, values[j]));
    if (result) {
      result->guesses = j + 1;
      return std::move(*result);
    }
  }
  // Unreachable by Theorem 2 when the guesses reach an upper bound on the optimum.
  throw std::logic_error("PTAS: no guess of T up to the FNF makespan succeeded");
}

std::optional<double> affordable_epsilon_prime(const std::function<double(double)>& work, double max_work)
{
  for (double epsilon_prime : {0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1.0})
    if (work(epsilon_prime) <= max_work)
      return epsilon_prime;
  return std::nullopt;
}

double affordable_epsilon_prime(const std::vector<double>& times, NodeId source, double epsilon, double max_work)
{
  return affordable_epsilon_prime(
             [&](double epsilon_prime) { return sender_only_ptas_work(times, source, {epsilon, epsilon_prime, max_work}); },
             max_work)
      .value_or(1.0);
}

PtasParameters registry_ptas_parameters(const std::function<double(double)>& work)
{
  if (const auto epsilon_prime = affordable_epsilon_prime(work, kRegistryPtasWork))
    return {0.1, *epsilon_prime, std::numeric_limits<double>::infinity()};
  return {0.1, 1.0, kRegistryPtasWork};
}

ScheduleResult schedule_ptas(const BroadcastInstance& instance, NodeId root)
{
  return schedule_sender_only(instance, root, [](const std::vector<double>& times, NodeId source) {
    const auto work = [&](double epsilon_prime) {
      return sender_only_ptas_work(times, source, {0.1, epsilon_prime, kRegistryPtasWork});
    };
    return sender_only_ptas(times, source, registry_ptas_parameters(work)).tree;
  });
}

}  // namespace hbcast
