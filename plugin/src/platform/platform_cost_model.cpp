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
  std::vector<sg4::Link*> links;
  RouteCost cost;
  try {
    const SimGridCall call(ActivityOwner::simgrid, "computing the route from '%s' to '%s'", src->get_cname(),
                           dst->get_cname());
    src->route_to(dst, links, &cost.latency);
  } catch (const std::exception& error) {
    XBT_VERB("no route from %s: %s", pair_text(src, dst).c_str(), error.what());
    return RouteCost::none();
  }
  // A route without links but with a latency (a Vivaldi zone's hosts: latency from their
  // coordinates, no link) takes its latency whatever the size: T = latency, bandwidth infinite.
  if (links.empty() && src != dst && !(cost.latency > 0.0))
    return RouteCost::none();
  cost.bandwidth = std::numeric_limits<double>::infinity();
  for (const sg4::Link* link : links)
    cost.bandwidth = std::min(cost.bandwidth, link->get_bandwidth());
  cost.link_count = links.size();
  return cost;
}

namespace {

// The first link of the route from `host` to `peer`, or nullptr when the route is empty.
const sg4::Link* first_link(const sg4::Host* host, const sg4::Host* peer)
{
  std::vector<sg4::Link*> links;
  try {
    host->route_to(peer, links, nullptr);
  } catch (const std::exception&) {
    return nullptr;  // no route: it says nothing of the host's NIC
  }
  return links.empty() ? nullptr : links.front();
}

// The link every sampled route from `host` leaves by, if there is one and it is shared (not FATPIPE).
const sg4::Link* shared_up_link(const sg4::Host* host, const std::vector<sg4::Host*>& peers)
{
  const sg4::Link* shared = nullptr;
  std::size_t sampled = 0;
  for (const sg4::Host* peer : peers) {
    if (peer == host)
      continue;
    const sg4::Link* link = first_link(host, peer);
    if (link == nullptr || (shared != nullptr && link != shared))
      return nullptr;
    shared = link;
    if (++sampled == kUpLinkSample)
      break;
  }
  if (shared == nullptr || shared->get_sharing_policy() == sg4::Link::SharingPolicy::FATPIPE)
    return nullptr;
  return shared;
}

}  // namespace

SendOverhead host_send_overhead(const sg4::Host* host, const std::vector<sg4::Host*>& peers)
{
  if (host->get_property("hbcast/send_latency") != nullptr || host->get_property("hbcast/send_bandwidth") != nullptr) {
    const double latency = numeric_property(host, "hbcast/send_latency", 0.0);
    const double bandwidth =
        numeric_property(host, "hbcast/send_bandwidth", std::numeric_limits<double>::infinity());
    if (bandwidth == 0.0)
      throw PlatformError("host '" + host->get_name() + "': property hbcast/send_bandwidth must be > 0");
    return {latency, 1.0 / bandwidth, SendOverhead::Origin::properties};
  }
  // Concurrent sends share the sender's NIC: one after the other at its bandwidth.
  if (const sg4::Link* link = shared_up_link(host, peers); link != nullptr && link->get_bandwidth() > 0.0)
    return {0.0, 1.0 / link->get_bandwidth(), SendOverhead::Origin::up_link};
  return {};
}

std::string to_string(SendOverhead::Origin origin)
{
  switch (origin) {
  case SendOverhead::Origin::properties:
    return "properties";
  case SendOverhead::Origin::up_link:
    return "up link";
  case SendOverhead::Origin::none:
    break;
  }
  return "none";
}

PlatformCostModel::PlatformCostModel(const LoadedPlatform& platform, const Progress& progress)
    : hosts_(platform.hosts()), send_overheads_(hosts_.size())
{
  for (NodeId u = 0; u < hosts_.size(); ++u)  // malformed properties are reported up front
    if (auto overhead = host_send_overhead(hosts_[u]); overhead.origin == SendOverhead::Origin::properties)
      send_overheads_[u] = overhead;
  set_activity("grouping the hosts of uniform zones");
  blocks_ = uniform_zone_blocks(hosts_);
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
        block_routes_[a * count + b] =
            probe_route(hosts_[blocks_.first(a)], hosts_[a == b ? blocks_.second(b) : blocks_.first(b)]);
    if (progress)
      progress((a + 1) * count, count * count);
  }
}

const SendOverhead& PlatformCostModel::send_overhead_of(NodeId host) const
{
  auto& overhead = send_overheads_.at(host);
  if (!overhead)
    overhead = host_send_overhead(hosts_[host], hosts_);
  return *overhead;
}

RouteCost PlatformCostModel::route(NodeId from, NodeId to) const
{
  if (from != to && !block_routes_.empty())
    return block_routes_[blocks_.block_of[from] * blocks_.count() + blocks_.block_of[to]];
  return probed_route(from, to);
}

std::vector<bool> PlatformCostModel::reached_from(NodeId root) const
{
  std::vector<bool> reached(hosts_.size(), block_routes_.empty());
  if (block_routes_.empty())
    return reached;
  // A breadth-first search over blocks: a block reached from another one is reached whole (each
  // of its hosts from the same relay); the root's own block only as far as its inner pairs route.
  const std::size_t count = blocks_.count();
  const auto routes = [&](std::size_t a, std::size_t b) { return block_routes_[a * count + b].routable(); };
  std::vector<bool> whole(count, false);
  const std::size_t root_block = blocks_.block_of[root];
  whole[root_block] = blocks_.members[root_block].size() == 1 || routes(root_block, root_block);
  std::vector<std::size_t> queue{root_block};
  std::vector<bool> queued(count, false);
  queued[root_block] = true;
  for (std::size_t next = 0; next < queue.size(); ++next)
    for (std::size_t b = 0; b < count; ++b)
      if (b != queue[next] && routes(queue[next], b)) {
        whole[b] = true;
        if (!queued[b]) {
          queued[b] = true;
          queue.push_back(b);
        }
      }
  for (NodeId u = 0; u < hosts_.size(); ++u)
    reached[u] = whole[blocks_.block_of[u]] || u == root;
  return reached;
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
