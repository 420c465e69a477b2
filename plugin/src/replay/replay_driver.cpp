#include <hbcast/replay/replay_driver.hpp>

namespace hbcast {

std::size_t max_transfers_in_flight(const BroadcastTree& tree, PortModel port)
{
  std::size_t in_flight = 0;
  for (NodeId node = 0; node < tree.size(); ++node) {
    const std::size_t children = tree.children(node).size();
    in_flight += port == PortModel::one_port ? (children > 0 ? 1 : 0) : children;
  }
  return in_flight;
}

ReplayDriver choose_replay_driver(ReplayDriver driver, const BroadcastTree& tree, PortModel port)
{
  if (driver != ReplayDriver::automatic)
    return driver;
  return max_transfers_in_flight(tree, port) <= kEventDrivenInFlightLimit ? ReplayDriver::events
                                                                          : ReplayDriver::actor_per_host;
}

std::string to_string(ReplayDriver driver)
{
  switch (driver) {
    case ReplayDriver::automatic: return "auto";
    case ReplayDriver::events: return "events";
    default: return "actors";
  }
}

std::optional<ReplayDriver> parse_replay_driver(const std::string& text)
{
  if (text == "auto")
    return ReplayDriver::automatic;
  if (text == "events")
    return ReplayDriver::events;
  if (text == "actors")
    return ReplayDriver::actor_per_host;
  return std::nullopt;
}

}  // namespace hbcast
