#include <hbcast/platform/link_scaling.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>

#include <stdexcept>

namespace hbcast {

void scale_links(simgrid::s4u::Engine& engine, double latency_factor, double bandwidth_factor)
{
  if (!(latency_factor > 0) || !(bandwidth_factor > 0))
    throw std::invalid_argument("link scaling factors must be > 0");
  if (latency_factor == 1.0 && bandwidth_factor == 1.0)
    return;
  for (simgrid::s4u::Link* link : engine.get_all_links()) {
    link->set_latency(link->get_latency() * latency_factor);
    link->set_bandwidth(link->get_bandwidth() * bandwidth_factor);
  }
}

}  // namespace hbcast
