#pragma once

namespace simgrid::s4u {
class Engine;
}

namespace hbcast {

/// Multiplies every link's latency by `latency_factor` and bandwidth by `bandwidth_factor` (after
/// the platform is loaded, before any route is probed): the platform as messages of one size see
/// it under SMPI's size factors. Throws std::invalid_argument unless both factors are > 0.
void scale_links(simgrid::s4u::Engine& engine, double latency_factor, double bandwidth_factor);

}  // namespace hbcast
