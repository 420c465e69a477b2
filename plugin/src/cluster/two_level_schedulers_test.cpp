// Khuller-Kim-Wan's parameterized schedulers on a platform's cluster model, with hand-computed schedules.
#include <hbcast/cluster/two_level_schedulers.hpp>

#include <hbcast/cluster/two_level_cost_model.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace hbcast;

namespace {

// Clusters {0, 1, 2, 3}, {4, 5}, {6}: a local transfer takes 1 s, a global one C = 3 s.
// (BroadcastInstance is not copyable: it is returned by pointer.)
std::unique_ptr<BroadcastInstance> instance_with(std::map<std::string, double> parameters)
{
  std::vector<std::string> names;
  for (int k = 0; k < 7; ++k)
    names.push_back("h" + std::to_string(k));
  auto instance = std::make_unique<BroadcastInstance>(
      std::make_shared<TwoLevelCostModel>(std::vector<std::size_t>{0, 0, 0, 0, 1, 1, 2}, 1.0, 3.0), names, 1.0);
  instance->set_parameters(std::move(parameters));
  return instance;
}

double own_makespan(const ScheduleResult& result)
{
  return evaluate_atomic(result.tree, *result.own_model, 1.0, PortModel::one_port).makespan;
}

}  // namespace

TEST(TwoLevelSchedulers, LcfMStopsAtMCopiesThenInformsTheRestAtOnce)
{
  // m = 1: the root alone holds the message at 0; it informs {4, 5} over [0, 3] and {6} over
  // [3, 6]; then locally 1 -> 2 -> 4 in the root's cluster: 8.
  EXPECT_DOUBLE_EQ(own_makespan(schedule_two_level_lcf_m(*instance_with({{"m", 1}}), 0)), 8.0);
  // m = 0 means k' = 2: one local round (2 holders at 1), both send globally over [1, 4], then one
  // local round everywhere: 5, where LCF (local phase to 4 holders at 2, global [2, 5], local
  // [5, 6]) takes 6.
  EXPECT_DOUBLE_EQ(own_makespan(schedule_two_level_lcf_m(*instance_with({}), 0)), 5.0);
  EXPECT_DOUBLE_EQ(own_makespan(schedule_two_level_lcf(*instance_with({}), 0)), 6.0);
}

TEST(TwoLevelSchedulers, BoundedDegreeWithoutABindingLimitIsLcf)
{
  const auto lcf = schedule_two_level_lcf(*instance_with({}), 0);
  const auto loose = schedule_two_level_bounded_degree(*instance_with({{"degree", 100}}), 0);
  EXPECT_DOUBLE_EQ(own_makespan(loose), own_makespan(lcf));
  // degree 1: one global sender per cluster: 0 -> {4, 5} over [0, 3], then 0 or 4 -> {6} over
  // [3, 6], then local broadcasts from 6: 8.
  EXPECT_DOUBLE_EQ(own_makespan(schedule_two_level_bounded_degree(*instance_with({}), 0)), 8.0);
}

TEST(TwoLevelSchedulers, BoundedMatchingOfOneSendsOneGlobalCopyAtATime)
{
  // B = 1: LCF(1) stops at once; one copy per C: [0, 3], [3, 6]; local broadcasts from 6: 8.
  EXPECT_DOUBLE_EQ(own_makespan(schedule_two_level_bounded_matching(*instance_with({}), 0)), 8.0);
}

TEST(TwoLevelSchedulers, LcfMulticastPutsTheMembersFirstInTheirClusters)
{
  // Member 5 only: LCF(k' = 1) stops at once, the root sends to its cluster's first node, which
  // must be host 5 (members first), not 4: the multicast takes one global transfer, 3.
  const auto result = schedule_two_level_lcf_multicast(*instance_with({}), 0, {5});
  EXPECT_EQ(result.tree.children(0), (std::vector<NodeId>{5}));
  EXPECT_DOUBLE_EQ(own_makespan(result), 3.0);
  const auto registered = run_multicast_scheduler(*find_scheduler("lcf"), *instance_with({}), 0, {5});
  EXPECT_EQ(registered.method, "multicast");
  EXPECT_TRUE(registered.recruited.empty());
}

TEST(TwoLevelSchedulers, ParametersMustBeWholeNumbersAtLeastOne)
{
  for (double bad : {0.0, 1.5, -2.0}) {
    try {
      schedule_two_level_bounded_degree(*instance_with({{"degree", bad}}), 0);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& error) {
      EXPECT_STREQ(error.what(), "scheduler parameter degree must be a whole number >= 1");
    }
  }
  EXPECT_THROW(schedule_two_level_lcf_m(*instance_with({{"m", 2.5}}), 0), std::invalid_argument);
}

TEST(TwoLevelSchedulers, RegisteredWithTheirParameters)
{
  for (const auto& [name, parameter, default_value] :
       std::vector<std::tuple<std::string, std::string, double>>{{"lcf-m", "m", 0}, {"bounded-degree", "degree", 1},
                                                                 {"bounded-matching", "matching", 1}}) {
    const SchedulerInfo* scheduler = find_scheduler(name);
    ASSERT_NE(scheduler, nullptr) << name;
    ASSERT_EQ(scheduler->parameters.size(), 1u);
    EXPECT_EQ(scheduler->parameters[0].name, parameter);
    EXPECT_EQ(scheduler->parameters[0].default_value, default_value);
  }
  EXPECT_TRUE(find_scheduler("bounded-degree")->build_multicast);
  EXPECT_TRUE(find_scheduler("bounded-matching")->build_multicast);
  EXPECT_TRUE(find_scheduler("lcf")->build_multicast);
}
