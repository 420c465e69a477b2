#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <vector>

namespace hbcast {

/// Replays `tree` on the engine's loaded platform from time 0 and runs the simulation to its end.
/// SimGrid allows one simulation per process: call it once per process.
ReplayResult replay_tree(simgrid::s4u::Engine& engine, const BroadcastTree& tree,
                         const std::vector<simgrid::s4u::Host*>& hosts, const ReplayOptions& options);

}  // namespace hbcast
