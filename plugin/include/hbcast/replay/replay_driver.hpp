#pragma once
#include <optional>
#include <string>

namespace hbcast {

/// How a replay drives SimGrid. Both simulate the same transfers at the same times (a property
/// test holds them equal to 1e-12); they differ in what they cost the simulator.
enum class ReplayDriver {
  /// Host-to-host transfers (Comm::sendto_async) started from completion callbacks and timers:
  /// no actor, no stack, no context switch (the default).
  events,
  /// One s4u actor per node with mailboxes: the reference the event-driven replay is tested against.
  actor_per_host,
};

std::string to_string(ReplayDriver driver);
/// "events" / "actors"; nullopt otherwise.
std::optional<ReplayDriver> parse_replay_driver(const std::string& text);

}  // namespace hbcast
