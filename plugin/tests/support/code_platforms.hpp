#pragma once
#include "random_instances.hpp"

#include <hbcast/platform/exact_mode.hpp>

#include <simgrid/s4u/Engine.hpp>

namespace hbcast::test_support {

/// Builds, in `engine`, the heterogeneous star of `star`: host u has a private up link and down
/// link, route u->v = {up_u, down_v}. Concurrent transfers between distinct pairs share a link
/// only when they leave the same sender or reach the same receiver, which a one-port tree never
/// does. The cost model is star_cost_model(star).
void build_star_platform(simgrid::s4u::Engine& engine, const StarParameters& star);

/// Same costs, but one private link per ordered pair (latency up_u + down_v, bandwidth
/// min(up_u, down_v)): contention-free even for multi-port trees whose sends overlap.
void build_private_link_platform(simgrid::s4u::Engine& engine, const StarParameters& star);

/// The exact-mode network configuration (must run before the platform is built).
using hbcast::set_exact_mode;

/// The one SimGrid engine of a test process, named `program_name` in SimGrid's messages.
simgrid::s4u::Engine make_engine(const char* program_name);

}  // namespace hbcast::test_support
