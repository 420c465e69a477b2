#pragma once
// The replays' side of the plugin's delivery log (hbcast_plugin.hpp): not installed.
#include <simgrid/s4u/Host.hpp>

#include <cstddef>
#include <string>

namespace hbcast::plugin_detail {

/// Records that `host` held the whole message of `broadcast_name` at `time` (delivery_time reads it).
void record_delivery(const simgrid::s4u::Host& host, const std::string& broadcast_name, double time);
/// Deliveries recorded so far, every broadcast counted (each host once per broadcast it finished).
std::size_t recorded_deliveries();
/// The end-of-simulation check warns about every broadcast started and never finished.
void track_started(const std::string& broadcast_name);
void track_finished(const std::string& broadcast_name);

}  // namespace hbcast::plugin_detail
