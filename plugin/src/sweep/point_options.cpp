#include <hbcast/sweep/point_options.hpp>

namespace hbcast::cli {

SimulateOptions point_options(const Scenario& scenario, const SweepPoint& point)
{
  SimulateOptions options;
  if (scenario.root == "random")
    options.random_root_seed = point.seed;
  else if (scenario.root != "first")
    options.root = scenario.root;
  options.message_bytes = point.message_bytes;
  options.slices = point.slices == 0 ? 1 : point.slices;
  options.slices_auto = point.slices == 0;
  options.max_slices = scenario.max_slices;
  // best's plan runs in SMPI beside the MPI baselines: its trees are kept for it.
  options.keep_trees = point.scheduler == "best" && !scenario.mpi_baselines.empty();
  options.best_finalists = options.keep_trees;  // the fastest of best's finalists in SMPI is deployed
  options.port = point.port.empty() ? options.port : point.port;
  if (point.member_fraction > 0.0) {
    options.member_fraction = point.member_fraction;
    options.member_seed = point.seed;  // the same members for every scheduler of the repetition
  }
  options.simgrid_config = point.simgrid;
  options.steady_state_bound = scenario.lp_bound;
  return options;
}

}  // namespace hbcast::cli
