#include <hbcast/replay/replay_driver.hpp>

namespace hbcast {

std::string to_string(ReplayDriver driver)
{
  return driver == ReplayDriver::events ? "events" : "actors";
}

std::optional<ReplayDriver> parse_replay_driver(const std::string& text)
{
  if (text == "events")
    return ReplayDriver::events;
  if (text == "actors")
    return ReplayDriver::actor_per_host;
  return std::nullopt;
}

}  // namespace hbcast
