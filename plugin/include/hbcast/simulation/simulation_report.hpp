#pragma once
#include <hbcast/core/node_id.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One evaluation of a tree: its makespan and, when pipelined, its steady-state period (seconds
/// per slice) and throughput (bytes per second).
struct Figures {
  double makespan = 0.0;
  std::optional<double> period;
  std::optional<double> throughput;
};

/// A scheduler's tree, predicted under its own model and the pairwise model, and replayed.
struct SchedulerRun {
  std::string scheduler;
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
};

struct SimulationReport {
  std::string platform;
  std::size_t host_count = 0;
  std::string root;
  double message_bytes = 0.0;
  std::size_t slices = 1;
  double slice_bytes = 0.0;
  std::string port;
  std::string mode;                         ///< "exact" or "SimGrid-configured"
  std::vector<std::string> network_config;  ///< effective network settings, key:value
  std::vector<SchedulerRun> runs;
  /// Multicasts only: the members (host names) and how they were chosen.
  std::vector<std::string> members;
  std::string member_selection;
  std::vector<std::string> host_names;      ///< only with the trees (for --dot)
  /// The optimal multi-tree one-port throughput (bytes/s) of SSB(G), when asked for and the
  /// platform has direct links (seed 002, section 4.1).
  std::optional<double> lp_throughput;
  bool has_platform_graph = false;          ///< the platform has direct host-to-host links
  std::vector<std::string> skipped;         ///< schedulers of "all" that need a platform graph it lacks
};

/// JSON has no infinity: an absent or non-finite number (the unbounded throughput of a single-host
/// broadcast) is written as null.
template <class Json = nlohmann::json>
Json finite_or_null(const std::optional<double>& value)
{
  return value && std::isfinite(*value) ? Json(*value) : Json(nullptr);
}

/// (simulated - predicted) / predicted.
double relative_error(double simulated, double predicted);

void to_json(nlohmann::json& json, const Figures& figures);
void from_json(const nlohmann::json& json, Figures& figures);
void to_json(nlohmann::json& json, const SchedulerRun& run);
void from_json(const nlohmann::json& json, SchedulerRun& run);
void to_json(nlohmann::json& json, const SimulationReport& report);
void from_json(const nlohmann::json& json, SimulationReport& report);

}  // namespace hbcast::cli
