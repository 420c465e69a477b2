#pragma once
#include <hbcast/core/periodic_schedule.hpp>
#include <hbcast/simulation/contention_summary.hpp>
#include <hbcast/simulation/gantt_bar.hpp>
#include <hbcast/core/node_id.hpp>

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hbcast::cli {

/// One evaluation of a tree: its makespan and, when pipelined, its steady-state period (seconds
/// per slice) and throughput (bytes per second).
struct Figures {
  double makespan = 0.0;
  std::optional<double> period;
  std::optional<double> throughput;
};

/// What the `best` scheduler chose among its candidate plans (scheduler x port model x slice count),
/// ranked by predicted makespan, and the runner-up.
struct BestChoice {
  std::string scheduler;          ///< the winner's scheduler
  std::string port;               ///< "one-port" or "multi-port"
  std::size_t slices = 1;
  double predicted = 0.0;         ///< its predicted makespan (the ranking's model)
  std::string runner_up;          ///< empty when there was a single candidate
  std::string runner_up_port;
  std::size_t runner_up_slices = 0;
  double runner_up_predicted = 0.0;
  /// The runner-up's margin over the winner: by their replays when several finalists were
  /// replayed ("simulated"), else by predictions ("predicted").
  std::string margin_basis = "predicted";
  double margin = 0.0;
  std::size_t candidates = 0;     ///< candidate plans ranked (scheduler x port model, each at its best K)
  std::size_t replayed = 0;       ///< finalists replayed (more than one where the winner's prediction missed)
  std::string predictor;          ///< the prediction model the ranking used
  std::vector<std::string> not_applicable;  ///< "scheduler (port): why" for those that could not run
  /// Deployed beside MPI's: each finalist's plan ("chain, 48 slices, one-port") and its time run by
  /// libhbcast_mpi in SMPI; the fastest is deployed (margin_basis "SMPI").
  std::vector<std::pair<std::string, double>> smpi_finalists;
};

/// A tree's prediction with the platform's links (predict_with_links): exact where the slice
/// timeline over-subscribes no shared link, else an estimate whose period is a bound.
struct LinkFigures {
  double makespan = 0.0;
  std::optional<double> period;  ///< pipelined only: max over ports and shared links
  bool exact = true;
  std::string bottleneck;        ///< pipelined only: what sets the period (a link, or a host's ports)
};

/// A scheduler's tree, predicted under its own model and the pairwise model, and replayed.
struct SchedulerRun {
  std::string scheduler;
  /// "ok", or why there are no figures: "failed", "timeout", "not-applicable" (named explicitly
  /// but cannot work here), "skipped" (from `all`, cannot work here); `error` says why.
  std::string status = "ok";
  std::string error;
  /// Not ok, yet the tree was built and predicted before the run stopped (a replay past its time
  /// limit, or one that crashed): own_model, optimality, own, pairwise and contention hold figures,
  /// `simulated` does not.
  bool predicted_only = false;
  std::string own_model;
  std::string optimality;  ///< exact searches: "proven" or "unproven"; empty for heuristics
  Figures own;
  Figures pairwise;
  Figures simulated;
  std::size_t transfers = 0;
  double wall_seconds = 0.0;
  /// Multicasts only: "multicast" (the scheduler's own algorithm) or "pruned broadcast", and the
  /// non-members the tree recruited as relays.
  std::string multicast_method;
  std::vector<std::string> recruited;
  /// The tree (only when asked for, e.g. for --dot) and the pairwise ready time of every node
  /// (-1 for the hosts a multicast tree leaves out).
  std::vector<std::vector<NodeId>> children;
  std::vector<double> ready_times;
  /// With the tree, after a replay: the simulated time every node holds the message (-1 for the
  /// hosts a multicast tree leaves out); minus ready_times, each node's lateness.
  std::vector<double> replayed_times;
  /// The shared links the tree over-subscribes under the pairwise timing (every slice transfer).
  std::optional<ContentionSummary> contention;
  /// The prediction with the links (with the contention analysis).
  std::optional<LinkFigures> link;
  /// Every transfer, predicted and replayed (only when asked for, for --gantt).
  std::vector<GanttBar> gantt;
  /// With the tree, for timed schedules (Khuller-Kim-Wan): each node's send start, -1 where none.
  std::vector<double> send_starts;
  /// With the tree, for paced pipelined schedules: BroadcastTree::slice_period (0: none).
  double slice_period = 0.0;
  /// The largest simulated - predicted (pairwise) time a node holds the message, and that node's
  /// host: a matching makespan can hide a node informed late.
  double lateness = 0.0;
  std::string latest_host;
  /// Pipelined only: the observed period, mean inter-arrival of slices at the node that completes
  /// last, past its first slice (ReplayResult::observed_period); simulated.period is the formula.
  std::optional<double> observed_period;
  /// How the replay drove SimGrid: "events", "couriers" or "actors" (ReplayDriver); empty in older reports.
  std::string replay_driver;
  /// Multi-tree plans: each tree's weight (slices per second, summing to the plan's
  /// throughput) and, when trees are kept, its children lists. Empty for single trees.
  std::vector<double> plan_weights;
  std::vector<std::vector<std::vector<NodeId>>> plan_children;
  /// Multi-tree plans: the steady-state optimum the plan packs (bytes per second), and the time
  /// to solve the program and pack it into trees (seconds).
  std::optional<double> steady_state_optimum;
  double extraction_seconds = 0.0;
  /// The slice count and port model this run used: the report's, or its own where it chose them
  /// (--slices auto, the `best` scheduler). 0 and empty in older reports: the report's.
  std::size_t slices = 0;
  std::string port;
  /// The `best` scheduler's choice.
  std::optional<BestChoice> best;
  /// Multi-tree plans: how the plan runs ("concurrent", "capped", "periodic", or "one tree" when a
  /// form's best tree alone is predicted to finish first and runs instead), its slices per
  /// round (capped) or period (periodic), and the periodic form's slots in order (each piece: tree,
  /// from, to, first and last fraction of the tree's block). Empty form for single trees.
  std::string plan_form;
  std::size_t plan_form_slices = 0;
  std::size_t plan_receives_posted = 2;  ///< capped: receives kept posted per tree (capped_receives)
  PeriodicSchedule plan_schedule;
  /// Multi-tree forms: the predicted makespan of the plan's best tree alone (pipelined, pairwise,
  /// and no shorter than its busiest port or SHARED link allows).
  std::optional<double> best_own_tree_makespan;
};

/// One of SMPI's own MPI_Bcast algorithms run on the report's platform, size and root
/// (--mpi-baselines): its simulated makespan, or why it failed. It has no prediction.
struct MpiBaseline {
  std::string algorithm;             ///< as in --cfg=smpi/bcast:NAME
  std::optional<double> simulated;   ///< seconds, from the moment every rank is ready
  std::string error;
  /// "ok", "failed" (SMPI gave no time), "not-applicable" (SMPI 3.32 cannot run it here; `error`
  /// says why, and it was not run) or "interrupted" (a signal stopped the baselines first).
  std::string status = "ok";
};

struct SimulationReport {
  std::string platform;
  std::size_t host_count = 0;
  std::string root;
  double message_bytes = 0.0;
  std::size_t slices = 1;
  double slice_bytes = 0.0;
  /// --slices auto: each run's `slices` is its own; `max_slices` the bound it was chosen within.
  bool slices_auto = false;
  std::size_t max_slices = 0;
  std::string port;
  std::string mode;                         ///< "exact" or "SimGrid-configured"
  std::vector<std::string> network_config;  ///< effective network settings, key:value
  /// key -> "user" (--cfg) or "hbcast" (exact mode); keys absent here are SimGrid's defaults.
  std::map<std::string, std::string> network_config_origin;
  std::string scheduler_model = "pairwise"; ///< --model: what the schedulers see (pairwise or sender-only)
  std::string root_choice;                  ///< how the root was chosen (first host, fastest, given, random)
  std::string platform_graph = "auto";      ///< --platform-graph: auto or direct
  std::map<std::string, double> scheduler_parameters;  ///< --param NAME=VALUE
  /// Multi-port only: where the hosts' send overheads come from (properties, up link, none), counted.
  std::string send_overhead_rule;
  /// The time limits the run had (0: none): each part's (--timeout) and the whole run's (--budget).
  double timeout_seconds = 0.0;
  double budget_seconds = 0.0;
  std::vector<SchedulerRun> runs;
  /// `best`'s finalists, each replayed with its trees (SimulateOptions::best_finalists only).
  std::vector<SchedulerRun> best_finalists;
  /// Multicasts only: the members (host names) and how they were chosen.
  std::vector<std::string> members;
  std::string member_selection;
  std::vector<std::string> host_names;      ///< only with the trees (for --dot)
  /// With the trees: each host's multi-port send gap (latency, seconds per byte), as the replay
  /// paces its sends (host_send_overhead); empty when no host has one.
  std::vector<std::array<double, 2>> send_gaps;
  /// The optimal multi-tree one-port throughput (bytes/s) of SSB(G), when asked for and the
  /// platform has direct links (Beaumont-Marchal-Robert, section 4.1).
  std::optional<double> lp_throughput;
  bool has_platform_graph = false;          ///< the platform has direct host-to-host links
  /// Schedulers of "all" that cannot work on this platform (status "skipped", `error` says why).
  std::vector<SchedulerRun> skipped;
  /// Whether every run has figures (status "ok"); skipped ones do not count.
  bool complete() const;
  std::vector<MpiBaseline> mpi_baselines;   ///< --mpi-baselines only
  /// --mpi-baselines: the run to deploy (deployed_run) executed by libhbcast_mpi in SMPI with the
  /// baselines' settings and timing, or why it could not be.
  std::optional<double> deployed_smpi;
  std::string deployed_smpi_error;
  /// --plan: the file the deployed run's plan went to.
  std::string deployed_plan_file;
};

/// The run a user would deploy: the fastest simulated run with figures (ties within 1e-9
/// relative: `best` when among them, else the first in the report); null when none has figures.
const SchedulerRun* deployed_run(const SimulationReport& report);

/// The fastest MPI baseline that gave a time, or null.
const MpiBaseline* fastest_mpi_baseline(const SimulationReport& report);

/// The fastest of the report's trees and MPI baselines by simulated makespan: its name (a
/// scheduler, or "mpi:" and the algorithm), empty when there is nothing to compare. Ties within
/// 1e-9 relative are all named, comma-separated.
std::string overall_winner(const SimulationReport& report);
/// The same, one name per tied winner.
std::vector<std::string> overall_winners(const SimulationReport& report);

/// JSON has no infinity: an absent or non-finite number (the unbounded throughput of a single-host
/// broadcast) is written as null.
template <class Json = nlohmann::json>
Json finite_or_null(const std::optional<double>& value)
{
  return value && std::isfinite(*value) ? Json(*value) : Json(nullptr);
}

/// A run without figures: `status` and its one-line reason.
SchedulerRun run_without_figures(const std::string& scheduler, const std::string& status, const std::string& error);

/// (simulated - predicted) / predicted.
double relative_error(double simulated, double predicted);

void to_json(nlohmann::json& json, const Figures& figures);
void from_json(const nlohmann::json& json, Figures& figures);
void to_json(nlohmann::json& json, const SchedulerRun& run);
void from_json(const nlohmann::json& json, SchedulerRun& run);
void to_json(nlohmann::json& json, const BestChoice& choice);
void from_json(const nlohmann::json& json, BestChoice& choice);
void to_json(nlohmann::json& json, const MpiBaseline& baseline);
void from_json(const nlohmann::json& json, MpiBaseline& baseline);
void to_json(nlohmann::json& json, const SimulationReport& report);
void from_json(const nlohmann::json& json, SimulationReport& report);

}  // namespace hbcast::cli
