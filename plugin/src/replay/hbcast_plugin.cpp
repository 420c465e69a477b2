#include <hbcast/replay/hbcast_plugin.hpp>

#include "delivery_log.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <utility>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_plugin, hbcast, "hbcast: plugin registration and delivery log");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

/// When each host held the whole message of one broadcast: appended as hosts finish (no
/// allocation per host), sorted by host when first asked after new deliveries.
struct DeliveryTable {
  std::vector<std::pair<const sg4::Host*, double>> deliveries;  ///< the latest of a host's is its last
  bool sorted = true;
};

std::map<std::string, DeliveryTable, std::less<>>& delivery_tables()
{
  static std::map<std::string, DeliveryTable, std::less<>> tables;
  return tables;
}

bool plugin_initialized = false;

std::set<std::string>& unfinished_broadcasts()
{
  static std::set<std::string> names;
  return names;
}

}  // namespace

std::optional<double> delivery_time(const sg4::Host& host, const std::string& broadcast_name)
{
  auto table = delivery_tables().find(broadcast_name);
  if (table == delivery_tables().end())
    return std::nullopt;
  auto& deliveries = table->second.deliveries;
  const auto by_host = [](const auto& a, const auto& b) { return std::less<>()(a.first, b.first); };
  if (!table->second.sorted) {
    std::stable_sort(deliveries.begin(), deliveries.end(), by_host);  // a host's deliveries keep their order
    table->second.sorted = true;
  }
  const auto after = std::upper_bound(deliveries.begin(), deliveries.end(), std::make_pair(&host, 0.0), by_host);
  if (after == deliveries.begin() || std::prev(after)->first != &host)
    return std::nullopt;
  return std::prev(after)->second;
}

namespace plugin_detail {

void record_delivery(const sg4::Host& host, const std::string& broadcast_name, double time)
{
  // Consecutive deliveries are of one broadcast: its table is looked up once per run of them.
  static std::pair<const std::string*, DeliveryTable*> last{nullptr, nullptr};
  if (last.first == nullptr || *last.first != broadcast_name) {
    auto table = delivery_tables().try_emplace(broadcast_name).first;
    last = {&table->first, &table->second};
  }
  last.second->deliveries.emplace_back(&host, time);
  last.second->sorted = false;
}

std::size_t recorded_deliveries()
{
  std::size_t count = 0;
  for (const auto& [name, table] : delivery_tables())
    count += table.deliveries.size();
  return count;
}

void track_started(const std::string& broadcast_name)
{
  unfinished_broadcasts().insert(broadcast_name);
}

void track_finished(const std::string& broadcast_name)
{
  unfinished_broadcasts().erase(broadcast_name);
}

}  // namespace plugin_detail
}  // namespace hbcast

extern "C" void sg_hbcast_plugin_init()
{
  if (hbcast::plugin_initialized)
    return;
  hbcast::plugin_initialized = true;
  sg4::Engine::on_simulation_end_cb([] {
    for (const auto& name : hbcast::unfinished_broadcasts())
      XBT_WARN("Broadcast %s did not reach every host before the simulation ended", name.c_str());
  });
  XBT_VERB("hbcast plugin initialized");
}
