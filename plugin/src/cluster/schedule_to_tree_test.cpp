#include <hbcast/cluster/schedule_to_tree.hpp>

#include "cluster_test_support.hpp"

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/two_level_cost_model.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>

#include <string>

using namespace hbcast;

TEST(ScheduleToTree, AtomicEvaluationReproducesTheScheduleTime)
{
  // Nodes map to hosts in reverse order; unit 0.5 s. The one-port evaluator with send starts must
  // give the schedule's time x unit, for LCF (idle holders: the starts matter) and no-idle LCF.
  const auto instance = cluster_instance({3, 2, 2, 1, 4}, 3);
  const std::size_t n = instance.node_count();
  std::vector<NodeId> host_of_node(n);
  std::vector<std::size_t> cluster_of_host(n);
  const auto cluster_of = cluster_of_nodes(instance);
  std::vector<std::string> names;
  for (std::size_t v = 0; v < n; ++v) {
    host_of_node[v] = n - 1 - v;
    cluster_of_host[n - 1 - v] = cluster_of[v];
    names.push_back("h" + std::to_string(v));
  }
  const TwoLevelCostModel model(cluster_of_host, 0.5, 3);
  for (const auto& schedule : {schedule_lcf(instance), schedule_lcf_no_idle(instance)}) {
    const auto tree = schedule_to_tree(schedule, host_of_node, n, 0.5);
    validate_tree(tree, names);
    EXPECT_EQ(tree.root(), n - 1);
    const double expected = check_schedule(instance, schedule).broadcast_time * 0.5;
    EXPECT_DOUBLE_EQ(evaluate_atomic(tree, model, 1.0, PortModel::one_port).makespan, expected);
  }
}
