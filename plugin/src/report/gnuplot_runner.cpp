#include <hbcast/report/gnuplot_runner.hpp>

#include <hbcast/util/atomic_file.hpp>
#include <hbcast/util/external_program.hpp>

#include <regex>
#include <stdexcept>

namespace hbcast::cli {
namespace {

std::string trimmed(const std::string& line)
{
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos ? "" : line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
}

// gnuplot echoes the failing command and a caret before the message proper ("line 12: ..."), and
// may print warnings first: report the first real error line.
std::string first_error_line(const std::string& errors)
{
  static const std::regex located_message("line [0-9]+: ");
  std::string fallback;
  std::size_t start = 0;
  while (start < errors.size()) {
    const auto end = std::min(errors.find('\n', start), errors.size());
    const std::string line = trimmed(errors.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.find("warning:") != std::string::npos)
      continue;
    if (std::regex_search(line, located_message))
      return line;
    if (fallback.empty() && line.rfind("gnuplot>", 0) != 0 && line != "^")
      fallback = line;
  }
  return fallback;
}

}  // namespace

void run_gnuplot_to_file(const std::string& script, const std::string& output_path)
{
  ProgramResult gnuplot;
  try {
    gnuplot = run_program({"gnuplot"}, script);
  } catch (const ProgramNotFound&) {
    throw std::runtime_error("gnuplot not found: install gnuplot-nox");
  }
  if (gnuplot.exit_status != 0) {
    const std::string message = first_error_line(gnuplot.err);
    throw std::runtime_error("gnuplot failed: " +
                             (message.empty() ? "exit status " + std::to_string(gnuplot.exit_status) : message));
  }
  const std::string& image = gnuplot.out;
  if (image.empty())
    throw std::runtime_error("gnuplot failed: it wrote no image");
  // Only a complete image replaces an existing figure.
  write_file_atomically(output_path, image);
}

void draw_figure(const ResultsTable& table, const SeriesRequest& request, FigureKind kind, const std::string& title,
                 const std::string& output_path, const std::string& script_path, const std::vector<std::string>& where)
{
  const FigureFormat format = figure_format_of(output_path);
  SeriesSet data = summarize_series(table, request);
  data.where = where;
  const GnuplotFigure figure(std::move(data), kind, title);
  if (!script_path.empty())
    write_file_atomically(script_path, figure.script(format, output_path));
  run_gnuplot_to_file(figure.script(format, std::nullopt), output_path);
}

}  // namespace hbcast::cli
