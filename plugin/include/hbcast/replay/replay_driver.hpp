#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace hbcast {

/// How a replay drives SimGrid. All simulate the same transfers at the same times (a property
/// test holds them equal to 1e-12 on trees, 1e-9 on multi-tree plans); they differ only in what
/// they cost the simulator.
enum class ReplayDriver {
  /// The default: the hbcast/replay-driver configuration key if set (--cfg), else chosen per tree
  /// by choose_replay_driver.
  automatic,
  /// Host-to-host transfers (Comm::sendto_async) started from completion callbacks and kernel
  /// timers: no actor, no stack, no context switch.
  events,
  /// The event-driven replay whose transfers are mailbox comms started by a small pool of courier
  /// actors (CourierPool): about (transfers in flight) / kCourierLoad actors, O(kCourierLoad) per
  /// transfer.
  couriers,
  /// One s4u actor per node with mailboxes: the reference the event-driven replay is tested against.
  actor_per_host,
};

/// SimGrid 3.32 lists every Comm::sendto_async comm in maestro's activity list and takes it out
/// with a std::list::remove that scans the whole list (CommImpl::finish), so an event-driven
/// transfer costs O(transfers in flight); couriers cost O(kCourierLoad) per transfer plus their
/// actors. s4u_anchor_bench (binomial, one-port) measures both sides: events are faster at 1,000
/// hosts (500 in flight), couriers at 10,000 hosts (5,000 in flight); docs/performance.md.
inline constexpr std::size_t kEventDrivenInFlightLimit = 1024;

/// The most transfers `tree` can have in flight at once: one per sending node (one-port), one
/// per edge (multi-port: an edge carries one slice at a time).
std::size_t max_transfers_in_flight(const BroadcastTree& tree, PortModel port);
/// `driver` unless automatic; then events up to kEventDrivenInFlightLimit transfers in flight,
/// couriers above.
ReplayDriver choose_replay_driver(ReplayDriver driver, const BroadcastTree& tree, PortModel port);

/// `driver` unless automatic; then, for a multi-tree plan, the actor-per-host reference.
ReplayDriver choose_multi_tree_driver(ReplayDriver driver);

/// The hbcast/replay-driver configuration key (--cfg=hbcast/replay-driver:auto|events|couriers|actors,
/// declared with SimGrid's own keys, so any s4u program takes it on its command line); auto if unset.
ReplayDriver configured_replay_driver();

std::string to_string(ReplayDriver driver);
/// "auto" / "events" / "couriers" / "actors"; nullopt otherwise.
std::optional<ReplayDriver> parse_replay_driver(const std::string& text);

}  // namespace hbcast
