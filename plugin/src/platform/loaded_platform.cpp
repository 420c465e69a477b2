#include <hbcast/platform/loaded_platform.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/platform/platform_memory.hpp>
#include <hbcast/util/memory_budget.hpp>

#include <simgrid/Exception.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/StarZone.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <tuple>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_platform, hbcast, "hbcast: loading platforms and probing routes");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// Zones in depth-first declaration order: NetPoint ids restart in every zone (SimGrid 3.32), so
// host order is (zone rank, id within the zone).
void rank_zones(const sg4::NetZone* zone, std::map<const sg4::NetZone*, std::size_t>& rank)
{
  rank.emplace(zone, rank.size());
  for (const sg4::NetZone* child : zone->get_children())
    rank_zones(child, rank);
}

std::string first_line(const std::string& text)
{
  return text.substr(0, text.find('\n'));
}

// The replay's couriers (replay/courier_pool.hpp) stand between transfers on a host no state
// profile can turn off: a host of its own, in an empty zone of its own, added before SimGrid seals
// the platform (no host can be added after). It has no link, is never routed to, and is not one
// of hosts(). Not under a root zone that holds hosts in a star (a <cluster> as root), whose
// shape the cost models read, nor with SimGrid's tracing on (3.32's tracer crashes on a zone
// added after the platform was parsed).
void add_courier_parking(sg4::Engine& engine)
{
  sg4::NetZone* root = engine.get_netzone_root();
  if (root == nullptr || dynamic_cast<const simgrid::kernel::routing::StarZone*>(root->get_impl()) != nullptr ||
      simgrid::config::get_value<bool>("tracing"))
    return;
  auto* zone = sg4::create_empty_zone(LoadedPlatform::kCourierParkingZone);
  zone->set_parent(root);
  zone->create_host(LoadedPlatform::kCourierParkingHost, 1.0);
  zone->seal();
}

std::string number_text(double value)
{
  std::ostringstream text;
  text << value;
  return text.str();
}

// SimGrid takes "nan" or "0" for a bandwidth and fails much later, in its solver ("The
// Impossible Did Happen"): refuse such links up front, by their id.
void check_links(const sg4::Engine& engine)
{
  for (const sg4::Link* link : engine.get_all_links()) {
    const double bandwidth = link->get_bandwidth();
    const double latency = link->get_latency();
    if (!(bandwidth > 0.0) || !std::isfinite(bandwidth))
      throw PlatformError("link '" + link->get_name() + "': bandwidth " + number_text(bandwidth) +
                          " is not a positive finite number");
    if (!(latency >= 0.0) || !std::isfinite(latency))
      throw PlatformError("link '" + link->get_name() + "': latency " + number_text(latency) +
                          " is not a finite number >= 0");
  }
}

// Refuses, before SimGrid parses it, a platform whose loading alone would not fit in memory.
void check_platform_memory(const std::string& path)
{
  std::ifstream file(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  const DeclaredPlatformSize size = declared_platform_size(text);
  try {
    check_memory(estimated_platform_bytes(size),
                 "loading '" + path + "' (" + std::to_string(size.hosts) + " hosts, " + std::to_string(size.links) +
                     " links outside clusters)",
                 "SimGrid's platform: about 2.9 KiB per host and 1 KiB per link",
                 "nothing but a smaller platform or more memory lowers it");
  } catch (const std::runtime_error& error) {
    throw PlatformError(error.what());
  }
}

}  // namespace

LoadedPlatform LoadedPlatform::load(sg4::Engine& engine, const std::string& path)
{
  if (std::filesystem::is_directory(path))
    throw PlatformError("'" + path + "' is a directory, not a platform file");
  if (!std::ifstream(path).good())
    throw PlatformError("cannot read platform file '" + path + "'");
  check_platform_memory(path);
  try {
    const SimGridCall call(ActivityOwner::simgrid, "loading platform '%s'", path.c_str());
    engine.load_platform(path);
    add_courier_parking(engine);
    // Floyd and Dijkstra zones compute their routes only when sealed, which run() would do.
    engine.seal_platform();
  } catch (const simgrid::ParseError& error) {
    throw PlatformError("malformed platform '" + path + "': " + first_line(error.what()));
  } catch (const std::exception& error) {
    throw PlatformError("cannot load platform '" + path + "': " + first_line(error.what()));
  }
  check_links(engine);
  XBT_VERB("Loaded platform %s", path.c_str());
  return from_engine(engine);
}

LoadedPlatform LoadedPlatform::from_engine(sg4::Engine& engine)
{
  std::map<const sg4::NetZone*, std::size_t> zone_rank;
  rank_zones(engine.get_netzone_root(), zone_rank);
  LoadedPlatform platform;
  platform.hosts_ = engine.get_all_hosts();
  platform.hosts_.erase(std::remove_if(platform.hosts_.begin(), platform.hosts_.end(),
                                       [](const sg4::Host* host) { return host->get_name() == kCourierParkingHost; }),
                        platform.hosts_.end());
  // Each host's key is computed once (a zone lookup per host, not per comparison of the sort).
  std::vector<std::tuple<std::size_t, unsigned long, sg4::Host*>> keyed;
  keyed.reserve(platform.hosts_.size());
  for (sg4::Host* host : platform.hosts_)
    keyed.emplace_back(zone_rank.at(host->get_englobing_zone()), host->get_netpoint()->id(), host);
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t i = 0; i < keyed.size(); ++i)
    platform.hosts_[i] = std::get<2>(keyed[i]);
  if (platform.hosts_.empty())
    throw PlatformError("the platform declares no host");
  for (const sg4::Host* host : platform.hosts_)
    platform.names_.push_back(host->get_name());
  XBT_VERB("%zu hosts; first %s, last %s", platform.hosts_.size(), platform.names_.front().c_str(),
            platform.names_.back().c_str());
  return platform;
}

std::size_t LoadedPlatform::index_of(const std::string& name) const
{
  auto it = std::find(names_.begin(), names_.end(), name);
  if (it == names_.end())
    throw PlatformError("no host named '" + name + "' in the platform");
  return static_cast<std::size_t>(it - names_.begin());
}

}  // namespace hbcast
