#pragma once
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/simulation/simulate_options.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <string>
#include <vector>

namespace hbcast::cli {

/// What every simulation of one platform starts from, loaded once: the process's SimGrid engine
/// configured by --cfg (exact mode unless the user picks a network model) and --log, the platform
/// and its pairwise model. Sessions built on it in this process, or in children forked from it,
/// share it. Nothing has run in the engine: a replay runs it, once per process.
struct SessionPlatform {
  std::unique_ptr<simgrid::s4u::Engine> engine;
  std::string path;                         ///< the file loaded (the default platform, resolved)
  std::vector<std::string> simgrid_config;  ///< the --cfg it was loaded with
  std::vector<std::string> simgrid_log;     ///< the --log it was started with
  LoadedPlatform platform;
  std::shared_ptr<PlatformCostModel> costs;
  double factor_slice_bytes = 0;  ///< the transfer size SMPI's size factors scaled the links for (0: none)

  SessionPlatform() = default;
  SessionPlatform(const SessionPlatform&) = delete;
  SessionPlatform& operator=(const SessionPlatform&) = delete;
  /// The engine is not torn down (engine_teardown.hpp): its process exits without it.
  ~SessionPlatform();
};

/// Starts the engine with `options`' --cfg and --log, loads options.platform (the default platform
/// when empty) and builds its pairwise model, telling `progress` of the route probing. Throws
/// PlatformError (one line) for a platform or SimGrid option that cannot be used.
std::shared_ptr<SessionPlatform> load_session_platform(const SimulateOptions& options,
                                                       const PlatformCostModel::Progress& progress = {});

}  // namespace hbcast::cli
