#include <hbcast/report/gnuplot_figure.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace hbcast::cli {
namespace {

constexpr int kWidth = 900;
constexpr int kHeight = 600;
// Category labels longer than this are rotated: at 900 px a dozen 8-letter names already touch.
constexpr std::size_t kUnrotatedLabelLength = 6;

// The inside of a gnuplot double-quoted string: backslash and quote escaped; a line break would
// end the command.
std::string escaped(const std::string& text)
{
  std::string result;
  for (char c : text) {
    if (c == '\\' || c == '"')
      result += '\\';
    result += c == '\n' || c == '\r' ? ' ' : c;
  }
  return result;
}

std::string double_quoted(const std::string& text)
{
  return "\"" + escaped(text) + "\"";
}

// A string column inside a data block: gnuplot knows no escapes there, so quotes become apostrophes.
std::string data_label(const std::string& text)
{
  std::string label = text;
  for (char& c : label)
    if (c == '"')
      c = '\'';
    else if (c == '\n' || c == '\r')
      c = ' ';
  return "\"" + label + "\"";
}

// Shortest text that reads back as the same double, so a script shows 1.25 rather than 1.2500000000000000.
std::string number(double value)
{
  return std::isnan(value) ? "NaN" : fmt::format("{}", value);
}

std::string lowercase_extension(const std::string& path)
{
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return "";
  std::string extension = path.substr(dot);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

}  // namespace

FigureFormat figure_format_of(const std::string& path)
{
  const std::string extension = lowercase_extension(path);
  if (extension == ".png")
    return FigureFormat::png;
  if (extension == ".svg")
    return FigureFormat::svg;
  throw std::invalid_argument("cannot tell the figure format of '" + path + "': use a .png or .svg file name");
}

FigureKind figure_kind_of(const std::string& name)
{
  if (name == "line")
    return FigureKind::line;
  if (name == "bar")
    return FigureKind::bar;
  throw std::invalid_argument("unknown figure kind '" + name + "' (line or bar)");
}

std::string axis_label(const std::string& column)
{
  const auto ends_with = [&](const char* suffix) {
    const std::string end(suffix);
    return column.size() >= end.size() && column.compare(column.size() - end.size(), end.size(), end) == 0;
  };
  const char* unit = nullptr;
  if (ends_with("makespan") || ends_with("_period") || ends_with("seconds") || ends_with("lateness") ||
      ends_with("_time") || column == "period")
    unit = "s";
  else if (ends_with("throughput"))
    unit = "bytes/s";
  else if (ends_with("bytes"))
    unit = "bytes";
  else if (column == "hosts" || column == "nodes" || column == "members")
    unit = "hosts";
  else if (column.rfind("error_vs", 0) == 0 || ends_with("_error_vs_pairwise") || ends_with("ratio"))
    unit = "ratio, no unit";
  return unit == nullptr ? column : column + " (" + unit + ")";
}

GnuplotFigure::GnuplotFigure(SeriesSet data, FigureKind kind, std::string title)
    : data_(std::move(data)), kind_(kind), title_(std::move(title))
{
  if (title_.empty())
    title_ = data_.y_column + " vs " + data_.x_column;
}

std::string GnuplotFigure::script(FigureFormat format, const std::optional<std::string>& output_path) const
{
  std::string script = settings(format, output_path);
  for (std::size_t s = 0; s < data_.series.size(); ++s)
    script += data_block(s);
  return script + plot_command();
}

std::string GnuplotFigure::settings(FigureFormat format, const std::optional<std::string>& output_path) const
{
  std::string text = "# Written by `hbcast plot`; run it with `gnuplot FILE`.\n";
  text += "# Data blocks hold one row per x value: x (or its index), mean, bar low, bar high, runs, x label.\n";
  text += format == FigureFormat::png
              ? fmt::format("set terminal pngcairo size {},{} noenhanced font \"sans,10\"\n", kWidth, kHeight)
              : fmt::format("set terminal svg size {},{} noenhanced font \"sans,10\" background \"white\"\n",
                            kWidth, kHeight);
  if (output_path)
    text += "set output " + double_quoted(*output_path) + "\n";
  text += "set encoding utf8\n";
  // The second title line states what the points and bars are, as the figure must stand alone.
  text += "set title \"" + escaped(title_) + "\\n" + escaped(describe_statistics(data_)) + "\"\n";
  text += "set xlabel " + double_quoted(axis_label(data_.x_column)) + "\n";
  text += "set ylabel " + double_quoted(axis_label(data_.y_column)) + "\n";
  text += "set key outside right top\n";
  // Headroom offsets must not push the axis of a non-negative metric (a makespan) below zero;
  // bars start at 0, or their heights would lie about ratios.
  if (all_bars_nonnegative())
    text += kind_ == FigureKind::bar ? "set yrange [0:*]\n" : "set yrange [0<*:*]\n";
  if (!data_.numeric_x && longest_label() > kUnrotatedLabelLength)
    text += "set xtics rotate by -35 left\n";  // long category names would overlap
  if (kind_ == FigureKind::bar) {
    text += "set style data histogram\n";
    text += "set style histogram clustered gap 1 errorbars lw 1\n";
    text += "set style fill solid 0.8 border -1\n";
    text += "set grid ytics\n";
    text += "set offsets 0, 0, graph 0.05, 0\n";
    return text;
  }
  text += "set grid\n";
  text += "set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05\n";
  if (!data_.numeric_x) {
    std::string tics;
    for (std::size_t i = 0; i < data_.x_labels.size(); ++i)
      tics += (i ? ", " : "") + double_quoted(data_.x_labels[i]) + " " + std::to_string(i);
    text += "set xtics (" + tics + ")\n";
    text += fmt::format("set xrange [-0.5:{}]\n", data_.x_labels.size() - 0.5);
  }
  return text;
}

std::size_t GnuplotFigure::longest_label() const
{
  std::size_t longest = 0;
  for (const auto& label : data_.x_labels)
    longest = std::max(longest, label.size());
  return longest;
}

bool GnuplotFigure::all_bars_nonnegative() const
{
  for (const auto& series : data_.series)
    for (const auto& point : series.points)
      if (point.low < 0)
        return false;
  return true;
}

std::string GnuplotFigure::data_block(std::size_t series_index) const
{
  const Series& series = data_.series[series_index];
  std::string text = fmt::format("$data{} << EOD\n# {}\n", series_index + 1, series.name);
  auto row = [&](std::size_t x_index, double mean, double low, double high, std::size_t runs) {
    const double x = kind_ == FigureKind::line && data_.numeric_x ? data_.x_values[x_index] : x_index;
    text += fmt::format("{} {} {} {} {} {}\n", number(x), number(mean), number(low), number(high), runs,
                        data_label(data_.x_labels[x_index]));
  };
  if (kind_ == FigureKind::line) {
    for (const auto& point : series.points)
      row(point.x_index, point.summary.mean, point.low, point.high, point.summary.count);
  } else {
    // A histogram places rows by position, so every block lists every x, NaN where the series has no run.
    std::size_t next = 0;
    for (std::size_t x_index = 0; x_index < data_.x_labels.size(); ++x_index) {
      if (next < series.points.size() && series.points[next].x_index == x_index) {
        const auto& point = series.points[next++];
        row(x_index, point.summary.mean, point.low, point.high, point.summary.count);
      } else {
        row(x_index, NAN, NAN, NAN, 0);
      }
    }
  }
  return text + "EOD\n";
}

std::string GnuplotFigure::plot_command() const
{
  std::string text = "plot";
  for (std::size_t s = 0; s < data_.series.size(); ++s) {
    text += s ? ", \\\n     " : " ";
    if (kind_ == FigureKind::line)
      text += fmt::format("$data{} using 1:2:3:4 with yerrorlines lw 1.5 pt 7 ps 0.8", s + 1);
    else
      text += fmt::format("$data{} using 2:3:4{}", s + 1, s == 0 ? ":xtic(6)" : "");
    text += " title " + double_quoted(data_.series[s].name);
  }
  return text + "\n";
}

}  // namespace hbcast::cli
