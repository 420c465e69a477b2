#pragma once
#include <simgrid/s4u/Host.hpp>

#include <optional>
#include <string>

/// SimGrid plugin entry point, by the convention of sg_host_energy_plugin_init() (SimGrid's
/// registration macro is not installed in 3.32). Registers the per-host delivery log and an
/// end-of-simulation check that warns about broadcasts that never completed. Idempotent; the
/// replay API calls it itself, so calling it is only needed to query delivery times.
extern "C" void sg_hbcast_plugin_init();

namespace hbcast {

/// Time at which `host` held the whole message of the broadcast called `broadcast_name`, if it has.
std::optional<double> delivery_time(const simgrid::s4u::Host& host, const std::string& broadcast_name);

}  // namespace hbcast
