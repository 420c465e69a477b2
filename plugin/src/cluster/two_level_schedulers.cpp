#include <hbcast/cluster/two_level_schedulers.hpp>

#include <hbcast/cluster/bounded_degree_broadcast.hpp>
#include <hbcast/cluster/bounded_degree_multicast.hpp>
#include <hbcast/cluster/bounded_matching_broadcast.hpp>
#include <hbcast/cluster/bounded_matching_multicast.hpp>
#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf_m.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/platform_cluster_model.hpp>
#include <hbcast/cluster/postal_lcf.hpp>
#include <hbcast/cluster/schedule_to_tree.hpp>
#include <hbcast/cluster/two_level_cost_model.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <memory>

namespace hbcast {
namespace {

using ClusterScheduler = std::function<ClusterSchedule(const ClusterInstance&)>;
// Fills in the options of the instance (degree limits, matching bound) before scheduling.
using InstanceOptions = std::function<void(ClusterInstance&)>;

ScheduleResult to_result(const PlatformClusterModel& model, const ClusterSchedule& schedule, std::size_t host_count,
                         bool postal)
{
  ScheduleResult result;
  result.tree = schedule_to_tree(schedule, model.host_of_node, host_count, model.time_unit);
  result.own_model = std::make_shared<TwoLevelCostModel>(model.cluster_of_host, model.time_unit,
                                                         model.instance.global_cost, postal ? model.time_unit : 0.0);
  result.own_model_name = postal ? "two-level postal (Khuller-Kim-Wan)" : "two-level 1/C (Khuller-Kim-Wan)";
  return result;
}

ScheduleResult on_clusters(const BroadcastInstance& instance, NodeId root, bool postal,
                           const ClusterScheduler& scheduler, const InstanceOptions& options = {})
{
  PlatformClusterModel model =
      platform_cluster_model(instance.costs(), instance.latency_clusters(), instance.transfer_bytes(), root);
  model.instance.postal = postal;
  if (options)
    options(model.instance);
  return to_result(model, scheduler(model.instance), instance.size(), postal);
}

// Members first in each cluster (the root stays node 0 of cluster 0) and n'_i counted: Khuller-Kim-Wan
// numbers a cluster's members as its first n'_i nodes.
void put_members_first(PlatformClusterModel& model, NodeId root, const std::vector<NodeId>& members)
{
  std::vector<bool> is_member(model.cluster_of_host.size(), false);
  for (NodeId member : members)
    is_member.at(member) = true;
  is_member.at(root) = true;
  auto& counts = model.instance.multicast_counts;
  counts.assign(model.instance.cluster_count(), 0);
  auto first = model.host_of_node.begin();
  for (std::size_t i = 0; i < model.instance.cluster_count(); ++i) {
    const auto last = first + static_cast<std::ptrdiff_t>(model.instance.sizes[i]);
    std::stable_partition(first, last, [&](NodeId host) { return is_member[host]; });
    counts[i] = static_cast<std::size_t>(std::count_if(first, last, [&](NodeId host) { return is_member[host]; }));
    first = last;
  }
}

ScheduleResult multicast_on_clusters(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members,
                                     const ClusterScheduler& scheduler, const InstanceOptions& options = {})
{
  PlatformClusterModel model =
      platform_cluster_model(instance.costs(), instance.latency_clusters(), instance.transfer_bytes(), root);
  put_members_first(model, root, members);
  if (options)
    options(model.instance);
  return to_result(model, scheduler(model.instance), instance.size(), false);
}

InstanceOptions degree_limits(std::size_t degree)
{
  return [degree](ClusterInstance& clusters) { clusters.degree_limits.assign(clusters.cluster_count(), degree); };
}

InstanceOptions matching_bound(std::size_t bound)
{
  return [bound](ClusterInstance& clusters) { clusters.matching_bound = bound; };
}

// LCF(m), then LCF Multicast's steps 2 and 3 with every cluster receiving.
ClusterSchedule lcf_m_broadcast(const ClusterInstance& clusters, std::size_t m)
{
  ScheduleBuilder builder(clusters);
  const auto order = largest_first_order(clusters);
  const LcfProgress progress = run_lcf_m(builder, clusters.sizes, m, order);
  inform_remaining_clusters(builder, progress, order, clusters.targets(), std::numeric_limits<std::size_t>::max());
  return builder.take();
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


std::size_t whole_parameter(const BroadcastInstance& instance, const std::string& name, std::size_t fallback)
{
  const double value = instance.parameter(name, static_cast<double>(fallback));
  if (!(value >= 1.0) || value != std::floor(value) || value > 1e9)
    throw std::invalid_argument("scheduler parameter " + name + " must be a whole number >= 1");
  return static_cast<std::size_t>(value);
}

ScheduleResult schedule_two_level_lcf_m(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, false, [&](const ClusterInstance& clusters) {
    const std::size_t others = std::max<std::size_t>(clusters.cluster_count() - 1, 1);
    const std::size_t m = instance.parameter("m", 0.0) == 0.0 ? others : whole_parameter(instance, "m", others);
    return lcf_m_broadcast(clusters, m);
  });
}

ScheduleResult schedule_two_level_bounded_degree(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, false, schedule_bounded_degree_broadcast,
                     degree_limits(whole_parameter(instance, "degree", 1)));
}

ScheduleResult schedule_two_level_bounded_matching(const BroadcastInstance& instance, NodeId root)
{
  return on_clusters(instance, root, false, schedule_bounded_matching_broadcast,
                     matching_bound(whole_parameter(instance, "matching", 1)));
}

ScheduleResult schedule_two_level_lcf_multicast(const BroadcastInstance& instance, NodeId root,
                                                const std::vector<NodeId>& members)
{
  return multicast_on_clusters(instance, root, members, schedule_lcf_multicast);
}

ScheduleResult schedule_two_level_bounded_degree_multicast(const BroadcastInstance& instance, NodeId root,
                                                           const std::vector<NodeId>& members)
{
  return multicast_on_clusters(instance, root, members, schedule_bounded_degree_multicast,
                               degree_limits(whole_parameter(instance, "degree", 1)));
}

ScheduleResult schedule_two_level_bounded_matching_multicast(const BroadcastInstance& instance, NodeId root,
                                                             const std::vector<NodeId>& members)
{
  return multicast_on_clusters(instance, root, members, schedule_bounded_matching_multicast,
                               matching_bound(whole_parameter(instance, "matching", 1)));
}

}  // namespace hbcast
