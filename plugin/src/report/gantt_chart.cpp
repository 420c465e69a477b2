#include <hbcast/report/gantt_chart.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace hbcast::cli {
namespace {

constexpr double kBarHalfHeight = 0.35;

// gnuplot strings are single-quoted; a quote inside doubles.
std::string single_quoted(const std::string& text)
{
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

void write_block(std::ostringstream& out, const std::string& name, const std::vector<std::string>& lines)
{
  out << "$" << name << " << EOD\n";
  for (const auto& line : lines)
    out << line << "\n";
  out << "EOD\n";
}

std::string bar_line(std::size_t row, double start, double end)
{
  return fmt::format("{} {:.17g} {:.17g}", row, start, end);
}

}  // namespace

std::vector<std::string> GanttChart::rows() const
{
  std::vector<const GanttBar*> by_receive;
  for (const auto& bar : bars)
    by_receive.push_back(&bar);
  std::stable_sort(by_receive.begin(), by_receive.end(),
                   [](const GanttBar* a, const GanttBar* b) { return a->predicted_start < b->predicted_start; });
  std::vector<std::string> rows;
  auto add = [&rows](const std::string& host) {
    if (std::find(rows.begin(), rows.end(), host) == rows.end())
      rows.push_back(host);
  };
  for (const GanttBar* bar : by_receive) {
    add(bar->from);
    add(bar->to);
  }
  return rows;
}

GanttChart GanttChart::capped(std::size_t max_rows) const
{
  const auto all = rows();
  if (all.size() <= max_rows || max_rows < 2)
    return *this;
  // The root (the first row: it sends first) and the hosts informed last, where a makespan is
  // made, each with its sender, while there is room.
  std::map<std::string, double> informed;
  std::map<std::string, std::string> sender;
  for (const auto& bar : bars) {
    informed[bar.to] = std::max(informed[bar.to], bar.simulated_end);
    sender[bar.to] = bar.from;
  }
  std::vector<std::pair<double, std::string>> latest;
  for (const auto& [host, end] : informed)
    if (host != all.front())
      latest.emplace_back(end, host);
  std::sort(latest.begin(), latest.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::map<std::string, bool> shown{{all.front(), true}};
  for (const auto& [end, host] : latest) {
    const std::size_t more = 1 + (shown.count(sender[host]) == 0 ? 1 : 0);
    if (shown.size() + more > max_rows)
      break;
    shown[host] = shown[sender[host]] = true;
  }
  GanttChart chart{fmt::format("{} ({} of {} hosts: the root and those informed last)", title, shown.size(), all.size()),
                   {}};
  for (const auto& bar : bars)
    if (shown.count(bar.to) != 0 && shown.count(bar.from) != 0)
      chart.bars.push_back(bar);
  return chart;
}

std::string GanttChart::script(FigureFormat format, const std::optional<std::string>& output_path) const
{
  if (rows().size() > kMaxRows)
    return capped(kMaxRows).script(format, output_path);
  const auto host_rows = rows();
  std::map<std::string, std::size_t> row_of;
  for (std::size_t k = 0; k < host_rows.size(); ++k)
    row_of[host_rows[k]] = k;
  std::vector<std::string> send, receive, late, predicted;
  for (const auto& bar : bars) {
    send.push_back(bar_line(row_of[bar.from], bar.simulated_start, bar.simulated_end));
    (bar.late() ? late : receive).push_back(bar_line(row_of[bar.to], bar.simulated_start, bar.simulated_end));
    predicted.push_back(bar_line(row_of[bar.to], bar.predicted_start, bar.predicted_end));
  }
  std::ostringstream out;
  const std::size_t height = std::max<std::size_t>(400, 60 + 14 * host_rows.size());
  out << (format == FigureFormat::png ? fmt::format("set terminal pngcairo size 1000,{} font 'sans,9'\n", height)
                                      : fmt::format("set terminal svg size 1000,{} font 'sans,9'\n", height));
  if (output_path)
    out << "set output " << single_quoted(*output_path) << "\n";
  out << "set title " << single_quoted(title) << " noenhanced\n";
  out << "set xlabel 'time (s)'\nset yrange [" << host_rows.size() << "-0.5:-0.5]\nset grid xtics\n";
  out << "set key outside bottom center horizontal\nset style fill solid 0.6 noborder\n";
  out << "set ytics (";
  for (std::size_t k = 0; k < host_rows.size(); ++k)
    out << (k ? ", " : "") << single_quoted(host_rows[k]) << " " << k;
  out << ") noenhanced\n";
  write_block(out, "send", send);
  write_block(out, "receive", receive);
  write_block(out, "late", late);
  write_block(out, "predicted", predicted);
  const std::string box = fmt::format("using (($2+$3)/2):1:2:3:($1-{0}):($1+{0}) with boxxyerror", kBarHalfHeight);
  const std::string outline =
      fmt::format("using (($2+$3)/2):1:2:3:($1-{0}):($1+{0}) with boxxyerror fs empty border lc rgb 'black'",
                  kBarHalfHeight + 0.05);
  // A block with no line would make gnuplot fail: plot only the non-empty ones.
  std::vector<std::string> plots;
  if (!send.empty())
    plots.push_back("$send " + box + " lc rgb '#9ecae1' title 'send (simulated)'");
  if (!receive.empty())
    plots.push_back("$receive " + box + " lc rgb '#31a354' title 'receive (simulated)'");
  if (!late.empty())
    plots.push_back("$late " + box + " lc rgb '#de2d26' title 'receive, late'");
  if (!predicted.empty())
    plots.push_back("$predicted " + outline + " title 'receive (predicted)'");
  if (plots.empty())
    plots.push_back("NaN notitle");
  out << "plot " << fmt::format("{}", fmt::join(plots, ", \\\n     ")) << "\n";
  return out.str();
}

}  // namespace hbcast::cli
