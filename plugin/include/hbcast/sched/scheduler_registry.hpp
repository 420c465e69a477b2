#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/sched/schedule_result.hpp>

#include <functional>
#include <string>
#include <vector>

namespace hbcast {

using SchedulerFunction = std::function<ScheduleResult(const BroadcastInstance&, NodeId root)>;

struct SchedulerInfo {
  std::string name;     ///< stable name used on the command line and in result files
  std::string summary;  ///< one line for `hbcast schedulers`
  std::string source;   ///< paper and section
  SchedulerFunction build;
  /// Works only on a platform graph (direct host-to-host links), like the seed 002 heuristics.
  bool needs_platform_graph = false;
};

/// Every scheduler, in a stable order.
const std::vector<SchedulerInfo>& scheduler_registry();
/// nullptr when no scheduler has that name.
const SchedulerInfo* find_scheduler(const std::string& name);
/// Runs a scheduler and validates its tree (InvalidTree names the node if the scheduler is wrong).
ScheduleResult run_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
