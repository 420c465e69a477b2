#include <hbcast/report/gantt_files.hpp>

#include <hbcast/report/gantt_chart.hpp>
#include <hbcast/report/gnuplot_runner.hpp>

#include <fmt/format.h>

#include <stdexcept>

namespace hbcast::cli {
namespace {

std::string title_of(const SchedulerRun& run)
{
  std::string title = fmt::format("{}: simulated {:.6f} s, predicted (pairwise) {:.6f} s", run.scheduler,
                                  run.simulated.makespan, run.pairwise.makespan);
  if (run.contention && !run.contention->worst.empty())
    title += fmt::format("; worst shared link {} x{:.2f}", run.contention->worst.front().name,
                         run.contention->worst.front().peak_ratio);
  else if (run.contention)
    title += "; no shared link over-subscribed";
  return title;
}

}  // namespace

std::string per_scheduler_path(const std::string& path, const std::string& scheduler, bool several)
{
  if (!several)
    return path;
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return path + "." + scheduler;
  return path.substr(0, dot) + "." + scheduler + path.substr(dot);
}

void check_gantt_request(const std::string& path, std::size_t slices)
{
  try {
    figure_format_of(path);
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument(std::string("--gantt: ") + error.what());
  }
  if (slices != 1)
    throw std::invalid_argument("--gantt draws atomic broadcasts: use it without --slices");
}

void write_gantt_files(const SimulationReport& report, const std::string& path)
{
  const FigureFormat format = figure_format_of(path);
  for (const auto& run : report.runs) {
    if (run.gantt.empty())
      continue;
    const GanttChart chart{title_of(run), run.gantt};
    run_gnuplot_to_file(chart.script(format), per_scheduler_path(path, run.scheduler, report.runs.size() > 1));
  }
}

}  // namespace hbcast::cli
