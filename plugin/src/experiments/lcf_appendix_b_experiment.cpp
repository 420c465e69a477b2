#include <hbcast/experiments/lcf_appendix_b_experiment.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/lower_bounds.hpp>
#include <hbcast/cluster/schedule_checker.hpp>
#include <hbcast/experiments/experiment_parameters.hpp>
#include <hbcast/report/series_statistics.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>

#include <numeric>

namespace hbcast::cli {
namespace {

double mean_of(const std::vector<double>& sample) { return summarize_sample(sample).mean; }
double max_of(const std::vector<double>& sample) { return summarize_sample(sample).max; }

double lcf_time(const std::vector<std::size_t>& sizes, double c, const std::vector<std::size_t>& order,
                bool no_idle = false)
{
  const ClusterInstance instance = cluster_instance(sizes, c);
  return check_schedule(instance, no_idle ? schedule_lcf_no_idle_in_order(instance, order)
                                          : schedule_lcf_in_order(instance, order))
      .broadcast_time;
}

ClusterLowerBounds lower_bounds(const std::vector<std::size_t>& sizes, double c)
{
  return broadcast_lower_bounds(cluster_instance(sizes, c));
}

}  // namespace

std::vector<CheckResult> run_lcf_appendix_b(const YAML::Node& parameters, const std::string& case_path,
                                            const std::string& results_path)
{
  const ExperimentParameters p(parameters, case_path);
  const std::size_t clusters = p.count("clusters", 2000), max_size = p.count("max_size", 100);
  const std::size_t inputs = p.count("inputs", 5), seed = p.count("seed", 1);
  const double theta = p.number("theta", 0.0);
  const auto c_list = p.numbers("C", {10, 30, 100, 1000});
  if (inputs == 0 || c_list.empty())
    throw ScenarioError(case_path + ": need inputs >= 1 and at least one C");
  std::string csv = "C,input,nodes,source_size,p,log_n,pC,combined,lower_bound,actual,actual_no_idle,advertised,"
                    "advertised_lower_bound,random,perturbed_true_order\n";
  std::string table = "| C | Actual / LB mean (max) | Advertised / LB mean (max) | Random / LB mean (max) | "
                      "Advertised - Actual, units mean (max) | Random / Actual - 1 mean | Advertised - true order, "
                      "same sizes, mean (max) | Actual without idling / LB mean (max) |\n|---|---|---|---|---|---|---|---|\n";
  std::size_t within = 0, total = 0;
  std::vector<double> slowdown_all, advertised_gap_all, actual_means;
  for (double c : c_list) {
    std::vector<double> actual, advertised, random, gap, slowdown, same, no_idle;  // one value per input
    for (std::size_t input = 0; input < inputs; ++input) {
      const auto sizes = zipf_cluster_sizes(clusters, max_size, theta, seed + input);
      const auto perturbed = perturb_cluster_sizes(sizes, seed + 1000 + input);
      const ClusterLowerBounds bounds = lower_bounds(sizes, c);
      const double lb = bounds.best(), perturbed_lb = lower_bounds(perturbed, c).best();
      const double t_actual = lcf_time(sizes, c, largest_first_order(sizes));
      const double t_advertised = lcf_time(perturbed, c, largest_first_order(sizes));
      const double t_random = lcf_time(sizes, c, random_cluster_order(clusters, seed + 2000 + input));
      const double t_true = lcf_time(perturbed, c, largest_first_order(perturbed));
      const double t_no_idle = lcf_time(sizes, c, largest_first_order(sizes), true);
      no_idle.push_back(t_no_idle / lb);
      actual.push_back(t_actual / lb);
      advertised.push_back(t_advertised / perturbed_lb);
      random.push_back(t_random / lb);
      gap.push_back(t_advertised - t_actual);
      slowdown.push_back(t_random / t_actual - 1);
      same.push_back(t_advertised - t_true);
      within += t_actual <= 1.5 * lb + 1e-9;
      ++total;
      csv += fmt::format("{:g},{},{},{},{},{:g},{:g},{:g},{:g},{:g},{:g},{:g},{:g},{:g},{:g}\n", c, input,
                         std::accumulate(sizes.begin(), sizes.end(), std::size_t{0}), sizes[0], bounds.global_steps,
                         bounds.log_n, bounds.global, bounds.combined, lb, t_actual, t_no_idle, t_advertised,
                         perturbed_lb, t_random, t_true);
    }
    slowdown_all.push_back(mean_of(slowdown));
    advertised_gap_all.push_back(max_of(gap));
    actual_means.push_back(mean_of(actual));
    table += fmt::format("| {:g} | {:.3f} ({:.3f}) | {:.3f} ({:.3f}) | {:.3f} ({:.3f}) | {:.2f} ({:g}) | {:.1f}% | "
                         "{:.2f} ({:g}) | {:.3f} ({:.3f}) |\n",
                         c, mean_of(actual), max_of(actual), mean_of(advertised), max_of(advertised), mean_of(random),
                         max_of(random), mean_of(gap), max_of(gap), 100 * mean_of(slowdown), mean_of(same), max_of(same),
                         mean_of(no_idle), max_of(no_idle));
  }
  write_file_atomically(results_path, csv);
  bool decreasing = true;
  for (std::size_t j = 1; j < actual_means.size(); ++j)
    decreasing &= c_list[j] > c_list[j - 1] ? actual_means[j] <= actual_means[j - 1] + 1e-12 : true;
  const double largest_gap = max_of(advertised_gap_all), mean_slowdown = mean_of(slowdown_all);
  return {{"Actual <= 1.5 x lower bound", fmt::format("{} of {} inputs", within, total), "all inputs",
           within == total && total > 0 ? Verdict::pass : Verdict::fail, table},
          {"Actual / lower bound decreases as C grows", decreasing ? "yes" : "no", "yes (\"closer and closer\")",
           decreasing ? Verdict::pass : Verdict::fail, ""},
          {"Advertised - Actual, largest over inputs (time units)", fmt::format("{:g}", largest_gap),
           "<= 1 in all instances", largest_gap <= 1.0 ? Verdict::pass : Verdict::fail, ""},
          {"Random slower than Actual, mean over C of the mean per C", fmt::format("{:.1f}%", 100 * mean_slowdown),
           ">= 24% on average", mean_slowdown >= 0.24 ? Verdict::pass : Verdict::fail, ""}};
}

}  // namespace hbcast::cli
