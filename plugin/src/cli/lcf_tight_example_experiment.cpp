#include <hbcast/cli/lcf_tight_example_experiment.hpp>

#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/experiment_parameters.hpp>
#include <hbcast/cli/scenario.hpp>
#include <hbcast/cluster/brute_force_optimum.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/schedule_builder.hpp>
#include <hbcast/cluster/schedule_checker.hpp>

#include <fmt/format.h>

#include <cmath>

namespace hbcast::cli {
namespace {

ClusterInstance figure3_instance(std::size_t n0, double c)
{
  ClusterInstance instance;
  instance.sizes = {n0, n0};
  instance.sizes.insert(instance.sizes.end(), n0 - 1, 1);
  instance.global_cost = c;
  return instance;
}

// Fig. 3's schedule: (i) one local copy; (ii) node 0 sends to K1 while node 1 broadcasts among
// nodes 1..n0-1; (iii) those n0-1 nodes send to the singletons; (iv) K1 broadcasts locally.
ClusterSchedule figure3_schedule(const ClusterInstance& instance)
{
  const std::size_t n0 = instance.sizes[0];
  const double c = instance.global_cost;
  ClusterSchedule schedule;
  schedule.transfers.push_back({0, 1, 0.0, false});
  schedule.transfers.push_back({0, n0, 1.0, true});
  std::size_t have = 1;  // nodes 1..have hold it
  double time = 1.0;
  while (have < n0 - 1) {
    const std::size_t sent = std::min(have, n0 - 1 - have);
    for (std::size_t j = 0; j < sent; ++j)
      schedule.transfers.push_back({1 + j, 1 + have + j, time, false});
    have += sent;
    time += 1.0;
  }
  for (std::size_t j = 0; j + 1 < n0; ++j)
    schedule.transfers.push_back({1 + j, 2 * n0 + j, time, true});
  have = 1;  // K1 = nodes n0 .. 2 n0 - 1
  for (time = 1.0 + c; have < n0; time += 1.0) {
    const std::size_t sent = std::min(have, n0 - have);
    for (std::size_t j = 0; j < sent; ++j)
      schedule.transfers.push_back({n0 + j, n0 + have + j, time, false});
    have += sent;
  }
  return schedule;
}

double ceil_log2(std::size_t n) { return static_cast<double>(doubling_rounds(1, n)); }

}  // namespace

std::vector<CheckResult> run_lcf_tight_example(const YAML::Node& parameters, const std::string& case_path,
                                               const std::string& results_path)
{
  const ExperimentParameters p(parameters, case_path);
  const auto n0_list = p.numbers("n0", {4, 16, 256, 4096});
  const auto c_list = p.numbers("C", {2, 10});
  std::size_t lcf_ok = 0, better_ok = 0, opt_ok = 0, opt_total = 0, total = 0;
  std::string table = "| n0 = n1 | C | LCF | formula | Fig. 3 schedule | formula | brute-force OPT | LCF / Fig. 3 |\n"
                      "|---|---|---|---|---|---|---|---|\n";
  std::string csv = "n0,C,lcf,lcf_formula,better,better_formula,optimum,ratio\n";
  double best_ratio = 0;
  for (double n0_value : n0_list)
    for (double c : c_list) {
      const auto n0 = static_cast<std::size_t>(n0_value);
      if (n0 < 3 || static_cast<double>(n0) != n0_value)
        throw ScenarioError(case_path + ": n0 must be whole numbers >= 3");
      const auto instance = figure3_instance(n0, c);
      const double lcf = check_schedule(instance, schedule_lcf(instance)).broadcast_time;
      const double better = check_schedule(instance, figure3_schedule(instance)).broadcast_time;
      const double lcf_formula = ceil_log2(n0) + c + ceil_log2(n0);
      const double better_formula = 1 + std::max(c + ceil_log2(n0), ceil_log2(n0 - 1) + c);
      std::string optimum = "-";
      if (instance.node_count() <= 11 && std::round(c) == c && c <= 4) {
        const auto opt = brute_force_optimum(instance);
        ++opt_total;
        opt_ok += opt && *opt <= better && *opt <= lcf;
        optimum = opt ? fmt::format("{:g}", *opt) : "too large";
      }
      ++total;
      lcf_ok += lcf == lcf_formula;
      better_ok += better == better_formula;
      best_ratio = std::max(best_ratio, lcf / better);
      table += fmt::format("| {} | {:g} | {:g} | {:g} | {:g} | {:g} | {} | {:.3f} |\n", n0, c, lcf, lcf_formula, better,
                           better_formula, optimum, lcf / better);
      csv += fmt::format("{},{:g},{:g},{:g},{:g},{:g},{},{:.6f}\n", n0, c, lcf, lcf_formula, better, better_formula,
                         optimum, lcf / better);
    }
  write_file_atomically(results_path, csv);
  return {{"LCF time equals ceil(log n0) + C + ceil(log n1)", fmt::format("{} of {}", lcf_ok, total), "all (Fig. 3)",
           lcf_ok == total ? Verdict::pass : Verdict::fail, ""},
          {"Fig. 3 schedule is valid and takes 1 + max(C + ceil(log n1), ceil(log(n0-1)) + C)",
           fmt::format("{} of {}", better_ok, total), "all (Fig. 3)", better_ok == total ? Verdict::pass : Verdict::fail,
           ""},
          {"brute-force optimum <= both schedules (tiny cases)", fmt::format("{} of {}", opt_ok, opt_total), "all",
           opt_ok == opt_total ? Verdict::pass : Verdict::fail, ""},
          {"largest LCF / Fig. 3 ratio", fmt::format("{:.3f}", best_ratio), "tends to 2 as log n0 / C grows",
           Verdict::report, table}};
}

}  // namespace hbcast::cli
