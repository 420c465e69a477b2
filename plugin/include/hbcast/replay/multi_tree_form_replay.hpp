#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace hbcast {

/// A multi-tree plan's executable form as libhbcast_mpi runs it, message for message: `count`
/// elements (bytes here) cut into `slices` slices, every message carrying `envelope_bytes` more
/// (SMPI's 16 when the replay stands for an SMPI run of a periodic plan).
struct FormReplayOptions {
  std::size_t count = 0;
  std::size_t slices = 1;
  double envelope_bytes = 0.0;
  /// Actor and mailbox prefix; unique per concurrent broadcast.
  std::string name = "hbcast";
};

/// The periodic form (core/periodic_schedule.hpp), one s4u actor per host: each runs its steps
/// in order (from its slot's time on, with the schedule's clock: post the step's receive, send
/// blocking, wait the receive), one mailbox per host pair
/// so that a send meets only the receive its step posted (a rendezvous, as MPI's synchronous sends
/// under SMPI). Measures every host's arrival of every slice; the observed period and throughput
/// are FormTimeline's (eval/form_timeline.hpp). Runs the engine to its end.
ReplayResult replay_periodic(simgrid::s4u::Engine& engine, const std::vector<BroadcastTree>& trees,
                             const std::vector<double>& weights, const PeriodicSchedule& schedule,
                             const std::vector<simgrid::s4u::Host*>& hosts, const FormReplayOptions& options);

/// The rate-capped form (eval/form_timeline.hpp, capped_timeline), one s4u actor per host: the root
/// starts round r's parts at r x capped_round_seconds (core/capped_pace.hpp); every host keeps
/// `receives` receives posted per tree (one mailbox per host pair and tree; capped_receives) and
/// forwards each part it gets to its children in that tree at once; every transfer of tree t has
/// Comm::set_rate(weights[t] x mean slice bytes). Runs the engine to its end.
ReplayResult replay_capped(simgrid::s4u::Engine& engine, const std::vector<BroadcastTree>& trees,
                           const std::vector<double>& weights, std::size_t round_slices, std::size_t receives,
                           const std::vector<simgrid::s4u::Host*>& hosts, const FormReplayOptions& options);

}  // namespace hbcast
