#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hbcast {

/// One transfer of a plan's tree: the parent host sends to the child host, no earlier than
/// `start` seconds after the broadcast begins when the schedule fixes it.
struct PlanEdge {
  std::string parent;
  std::string child;
  std::optional<double> start;
};

/// One tree of a plan and the share of the slices it carries. Edges of one parent are in its
/// send order.
struct PlanTree {
  double weight = 1.0;
  std::vector<PlanEdge> edges;
  /// Paced slices (BroadcastTree::set_slice_period): slice j of an edge with a start is sent no
  /// earlier than start + j x slice_period; 0: not paced.
  double slice_period = 0.0;
};

/// One piece of a periodic plan's slot: `from` sends `to` the part [first, last) of tree `tree`'s
/// block of the period (core/periodic_schedule.hpp).
struct PlanPiece {
  std::size_t tree = 0;
  std::string from;
  std::string to;
  double first = 0.0;
  double last = 1.0;
  double delay = 0.0;  ///< on a clock: seconds after its slot's start that it is sent
};

/// A host's gap between two sends of a multi-port plan: `latency` + slice bytes x
/// `seconds_per_byte` (its shared up link's, or its hbcast/send_latency and hbcast/send_bandwidth
/// properties), as the replay paces them; hosts without one send back to back.
struct PlanSendGap {
  std::string host;
  double latency = 0.0;
  double seconds_per_byte = 0.0;
};

/// A broadcast plan: what `hbcast simulate --plan` writes and libhbcast_mpi runs. Plain data, by
/// host name (host order is the platform's declaration order); see docs/deployment.md, "Plans", for the format.
struct BroadcastPlan {
  /// Version 1: trees (a multi-tree plan runs concurrently). Version 2 adds the executable forms
  /// (`form`): a reader that knows only version 1 refuses them rather than run them concurrently.
  static constexpr int kVersion = 2;
  int version = 1;
  std::string scheduler;            ///< who made it (informative)
  std::string platform;             ///< the platform file it was made for
  std::vector<std::string> hosts;   ///< every host of the platform, in host order
  std::string root;
  double message_bytes = 0.0;
  std::size_t slices = 1;
  std::string port = "one-port";    ///< "one-port" or "multi-port"
  std::vector<PlanTree> trees;      ///< one tree (weight 1), or several weighted trees
  /// How several trees run: "concurrent", "capped" (form_slices slices per round) or "periodic"
  /// (form_slices slices per period, in `slots`, in order).
  std::string form = "concurrent";
  std::size_t form_slices = 0;
  /// The capped form: how many parts of each tree a host keeps receives posted for
  /// (core/capped_pace.hpp, capped_receives; 2 when a plan does not say).
  std::size_t receives_posted = 2;
  std::vector<std::vector<PlanPiece>> slots;
  /// The periodic form's clock (core/periodic_schedule.hpp): each slot's length in seconds, or
  /// none (self-timed).
  std::vector<double> slot_seconds;
  /// The periodic form's lags (core/periodic_schedule.hpp), per tree: each host it reaches and its
  /// lag in periods; none: the slots' order sets them.
  std::vector<std::map<std::string, std::size_t>> lags;
  /// Multi-port plans: the hosts whose sends are paced (libhbcast_mpi waits the gap after each).
  std::vector<PlanSendGap> send_gaps;
  /// hbcast's figures for the plan when it was written (informative): pairwise prediction and
  /// SimGrid replay of the makespan, in seconds.
  std::optional<double> predicted_makespan;
  std::optional<double> simulated_makespan;
};

}  // namespace hbcast
