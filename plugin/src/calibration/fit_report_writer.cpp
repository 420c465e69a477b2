#include <hbcast/calibration/fit_report_writer.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hbcast::calibration {
namespace {

std::string mbps(double rate)
{
  return std::isfinite(rate) ? fmt::format("{:.6g}", rate / 1e6) : "-";
}

std::string us(double seconds)
{
  return fmt::format("{:.6g}", seconds * 1e6);
}

std::string percent(double relative)
{
  return fmt::format("{:+.3f}%", 100 * relative);
}

struct SizeSummary {
  std::size_t count = 0;
  double sum_abs = 0, worst = 0;
  std::string worst_pair;
};

std::string pair_name(const Calibration& c, std::size_t u, std::size_t v)
{
  return c.network.hosts[u] + " -> " + c.network.hosts[v];
}

}  // namespace

std::string fit_report_markdown(const Calibration& c)
{
  const CalibratedNetwork& net = c.network;
  const FitReport& r = c.report;
  std::string md = "# hbcast calibrate: fit report\n\n## Inputs\n\n";
  for (const auto& [file, format] : r.sources)
    md += fmt::format("- `{}` ({})\n", file, format);
  if (net.fat_tree)
    md += fmt::format("\n## Fat-tree\n\nThe groups are the leaves of a two-level fat-tree, written as SimGrid's FAT_TREE "
                      "cluster (topo_parameters 2;{},{};1,{};1,{}): {} spine(s), {} cable(s) between each leaf and each "
                      "spine, every link {:.6g} MB/s and {:.6g} us; it replaces the groups' links below.\n",
                      net.fat_tree->hosts_per_leaf, net.fat_tree->leaves, net.fat_tree->spines, net.fat_tree->cables,
                      net.fat_tree->spines, net.fat_tree->cables, net.fat_tree->bandwidth / 1e6,
                      net.fat_tree->latency * 1e6);
  md += fmt::format("\n## Platform\n\n{} hosts in {} group(s) (groups by latency; a route crosses the sender's link, "
                    "its group's backbone, between groups the uplinks and the groups' link, the receiver's link).\n\n",
                    net.size(), net.groups.size());
  md += "| group | hosts | host latency (us) | up (MB/s) | down (MB/s) | backbone (MB/s) | uplink out / in (MB/s) |\n"
        "|---|---|---|---|---|---|---|\n";
  for (std::size_t g = 0; g < net.groups.size(); ++g) {
    const auto& group = net.groups[g];
    double lat_low = 1e300, lat_high = 0, up_low = 1e300, up_high = 0, down_low = 1e300, down_high = 0;
    for (const std::size_t h : group.hosts) {
      const auto& link = net.host_links[h];
      lat_low = std::min(lat_low, link.latency);
      lat_high = std::max(lat_high, link.latency);
      up_low = std::min(up_low, link.up);
      up_high = std::max(up_high, link.up);
      down_low = std::min(down_low, link.down);
      down_high = std::max(down_high, link.down);
    }
    auto range = [](const std::string& low, const std::string& high) { return low == high ? low : low + " - " + high; };
    std::string hosts = net.hosts[group.hosts.front()];
    if (group.hosts.size() > 1)
      hosts += fmt::format(" .. {} ({})", net.hosts[group.hosts.back()], group.hosts.size());
    md += fmt::format("| g{} | {} | {} | {} | {} | {} | {} / {} |\n", g + 1, hosts, range(us(lat_low), us(lat_high)),
                      range(mbps(up_low), mbps(up_high)), range(mbps(down_low), mbps(down_high)),
                      group.backbone ? mbps(*group.backbone) : "none", group.uplink_out ? mbps(*group.uplink_out) : "none",
                      group.uplink_in ? mbps(*group.uplink_in) : "none");
  }
  if (net.groups.size() > 1) {
    md += "\n| from | to | latency (us) | bandwidth (MB/s) | sharing |\n|---|---|---|---|---|\n";
    for (std::size_t g = 0; g < net.groups.size(); ++g)
      for (std::size_t h = 0; h < net.groups.size(); ++h)
        if (g != h) {
          const auto& link = net.between[g][h];
          md += fmt::format("| g{} | g{} | {} | {} | {}{} |\n", g + 1, h + 1, us(link.latency), mbps(link.bandwidth),
                            link.shared ? "shared by the flows between them" : "per flow (FATPIPE)",
                            link.flow_limit ? fmt::format(", each flow at most {}", mbps(*link.flow_limit)) : "");
        }
  }
  md += "\n## Size factors\n\n";
  if (r.segments == 0) {
    md += "None fitted: a transfer of S bytes takes latency + S / bandwidth.\n";
  } else {
    md += fmt::format("The largest sizes, from {:.0f} B, are affine in every pair (relative RMS {:.3g}): they give the "
                      "latencies and bandwidths above (factors 1). Below, a message of S bytes takes the factors of "
                      "the largest threshold < S (SMPI's smpi/lat-factor and smpi/bw-factor, in the .cfg file):\n\n",
                      r.top_segment_start, r.segment_rms);
    md += "| sizes > (B) | latency factor | bandwidth factor |\n|---|---|---|\n";
    const auto& lat = net.factors.latency.steps();
    const auto& bw = net.factors.bandwidth.steps();
    if (lat.empty() && bw.empty()) {
      md += "| 0 | 1 | 1 |\n";
    } else {
      std::map<double, std::pair<double, double>> rows;
      for (const auto& [threshold, factor] : lat)
        rows[threshold].first = factor;
      for (const auto& [threshold, factor] : bw)
        rows[threshold].second = factor;
      for (const auto& [threshold, factors] : rows)
        md += fmt::format("| {:.0f} | {:.6g} | {:.6g} |\n", threshold, net.factors.latency.at(threshold + 1),
                          net.factors.bandwidth.at(threshold + 1));
    }
  }
  // Residuals per size.
  std::map<double, SizeSummary> by_size;
  std::map<std::pair<std::size_t, std::size_t>, std::pair<double, double>> by_pair;  // worst |rel|, its size
  for (const auto& p : r.pairs) {
    const double rel = std::abs(p.relative());
    auto& s = by_size[p.bytes];
    ++s.count;
    s.sum_abs += rel;
    if (rel >= s.worst) {
      s.worst = rel;
      s.worst_pair = pair_name(c, p.src, p.dst) + " (" + to_string(p.kind) + ", " + p.where.text() + ")";
    }
    auto& w = by_pair[{p.src, p.dst}];
    if (rel >= w.first)
      w = {rel, p.bytes};
  }
  md += "\n## Residuals per size\n\n(model - measured) / measured over every figure of that size, the model with its "
        "factors and as the figure's tool measures (half round trip, streaming or exchange).\n\n"
        "| bytes | figures | mean abs | worst | worst figure |\n|---|---|---|---|---|\n";
  for (const auto& [bytes, s] : by_size)
    md += fmt::format("| {:.0f} | {} | {:.3g}% | {:.3g}% | {} |\n", bytes, s.count, 100 * s.sum_abs / s.count,
                      100 * s.worst, s.worst_pair);
  std::vector<std::pair<double, std::pair<std::size_t, std::size_t>>> worst;
  for (const auto& [pair, w] : by_pair)
    worst.push_back({w.first, pair});
  std::sort(worst.rbegin(), worst.rend());
  md += fmt::format("\n## Residuals per pair\n\nThe {} worst of {} pairs (every figure is in the residuals CSV):\n\n"
                    "| pair | worst abs residual | at (B) |\n|---|---|---|\n",
                    std::min<std::size_t>(20, worst.size()), worst.size());
  for (std::size_t k = 0; k < worst.size() && k < 20; ++k)
    md += fmt::format("| {} | {:.3g}% | {:.0f} |\n", pair_name(c, worst[k].second.first, worst[k].second.second),
                      100 * worst[k].first, by_pair[worst[k].second].second);
  md += "\n## Concurrent tests\n\nEvery flow's rate under load, added up; the model's by max-min sharing.\n\n";
  if (r.tests.empty())
    md += "None: no shared link could be seen (every group without a backbone, every link between groups per flow).\n";
  else
    md += "| test | flows | measured (MB/s) | model (MB/s) | residual | read as |\n|---|---|---|---|---|---|\n";
  for (const auto& t : r.tests)
    md += fmt::format("| {} ({}) | {} | {} | {} | {} | {} |\n", t.label, t.where.text(), t.flows, mbps(t.measured_rate),
                      mbps(t.model_rate), t.measured_rate > 0 ? percent(t.relative()) : "-", t.role);
  auto section = [&](const char* title, const std::vector<std::string>& lines) {
    md += fmt::format("\n## {}\n\n", title);
    if (lines.empty())
      md += "None.\n";
    for (const auto& line : lines)
      md += "- " + line + "\n";
  };
  section("Assumptions", r.assumptions);
  section("Warnings", r.warnings);
  section("Notes", r.notes);
  return md;
}

std::string residuals_csv(const Calibration& c)
{
  std::string csv = "src,dst,kind,bytes,measured_s,model_s,relative,source\n";
  for (const auto& p : c.report.pairs)
    csv += fmt::format("{},{},{},{:.0f},{:.9g},{:.9g},{:.6g},{}\n", c.network.hosts[p.src], c.network.hosts[p.dst],
                       to_string(p.kind), p.bytes, p.measured, p.model, p.relative(), p.where.text());
  return csv;
}

std::string fit_summary(const Calibration& c)
{
  const auto& net = c.network;
  const auto& r = c.report;
  double worst = 0, sum = 0;
  for (const auto& p : r.pairs) {
    worst = std::max(worst, std::abs(p.relative()));
    sum += std::abs(p.relative());
  }
  std::size_t backbones = 0, uplinks = 0, shared = 0;
  for (const auto& g : net.groups) {
    backbones += g.backbone.has_value();
    uplinks += g.uplink_out.has_value() + g.uplink_in.has_value();
  }
  for (std::size_t g = 0; g < net.groups.size(); ++g)
    for (std::size_t h = 0; h < net.groups.size(); ++h)
      shared += g != h && net.between[g][h].shared;
  std::string text =
      net.fat_tree
          ? fmt::format("hosts     {} in {} group(s) by latency, the leaves of a two-level fat-tree: SimGrid FAT_TREE "
                        "2;{},{};1,{};1,{}, links {:.6g} MB/s\n",
                        net.size(), net.groups.size(), net.fat_tree->hosts_per_leaf, net.fat_tree->leaves,
                        net.fat_tree->spines, net.fat_tree->cables, net.fat_tree->bandwidth / 1e6)
          : fmt::format("hosts     {} in {} group(s) by latency; {} backbone(s), {} uplink(s), {} shared "
                        "link(s) between groups\n",
                        net.size(), net.groups.size(), backbones, uplinks, shared);
  text += fmt::format("factors   latency {}; bandwidth {}\n", net.factors.latency.to_string(),
                      net.factors.bandwidth.to_string());
  text += fmt::format("residual  {} figures: mean {:.3g}%, worst {:.3g}%; {} concurrent test(s)\n", r.pairs.size(),
                      r.pairs.empty() ? 0.0 : 100 * sum / static_cast<double>(r.pairs.size()), 100 * worst,
                      r.tests.size());
  for (const auto& w : r.warnings)
    text += "warning   " + w + "\n";
  return text;
}

}  // namespace hbcast::calibration
