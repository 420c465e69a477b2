#include <hbcast/replay/replay_driver.hpp>

#include <xbt/config.hpp>

#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

// Declared at load time, so that the engine's --cfg parsing already knows the key. A bad value
// throws from the callback, which SimGrid reports as an error (its list of valid values would
// abort instead).
const std::string replay_driver_help =
    "How hbcast replays a broadcast tree or a multi-tree plan: auto (trees: events up to " +
    std::to_string(kEventDrivenInFlightLimit) +
    " transfers in flight, couriers above; multi-tree plans: actors), events (no actors), couriers (events, transfers "
    "carried by a pool of courier actors), actors (one s4u actor per host, the reference)";

simgrid::config::Flag<std::string> replay_driver_flag{
    "hbcast/replay-driver", replay_driver_help.c_str(), "auto", [](const std::string& value) {
      if (!parse_replay_driver(value))
        throw std::invalid_argument("hbcast/replay-driver: '" + value +
                                    "' is not a replay driver (auto, events, couriers, actors)");
    }};

}  // namespace

ReplayDriver configured_replay_driver()
{
  return parse_replay_driver(replay_driver_flag.get()).value_or(ReplayDriver::automatic);
}

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
                                                                          : ReplayDriver::couriers;
}

ReplayDriver choose_multi_tree_driver(ReplayDriver driver)
{
  // The event-driven replays of multi-tree plans equal the actors' on the plans tested
  // (replay_driver_equivalence_test), but copy what SimGrid does at one instant step by step:
  // the reference stays the default.
  return driver == ReplayDriver::automatic ? ReplayDriver::actor_per_host : driver;
}

std::string to_string(ReplayDriver driver)
{
  switch (driver) {
    case ReplayDriver::automatic: return "auto";
    case ReplayDriver::events: return "events";
    case ReplayDriver::couriers: return "couriers";
    default: return "actors";
  }
}

std::optional<ReplayDriver> parse_replay_driver(const std::string& text)
{
  if (text == "auto")
    return ReplayDriver::automatic;
  if (text == "events")
    return ReplayDriver::events;
  if (text == "couriers")
    return ReplayDriver::couriers;
  if (text == "actors")
    return ReplayDriver::actor_per_host;
  return std::nullopt;
}

}  // namespace hbcast
