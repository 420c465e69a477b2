#include <hbcast/report/multi_tree_section.hpp>

#include <hbcast/report/text_table.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace hbcast::cli {
namespace {

std::string megabytes(const std::optional<double>& bytes_per_second)
{
  if (!bytes_per_second)
    return "-";
  return std::isfinite(*bytes_per_second) ? fmt::format("{:.3f}", *bytes_per_second / 1e6) : "inf";
}

std::string fraction(const std::optional<double>& part, const std::optional<double>& whole)
{
  if (!part || !whole || !std::isfinite(*whole) || *whole <= 0.0)
    return "-";
  return fmt::format("{:.3f}", *part / *whole);
}

// The highest simulated throughput of the table's single trees (the paper's baseline), if any.
std::optional<double> best_single_tree(const SimulationReport& report, std::string& name)
{
  std::optional<double> best;
  for (const auto& run : report.runs)
    if (run.status == "ok" && run.plan_weights.empty() && run.simulated.throughput &&
        (!best || *run.simulated.throughput > *best)) {
      best = run.simulated.throughput;
      name = run.scheduler;
    }
  return best;
}

}  // namespace

void write_multi_tree_section(std::ostream& out, const SimulationReport& report)
{
  const auto has_plan = [](const SchedulerRun& run) { return run.status == "ok" && !run.plan_weights.empty(); };
  if (std::none_of(report.runs.begin(), report.runs.end(), has_plan))
    return;
  std::string single_name;
  const auto single = best_single_tree(report, single_name);
  TextTable table({"scheduler", "trees", "extraction (s)", "LP optimum (MB/s)", "plan predicted (MB/s)",
                   "simulated (MB/s)", "sim / LP", "best single tree (MB/s)", "single / LP"});
  for (const auto& run : report.runs)
    if (has_plan(run))
      table.add_row({run.scheduler, std::to_string(run.plan_weights.size()), fmt::format("{:.3f}", run.extraction_seconds),
                     megabytes(run.steady_state_optimum), megabytes(run.pairwise.throughput),
                     megabytes(run.simulated.throughput), fraction(run.simulated.throughput, run.steady_state_optimum),
                     megabytes(single), fraction(single, run.steady_state_optimum)});
  out << "\nMulti-tree plans (LP optimum: the steady-state program the plan packs; plan predicted: slice "
         "size / the plan's busiest port, arc or shared link; simulated: the replay, every slice along its "
         "tree, its mean inter-arrival at the last host past the first ceil(K/10) slices"
      << (single ? "; best single tree: " + single_name + ", the highest simulated throughput of this table's trees"
                 : "")
      << (report.slices > 1 ? ")\n" : "; one slice: no steady state to measure, use --slices)\n");
  table.print(out);
}

}  // namespace hbcast::cli
