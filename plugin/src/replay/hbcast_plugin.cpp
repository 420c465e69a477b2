#include <hbcast/replay/hbcast_plugin.hpp>

#include "delivery_log.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <xbt/Extendable.hpp>
#include <xbt/log.h>

#include <map>
#include <set>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_plugin, hbcast, "hbcast: plugin registration and delivery log");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

/// Per-host extension: when each broadcast delivered its whole message to this host.
class DeliveryLog {
public:
  static simgrid::xbt::Extension<sg4::Host, DeliveryLog> EXTENSION_ID;
  std::map<std::string, double> delivered;
};
simgrid::xbt::Extension<sg4::Host, DeliveryLog> DeliveryLog::EXTENSION_ID;

std::set<std::string>& unfinished_broadcasts()
{
  static std::set<std::string> names;
  return names;
}

}  // namespace

std::optional<double> delivery_time(const sg4::Host& host, const std::string& broadcast_name)
{
  if (!DeliveryLog::EXTENSION_ID.valid())
    return std::nullopt;
  const DeliveryLog* log = host.extension<DeliveryLog>();
  if (log == nullptr)
    return std::nullopt;
  auto it = log->delivered.find(broadcast_name);
  return it == log->delivered.end() ? std::nullopt : std::optional<double>(it->second);
}

namespace plugin_detail {

void record_delivery(sg4::Host& host, const std::string& broadcast_name, double time)
{
  if (host.extension<DeliveryLog>() == nullptr)
    host.extension_set(new DeliveryLog());
  host.extension<DeliveryLog>()->delivered[broadcast_name] = time;
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
  using hbcast::DeliveryLog;
  if (DeliveryLog::EXTENSION_ID.valid())
    return;
  DeliveryLog::EXTENSION_ID = sg4::Host::extension_create<DeliveryLog>();
  sg4::Engine::on_simulation_end_cb([] {
    for (const auto& name : hbcast::unfinished_broadcasts())
      XBT_WARN("Broadcast %s did not reach every host before the simulation ended", name.c_str());
  });
  XBT_VERB("hbcast plugin initialized");
}
