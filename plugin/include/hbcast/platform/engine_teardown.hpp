#pragma once
#include <simgrid/s4u/Engine.hpp>

#include <memory>

namespace hbcast {

/// For a process that exits (_exit) right after its simulation, as hbcast's isolated children do:
/// releases `engine` without destroying it, because the teardown frees every host, link, route
/// and activity one by one (0.78 s of a 10^5-host replay) just before the process goes away.
/// Destroys it as usual when SimGrid's tracing is on, whose trace file the teardown completes.
void skip_engine_teardown(std::unique_ptr<simgrid::s4u::Engine>& engine);

}  // namespace hbcast
