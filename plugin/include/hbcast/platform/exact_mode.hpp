#pragma once
#include <string>
#include <utility>
#include <vector>

namespace simgrid::s4u {
class Engine;
}

namespace hbcast {

/// Exact mode (see the SimGrid notes): CM02 gives T = latency + size / bandwidth for a lone flow
/// once cross traffic and the TCP window cap are off. The settings as key, value pairs.
const std::vector<std::pair<std::string, std::string>>& exact_mode_settings();

/// Sets every exact-mode setting on `engine` (before the platform is loaded, or SimGrid aborts).
void set_exact_mode(simgrid::s4u::Engine& engine);

}  // namespace hbcast
