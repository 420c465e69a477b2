#include <hbcast/cluster/two_level_schedulers.hpp>

#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/platform_cluster_model.hpp>
#include <hbcast/cluster/postal_lcf.hpp>
#include <hbcast/cluster/schedule_to_tree.hpp>
#include <hbcast/cluster/two_level_cost_model.hpp>

#include <functional>
#include <memory>

namespace hbcast {
namespace {

ScheduleResult on_clusters(const BroadcastInstance& instance, NodeId root, bool postal,
                           const std::function<ClusterSchedule(const ClusterInstance&)>& scheduler)
{
  PlatformClusterModel model = platform_cluster_model(instance.costs(), instance.transfer_bytes(), root);
  model.instance.postal = postal;
  const ClusterSchedule schedule = scheduler(model.instance);
  ScheduleResult result;
  result.tree = schedule_to_tree(schedule, model.host_of_node, instance.size(), model.time_unit);
  result.own_model = std::make_shared<TwoLevelCostModel>(model.cluster_of_host, model.time_unit,
                                                         model.instance.global_cost, postal ? model.time_unit : 0.0);
  result.own_model_name = postal ? "two-level postal (seed 004)" : "two-level 1/C (seed 004)";
  return result;
}

}  // namespace

ScheduleResult schedule_two_level_lcf(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, false, schedule_lcf);
}

ScheduleResult schedule_two_level_lcf_no_idle(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, false, schedule_lcf_no_idle);
}

ScheduleResult schedule_two_level_postal_lcf(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, true, schedule_postal_lcf);
}

ScheduleResult schedule_two_level_interleaved_lcf(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, true, schedule_interleaved_lcf);
}

}  // namespace hbcast
