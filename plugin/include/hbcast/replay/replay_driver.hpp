#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace hbcast {

/// How a replay drives SimGrid. Both simulate the same transfers at the same times (a property
/// test holds them equal to 1e-12); they differ only in what they cost the simulator.
enum class ReplayDriver {
  /// The default: the hbcast/replay-driver configuration key if set (--cfg), else chosen per tree
  /// by choose_replay_driver.
  automatic,
  /// Host-to-host transfers (Comm::sendto_async) started from completion callbacks and kernel
  /// timers: no actor, no stack, no context switch.
  events,
  /// The event-driven replay whose transfers are mailbox comms started by a small pool of courier
  /// actors (CourierPool): about (transfers in flight) / 64 actors, O(64) per transfer.
  couriers,
  /// One s4u actor per node with mailboxes: the reference the event-driven replay is tested against.
  actor_per_host,
};

/// SimGrid 3.32 takes every finished host-to-host comm out of a std::list of all unfinished ones
/// (std::list::remove in CommImpl::finish), so an event-driven transfer costs O(transfers in
/// flight). Measured with s4u_anchor_bench (binomial, one-port): events take 0.64x the actors'
/// time at 6,144 transfers in flight, 1.09x at 8,192 and 4.5x at 16,384.
inline constexpr std::size_t kEventDrivenInFlightLimit = 6144;

/// The most transfers `tree` can have in flight at once: one per sending node (one-port), one
/// per edge (multi-port: an edge carries one slice at a time).
std::size_t max_transfers_in_flight(const BroadcastTree& tree, PortModel port);
/// `driver` unless automatic; then events up to kEventDrivenInFlightLimit transfers in flight.
ReplayDriver choose_replay_driver(ReplayDriver driver, const BroadcastTree& tree, PortModel port);

/// The hbcast/replay-driver configuration key (--cfg=hbcast/replay-driver:auto|events|actors,
/// declared with SimGrid's own keys, so any s4u program takes it on its command line); auto if unset.
ReplayDriver configured_replay_driver();

std::string to_string(ReplayDriver driver);
/// "auto" / "events" / "actors"; nullopt otherwise.
std::optional<ReplayDriver> parse_replay_driver(const std::string& text);

}  // namespace hbcast
