#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <functional>
#include <string>
#include <vector>

namespace hbcast {

using SchedulerFunction = std::function<ScheduleResult(const BroadcastInstance&, NodeId root)>;
/// A multicast algorithm: the tree reaches the root, every member and any relays it recruits;
/// the other nodes are in no edge.
using MulticastFunction =
    std::function<ScheduleResult(const BroadcastInstance&, NodeId root, const std::vector<NodeId>& members)>;

/// A parameter a scheduler reads from its instance (BroadcastInstance::parameter), set by the user
/// with `simulate --param NAME=VALUE`.
struct SchedulerParameter {
  std::string name;
  std::string summary;
  double default_value = 0.0;
  double minimum = 1.0;       ///< the smallest value the scheduler takes (--param is refused below it)
  bool whole_number = true;   ///< only whole numbers
};

struct SchedulerInfo {
  std::string name;     ///< stable name used on the command line and in result files
  std::string summary;  ///< one line for `hbcast schedulers`
  std::string source;   ///< paper and section
  SchedulerFunction build;
  /// Works only on a platform graph (direct host-to-host links), like the Beaumont-Marchal-Robert heuristics.
  bool needs_platform_graph = false;
  /// The scheduler's own multicast algorithm (Khuller-Kim-Woeginger, section 4), if it has one.
  MulticastFunction build_multicast = {};
  std::vector<SchedulerParameter> parameters = {};
  /// Needs the platform's links and routes (BroadcastInstance::set_links), like the link-aware schedulers.
  bool needs_links = false;
  /// Run only when named, never as part of "all" (multi-tree: a plan of several trees, not a tree).
  bool named_only = false;
  /// Uses the steady-state program's solution over its platform graph (Beaumont-Marchal-Robert, section 4.1), as
  /// lp-prune does: simulate solves it once, in the background, for all of them.
  bool needs_steady_state = false;
};

/// A scheduler's multicast: its own algorithm's tree, or its broadcast tree pruned to the members.
struct MulticastResult {
  ScheduleResult schedule;
  std::string method;               ///< "multicast" (own algorithm) or "pruned broadcast"
  std::vector<NodeId> recruited;    ///< non-members in the tree, by id
};

/// Every scheduler, in a stable order: the built-in ones (the list in scheduler_registry.cpp), then
/// those added by register_scheduler, in the order they were added.
const std::vector<SchedulerInfo>& scheduler_registry();
/// Adds a scheduler after the built-in ones, for code outside the library (a plugin, a test).
/// Throws std::invalid_argument when the name is empty or taken or `build` is empty. Register
/// before looking schedulers up: a registration may move the entries find_scheduler pointed to.
void register_scheduler(SchedulerInfo scheduler);
/// nullptr when no scheduler has that name.
const SchedulerInfo* find_scheduler(const std::string& name);
/// What `all` stands for wherever a command takes it: every scheduler but the named-only ones,
/// in registry order (valid until the next register_scheduler).
std::vector<const SchedulerInfo*> schedulers_of_all();
/// Runs a scheduler and validates its tree (InvalidTree names the node if the scheduler is wrong).
ScheduleResult run_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance, NodeId root);
/// Runs the scheduler's multicast (its own, or its broadcast pruned to the members: multicast_pruning.hpp)
/// and validates the tree (validate_multicast_tree). Members are checked as by member_mask.
MulticastResult run_multicast_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance,
                                        NodeId root, const std::vector<NodeId>& members);

}  // namespace hbcast
