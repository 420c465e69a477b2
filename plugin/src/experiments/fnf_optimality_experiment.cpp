#include <hbcast/experiments/fnf_optimality_experiment.hpp>

#include <hbcast/experiments/experiment_parameters.hpp>
#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/sender_only/exhaustive_oracle.hpp>
#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <random>

namespace hbcast::cli {
namespace {

// Theorem 4.4 covers one or two classes; with more, FNF / OPT is shown and not judged.
CheckResult worst_ratio_check(double worst_ratio, std::size_t classes)
{
  CheckResult check{"worst FNF / optimum ratio", fmt::format("{:.4f}", worst_ratio), "1 with two classes (Theorem 4.4)",
                    worst_ratio <= 1.0 + 1e-12 ? Verdict::pass : Verdict::fail, ""};
  if (classes > 2) {
    check.verdict = Verdict::report;
    check.note = fmt::format("Theorem 4.4 covers two classes; this case draws {}", classes);
  }
  return check;
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
  std::mt19937_64 rng(seed);  // rng() % m draws (sender_only_instances.hpp): the same instances everywhere
  std::size_t optimal = 0;
  double worst_ratio = 1.0;
  std::string csv = "instance,nodes,times,fnf,optimum,ratio\n";
  for (std::size_t k = 0; k < instances; ++k) {
    // Exactly `classes` distinct integer times in 1..12, the source (processor 0) among the fastest.
    const std::size_t n = min_nodes + rng() % (max_nodes - min_nodes + 1);
    const auto times = random_distinct_class_times(n, classes, 12, rng);
    const double fnf = tree_makespan(times, fastest_node_first(times, 0));
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
      worst_ratio_check(worst_ratio, classes)};
}

}  // namespace hbcast::cli
