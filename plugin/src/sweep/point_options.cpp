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
  options.slices = point.slices;
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
