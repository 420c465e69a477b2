#include <hbcast/cli/fnf_optimality_experiment.hpp>

#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/experiment_parameters.hpp>
#include <hbcast/cli/scenario.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/exhaustive_oracle.hpp>
#include <hbcast/sched/fnf.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <set>

namespace hbcast::cli {
namespace {

// Transmission times with exactly `classes` distinct integer values in 1..12, each used at least
// once, the source (node 0) among the fastest.
std::vector<double> random_times(std::size_t n, std::size_t classes, std::mt19937_64& rng)
{
  std::vector<double> values;
  std::uniform_int_distribution<int> value(1, 12);
  while (values.size() < classes) {
    const double candidate = value(rng);
    if (std::find(values.begin(), values.end(), candidate) == values.end())
      values.push_back(candidate);
  }
  std::sort(values.begin(), values.end());
  std::vector<double> times(n);
  std::uniform_int_distribution<std::size_t> pick(0, classes - 1);
  for (std::size_t k = 0; k < n; ++k)
    times[k] = k < classes ? values[k] : values[pick(rng)];
  std::shuffle(times.begin() + 1, times.end(), rng);
  times[0] = values.front();
  return times;
}

}  // namespace

std::vector<CheckResult> run_fnf_optimality(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path)
{
  const ExperimentParameters given(parameters, case_path);
  const std::size_t instances = given.count("instances", 1000);
  const std::size_t min_nodes = given.count("min_nodes", 3);
  const std::size_t max_nodes = given.count("max_nodes", 9);
  const std::size_t classes = given.count("classes", 2);
  const std::size_t seed = given.count("seed", 1);
  if (max_nodes > 9 || min_nodes < classes || min_nodes > max_nodes || classes < 1)
    throw ScenarioError(case_path + ": need classes <= min_nodes <= max_nodes <= 9");
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::size_t> size(min_nodes, max_nodes);
  std::size_t optimal = 0;
  double worst_ratio = 1.0;
  std::string csv = "instance,nodes,times,fnf,optimum,ratio\n";
  for (std::size_t k = 0; k < instances; ++k) {
    const auto times = random_times(size(rng), classes, rng);
    const double fnf = evaluate_atomic(fastest_node_first(times, 0), SenderOnlyModel::from_times(times), 1.0,
                                       PortModel::one_port)
                           .makespan;
    const double optimum = exhaustive_optimal_makespan(times, 0);
    optimal += fnf <= optimum + 1e-12;
    worst_ratio = std::max(worst_ratio, fnf / optimum);
    csv += fmt::format("{},{},{},{:g},{:g},{:.6f}\n", k, times.size(), fmt::join(times, " "), fnf, optimum, fnf / optimum);
  }
  write_file_atomically(results_path, csv);
  const std::string classes_text = fmt::format("{} speed class{}", classes, classes == 1 ? "" : "es");
  return {
      {fmt::format("FNF equals the exhaustive optimum ({}, {}-{} processors, fastest source)", classes_text, min_nodes,
                   max_nodes),
       fmt::format("{} of {} instances", optimal, instances), fmt::format("all {} (Theorem 4.4)", instances),
       optimal == instances ? Verdict::pass : Verdict::fail, ""},
      {"worst FNF / optimum ratio", fmt::format("{:.4f}", worst_ratio), "1 with two classes", Verdict::report, ""}};
}

}  // namespace hbcast::cli
