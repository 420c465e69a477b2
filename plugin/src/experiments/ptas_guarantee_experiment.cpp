#include <hbcast/experiments/ptas_guarantee_experiment.hpp>

#include <hbcast/experiments/experiment_parameters.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/sender_only/exhaustive_oracle.hpp>
#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/fnf_multicast.hpp>
#include <hbcast/sender_only/multicast_oracle.hpp>
#include <hbcast/sender_only/ptas_multicast.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <random>

namespace hbcast::cli {
namespace {

struct Settings {
  std::size_t instances, min_nodes, max_nodes, multicast_instances, multicast_max_nodes, classes, seed;
  double epsilon;
  std::vector<double> epsilon_primes;
};

Settings read_settings(const YAML::Node& parameters, const std::string& path)
{
  const ExperimentParameters given(parameters, path);
  Settings s{given.count("instances", 1000),
             given.count("min_nodes", 3),
             given.count("max_nodes", 9),
             given.count("multicast_instances", 500),
             given.count("multicast_max_nodes", 8),
             given.count("classes", 3),
             given.count("seed", 1),
             given.number("epsilon", 0.1),
             given.numbers("epsilon_primes", {0.2, 0.3, 0.5, 1.0})};
  if (s.max_nodes > 9 || s.multicast_max_nodes > 8 || s.min_nodes < std::max<std::size_t>(s.classes, 2) ||
      s.min_nodes > s.max_nodes || s.min_nodes > s.multicast_max_nodes || s.classes < 1 || s.epsilon_primes.empty())
    throw ScenarioError(path + ": need 2, classes <= min_nodes <= max_nodes <= 9, multicast_max_nodes <= 8 "
                               "and some epsilon_primes");
  return s;
}

struct Tally {
  std::size_t within = 0, count = 0;
  double worst_ptas = 1.0, worst_fnf = 1.0;
  std::map<double, double> worst_by_epsilon_prime;
  void add(double ptas, double fnf, double optimum, double bound, double epsilon_prime)
  {
    ++count;
    within += ptas <= bound * optimum + 1e-9;
    worst_ptas = std::max(worst_ptas, ptas / optimum);
    worst_fnf = std::max(worst_fnf, fnf / optimum);
    auto& worst = worst_by_epsilon_prime[epsilon_prime];
    worst = std::max({worst, 1.0, ptas / optimum});
  }
};

std::string ratio_table(const Tally& tally, double epsilon)
{
  std::string table = "| eps' | guarantee | worst PTAS / OPT |\n|---|---|---|\n";
  for (const auto& [epsilon_prime, worst] : tally.worst_by_epsilon_prime)
    table += fmt::format("| {:g} | {:.4f} | {:.4f} |\n", epsilon_prime,
                         ptas_guarantee({epsilon, epsilon_prime}), worst);
  return table;
}

}  // namespace

std::vector<CheckResult> run_ptas_guarantee(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path)
{
  const Settings s = read_settings(parameters, case_path);
  // Instances: exactly `classes` distinct integer times in 1..12, the source (node 0) among the
  // fastest; rng() % m draws (sender_only_instances.hpp), the same instances on every platform.
  std::mt19937_64 rng(s.seed);
  std::string csv = "instance,kind,nodes,times,members,epsilon_prime,ptas,fnf,optimum,ptas_ratio,fnf_ratio\n";
  Tally broadcast;
  for (std::size_t k = 0; k < s.instances; ++k) {
    const std::size_t n = s.min_nodes + rng() % (s.max_nodes - s.min_nodes + 1);
    const auto times = random_distinct_class_times(n, s.classes, 12, rng);
    const PtasParameters ptas{s.epsilon, s.epsilon_primes[k % s.epsilon_primes.size()]};
    const double value = sender_only_ptas(times, 0, ptas).makespan;
    const double fnf = tree_makespan(times, fastest_node_first(times, 0));
    const double optimum = exhaustive_optimal_makespan(times, 0);
    broadcast.add(value, fnf, optimum, ptas_guarantee(ptas), ptas.epsilon_prime);
    csv += fmt::format("{},broadcast,{},{},,{:g},{:g},{:g},{:g},{:.6f},{:.6f}\n", k, times.size(), fmt::join(times, " "),
                       ptas.epsilon_prime, value, fnf, optimum, value / optimum, fnf / optimum);
  }
  Tally multicast;
  std::size_t fnf_within = 0;
  for (std::size_t k = 0; k < s.multicast_instances; ++k) {
    const std::size_t n = s.min_nodes + rng() % (s.multicast_max_nodes - s.min_nodes + 1);
    const auto times = random_distinct_class_times(n, s.classes, 12, rng);
    std::vector<NodeId> members{1 + rng() % (times.size() - 1)};
    for (NodeId v = 1; v < times.size(); ++v)
      if (v != members.front() && rng() % 2 == 0)
        members.push_back(v);
    std::sort(members.begin(), members.end());
    const PtasParameters ptas{s.epsilon, s.epsilon_primes[k % s.epsilon_primes.size()]};
    const double value = ptas_multicast(times, 0, members, ptas).member_completion;
    const double fnf = fnf_multicast(times, 0, members).member_completion;
    const double optimum = exhaustive_multicast_optimum(times, 0, members);
    multicast.add(value, fnf, optimum, ptas_guarantee(ptas), ptas.epsilon_prime);
    fnf_within += fnf <= 1.5 * optimum + 1e-9;
    csv += fmt::format("{},multicast,{},{},{},{:g},{:g},{:g},{:g},{:.6f},{:.6f}\n", k, times.size(),
                       fmt::join(times, " "), fmt::join(members, " "), ptas.epsilon_prime, value, fnf, optimum,
                       value / optimum, fnf / optimum);
  }
  write_file_atomically(results_path, csv);
  const std::string setting =
      fmt::format("{} classes, {}-{} processors, fastest source, eps = {:g}", s.classes, s.min_nodes, s.max_nodes, s.epsilon);
  auto verdict = [](std::size_t ok, std::size_t all) { return ok == all ? Verdict::pass : Verdict::fail; };
  return {
      {"PTAS broadcast <= (1+eps)(1+eps')(1+3eps') OPT (" + setting + ")",
       fmt::format("{} of {} instances", broadcast.within, broadcast.count), "all (Theorem 3)",
       verdict(broadcast.within, broadcast.count), ""},
      {"worst PTAS / OPT and FNF / OPT, broadcast", fmt::format("{:.4f} and {:.4f}", broadcast.worst_ptas, broadcast.worst_fnf),
       "FNF <= 1.5 (Khuller-Kim-Woeginger, section 1)", broadcast.worst_fnf <= 1.5 + 1e-9 ? Verdict::pass : Verdict::fail,
       ratio_table(broadcast, s.epsilon)},
      {fmt::format("PTAS multicast <= (1+eps)(1+eps')(1+3eps') OPT ({}-{} processors, random members)", s.min_nodes,
                   s.multicast_max_nodes),
       fmt::format("{} of {} instances", multicast.within, multicast.count), "all (Theorem 4)",
       verdict(multicast.within, multicast.count), ""},
      {"FNF multicast (best k fastest recruits) <= 1.5 OPT multicast",
       fmt::format("{} of {} instances", fnf_within, multicast.count), "all (FNF's 1.5 on the optimum's participants)",
       verdict(fnf_within, multicast.count), ""},
      {"worst PTAS / OPT and FNF / OPT, multicast", fmt::format("{:.4f} and {:.4f}", multicast.worst_ptas, multicast.worst_fnf),
       "not published", Verdict::report, ratio_table(multicast, s.epsilon),
       "no published figure: shown beside the Theorem 4 check above"}};
}

}  // namespace hbcast::cli
