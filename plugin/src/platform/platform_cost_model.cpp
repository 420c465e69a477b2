#include <hbcast/platform/platform_cost_model.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/platform/zone_blocks.hpp>

#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <cstdlib>
#include <limits>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(hbcast_platform);

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

std::string pair_text(const sg4::Host* src, const sg4::Host* dst)
{
  return "'" + src->get_name() + "' to '" + dst->get_name() + "'";
}

double numeric_property(const sg4::Host* host, const char* key, double fallback)
{
  const char* text = host->get_property(key);
  if (text == nullptr)
    return fallback;
  char* end = nullptr;
  double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= 0.0))
    throw PlatformError("host '" + host->get_name() + "': property " + key + "='" + text +
                        "' is not a non-negative number");
  return value;
}

}  // namespace

RouteCost probe_route(sg4::Host* src, sg4::Host* dst)
{
  set_activity("computing the route from '%s' to '%s'", src->get_cname(), dst->get_cname());
  std::vector<sg4::Link*> links;
  RouteCost cost;
  try {
    src->route_to(dst, links, &cost.latency);
  } catch (const std::exception& error) {
    throw PlatformError("no route from " + pair_text(src, dst) + ": " + error.what());
  }
  if (links.empty() && src != dst)
    throw PlatformError("no route from " + pair_text(src, dst) + " (empty route)");
  cost.bandwidth = std::numeric_limits<double>::infinity();
  for (const sg4::Link* link : links)
    cost.bandwidth = std::min(cost.bandwidth, link->get_bandwidth());
  cost.link_count = links.size();
  return cost;
}

SendOverhead host_send_overhead(const sg4::Host* host)
{
  const double latency = numeric_property(host, "hbcast/send_latency", 0.0);
  const double bandwidth = numeric_property(host, "hbcast/send_bandwidth", std::numeric_limits<double>::infinity());
  if (bandwidth == 0.0)
    throw PlatformError("host '" + host->get_name() + "': property hbcast/send_bandwidth must be > 0");
  return {latency, 1.0 / bandwidth};
}

PlatformCostModel::PlatformCostModel(const LoadedPlatform& platform, const Progress& progress)
    : hosts_(platform.hosts()), blocks_(uniform_zone_blocks(hosts_))
{
  for (const sg4::Host* host : hosts_)
    send_overheads_.push_back(host_send_overhead(host));
  has_structure_ = blocks_.count() < hosts_.size();
  XBT_VERB("%zu hosts in %zu blocks", hosts_.size(), blocks_.count());
  if (blocks_.count() <= kMaxBlocks)
    probe_block_pairs(progress);
  else
    has_structure_ = false;  // no table: the structured rules would probe blocks^2 routes anyway
}

// One route per ordered block pair (a block's first two hosts for its inner pairs).
void PlatformCostModel::probe_block_pairs(const Progress& progress)
{
  const std::size_t count = blocks_.count();
  block_routes_.resize(count * count);
  for (std::size_t a = 0; a < count; ++a) {
    for (std::size_t b = 0; b < count; ++b)
      if (a != b || blocks_.members[a].size() > 1)
        block_routes_[a * count + b] = probe_route(hosts_[blocks_.first(a)], hosts_[a == b ? blocks_.second(b) : blocks_.first(b)]);
    if (progress)
      progress((a + 1) * count, count * count);
  }
}

RouteCost PlatformCostModel::route(NodeId from, NodeId to) const
{
  if (from != to && !block_routes_.empty())
    return block_routes_[blocks_.block_of[from] * blocks_.count() + blocks_.block_of[to]];
  return probed_route(from, to);
}

RouteCost PlatformCostModel::probed_route(NodeId from, NodeId to) const
{
  const std::uint64_t pair = static_cast<std::uint64_t>(from) * hosts_.size() + to;
  if (auto cached = cache_.find(pair))
    return *cached;
  const RouteCost cost = probe_route(hosts_[from], hosts_[to]);
  cache_.store(pair, cost);
  return cost;
}

}  // namespace hbcast
