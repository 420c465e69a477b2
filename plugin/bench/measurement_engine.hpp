#pragma once
// The SimGrid engine of one benchmark measurement (in its own child: one engine per process).
#include <hbcast/platform/exact_mode.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <string>

namespace hbcast::bench {

/// An engine in exact mode whose log stays at `threshold` and above (SimGrid's config-change
/// banners would break Google Benchmark's table). Never destroyed: the child _exits, skipping
/// the teardown on every side alike.
inline simgrid::s4u::Engine& measurement_engine(const char* program, const char* threshold)
{
  static std::string log = std::string("--log=root.thresh:") + threshold;
  static std::string name = program;
  int argc = 2;
  char* argv[] = {name.data(), log.data(), nullptr};
  auto* engine = new simgrid::s4u::Engine(&argc, argv);
  set_exact_mode(*engine);
  return *engine;
}

}  // namespace hbcast::bench
