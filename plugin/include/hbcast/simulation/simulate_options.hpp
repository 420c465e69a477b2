#pragma once
#include <hbcast/plan/broadcast_plan.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A tree given whole rather than built by a scheduler (`simulate --tree PLAN.json`, the Python
/// module's Tree objects): predicted, analysed and replayed like a scheduler's, as the row `name`.
struct GivenTree {
  std::string name;
  /// Its tree (or weighted trees) by host name, and its root; the plan's size, slices and port are
  /// not used: the simulation's are.
  BroadcastPlan plan;
  /// The scheduler whose own model predicts the tree (run for its model only); empty: the pairwise
  /// model is its own.
  std::string own_scheduler;
};

/// Everything `hbcast simulate` takes, parsed by CLI11 into plain data.
struct SimulateOptions {
  std::string platform;                  ///< empty: the default GRID5000-like platform
  std::string root;                      ///< empty: the first host in declaration order
  std::optional<std::uint64_t> random_root_seed;  ///< set: the root is drawn from the hosts with it
  std::vector<std::string> schedulers{"all"};
  std::string size = "4MiB";
  double message_bytes = 0.0;            ///< parsed from `size`
  std::size_t slices = 1;
  /// --slices auto: each tree's K is the one minimising its predicted makespan, up to the bound
  /// auto_slice_bound gives (`max_slices` when set); `slices` is then 1 until a tree is built.
  bool slices_auto = false;
  std::size_t max_slices = 0;            ///< --max-slices: the bound of --slices auto and of `best` (0: the default rule)
  std::string port = "one";
  std::string format = "table";
  std::string dot_path;
  std::string gantt_path;                ///< --gantt FILE.svg|png: Gantt charts of the replays
  std::string plan_path;                 ///< --plan: write each tree as a plan (docs/deployment.md, "Plans")
  bool mpi_baselines = false;            ///< --mpi-baselines: SMPI's MPI_Bcast algorithms as rows too
  std::vector<std::string> simgrid_config;  ///< "key:value", as in --cfg=key:value
  std::vector<std::string> simgrid_log;     ///< as in --log=...
  double timeout_seconds = 0.0;          ///< --timeout: limit of each part the run waits for (0: none)
  double budget_seconds = 0.0;           ///< --budget: limit of the whole run, shared by its parts (0: none)
  std::vector<std::string> tree_paths;   ///< the --tree files: inputs, never overwritten
  bool keep_trees = false;                  ///< return the trees (for --dot and --plan)
  /// `best` replays a fixed set of finalists and returns them (SimulationReport::best_finalists),
  /// so that the plan deployed beside MPI's is the fastest of them in SMPI (choose_deployed_in_smpi).
  bool best_finalists = false;
  /// Also solve the steady-state LP SSB(G) (Beaumont-Marchal-Robert, section 4.1) for the throughput bound.
  bool steady_state_bound = false;
  /// The platform graph of Beaumont-Marchal-Robert's heuristics: "auto" (direct links where they reach every
  /// host, else the routed candidates) or "direct" (direct links only, as published).
  std::string platform_graph = "auto";

  /// "pairwise" (the platform's T_uv) or "sender-only" (each host's t_u, Liu): the model the
  /// schedulers see. Predictions under the platform's pairwise model are reported either way.
  std::string model = "pairwise";
  /// A sender-only instance instead of a platform (any one of these; each implies sender-only):
  std::vector<double> times;            ///< --times: one transmission time per processor (s)
  std::string classes;                  ///< --classes: "value:count,..." speed classes
  std::size_t random_processors = 0;    ///< --random-times N: N processors drawn with --seed
  std::vector<double> class_values;     ///< --class-values: the classes --random-times draws from
  std::vector<double> time_range;       ///< --time-range LO,HI: uniform draws instead of classes
  std::uint64_t seed = 1;               ///< --seed for --random-times
  /// A multicast instead of a broadcast (Khuller-Kim-Woeginger, section 4): host names or indices ...
  std::vector<std::string> members;     ///< --members
  std::optional<double> member_fraction;  ///< ... or --member-fraction F of the other hosts,
  std::uint64_t member_seed = 1;        ///< drawn with --member-seed (recorded in every output)
  /// --param NAME=VALUE: scheduler parameters (e.g. m=4 for lcf-m), parsed by parse_scheduler_parameters.
  std::vector<std::string> scheduler_parameters;
  /// Set by run_simulate: how the sender-only instance was made (recorded in every output).
  std::string instance_description;
  /// Trees to replay beside the schedulers', each requested by its name in `schedulers`.
  std::vector<GivenTree> given_trees;
  /// False: build and predict the trees, analyse their link demands, but replay none (the
  /// simulated figures stay zero).
  bool replay = true;
};

}  // namespace hbcast::cli
