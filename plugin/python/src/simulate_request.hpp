#pragma once
#include <hbcast/simulation/simulate_options.hpp>

#include <nlohmann/json.hpp>

namespace hbcast::python {

/// The options of a simulation request from Python ({"platform": ..., "schedulers": [...],
/// "size": "4MiB", "slices": 1, ...}, keys named as SimulateOptions' fields, each optional), checked
/// as `hbcast simulate` checks its options: a bad value is an OptionError naming the keyword the
/// way the command line names its option ("slices: must be a whole number >= 1, not '0'").
/// "given_trees" holds {"name", "plan" (plan JSON), "own_scheduler"} objects.
cli::SimulateOptions simulate_options_from_json(const nlohmann::json& request);

}  // namespace hbcast::python
