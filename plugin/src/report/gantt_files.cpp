#include <hbcast/report/gantt_files.hpp>

#include <hbcast/report/gantt_chart.hpp>
#include <hbcast/report/gnuplot_runner.hpp>
#include <hbcast/report/tree_files.hpp>

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

void write_gantt_files(const SimulationReport& report, const std::string& path, bool several)
{
  const FigureFormat format = figure_format_of(path);
  for (const auto& run : report.runs) {
    if (run.gantt.empty())
      continue;
    const GanttChart chart{title_of(run), run.gantt};
    run_gnuplot_to_file(chart.script(format), scheduler_file_path(path, run.scheduler, several));
  }
}

}  // namespace hbcast::cli
