#include <hbcast/sched/scheduler_registry.hpp>

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/sched/binomial.hpp>
#include <hbcast/sched/flat.hpp>
#include <hbcast/sched/fnf.hpp>

namespace hbcast {

const std::vector<SchedulerInfo>& scheduler_registry()
{
  static const std::vector<SchedulerInfo> registry = {
      {"flat", "the root sends to every other host in turn, in host order", "seed 003, section 4.1",
       schedule_flat},
      {"binomial", "MPI binomial tree over host order, ranks relative to the root", "seed 002, Algorithm 4",
       schedule_binomial},
      {"fnf", "Fastest Node First on the sender-only model, given source", "seed 000, sections 3 and 4.4",
       schedule_fnf},
  };
  return registry;
}

const SchedulerInfo* find_scheduler(const std::string& name)
{
  for (const auto& scheduler : scheduler_registry())
    if (scheduler.name == name)
      return &scheduler;
  return nullptr;
}

ScheduleResult run_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance, NodeId root)
{
  ScheduleResult result = scheduler.build(instance, root);
  validate_tree(result.tree, instance.host_names());
  return result;
}

}  // namespace hbcast
