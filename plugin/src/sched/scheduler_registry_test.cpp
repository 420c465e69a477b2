#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/flat.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/sender_only/multicast_schedule.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <set>

using namespace hbcast;

namespace {

// A sender-only instance: t_u for a unit transfer (SenderOnlyModel::from_times).
BroadcastInstance sender_only_instance(const std::vector<double>& times)
{
  std::vector<std::string> names;
  for (std::size_t k = 0; k < times.size(); ++k)
    names.push_back("p" + std::to_string(k));
  return BroadcastInstance(std::make_shared<SenderOnlyModel>(SenderOnlyModel::from_times(times)), names, 1.0,
                           PortModel::one_port);
}

}  // namespace

TEST(SchedulerRegistry, NamesAreUniqueAndFound)
{
  std::set<std::string> names;
  for (const auto& scheduler : scheduler_registry()) {
    EXPECT_TRUE(names.insert(scheduler.name).second) << scheduler.name;
    EXPECT_EQ(find_scheduler(scheduler.name), &scheduler);
  }
  EXPECT_EQ(find_scheduler("no-such-scheduler"), nullptr);
}

TEST(SchedulerRegistry, SenderOnlySchedulersHaveTheirOwnMulticast)
{
  for (const char* name : {"fnf", "optimal", "ptas"})
    EXPECT_TRUE(find_scheduler(name)->build_multicast) << name;
  EXPECT_FALSE(find_scheduler("binomial")->build_multicast);
}

TEST(SchedulerRegistry, FnfMulticastIsFnfMulticastWithTheBestK)
{
  // Four slow members and a fast non-member (optimal_multicast_test): FNF recruits it, 3 not 4.
  const std::vector<double> times{1, 10, 10, 10, 10, 1};
  const auto instance = sender_only_instance(times);
  const auto result = run_multicast_scheduler(*find_scheduler("fnf"), instance, 0, {1, 2, 3, 4});
  EXPECT_EQ(result.method, "multicast");
  EXPECT_EQ(result.recruited, (std::vector<NodeId>{5}));
  // 0 -> 5 at 1; at 2 both 0 and 5 (t = 1) complete: 0 (lower index) serves 1, 5 serves 2; at 3
  // likewise 0 serves 3 and 5 serves 4.
  EXPECT_EQ(result.schedule.tree.children(0), (std::vector<NodeId>{5, 1, 3}));
  EXPECT_EQ(result.schedule.tree.children(5), (std::vector<NodeId>{2, 4}));
  const auto optimal = run_multicast_scheduler(*find_scheduler("optimal"), instance, 0, {1, 2, 3, 4});
  EXPECT_EQ(optimal.schedule.optimality, "proven");
}

TEST(SchedulerRegistry, OtherSchedulersPruneTheirBroadcast)
{
  // Flat from 0: 0 -> 1, 2, 3, 4, 5 in host order; members {2, 4} keep 0 -> 2, 4 and recruit none.
  const auto instance = sender_only_instance({1, 1, 1, 1, 1, 1});
  const auto result = run_multicast_scheduler(*find_scheduler("flat"), instance, 0, {4, 2});
  EXPECT_EQ(result.method, "pruned broadcast");
  EXPECT_EQ(result.schedule.tree.children(0), (std::vector<NodeId>{2, 4}));
  EXPECT_TRUE(result.recruited.empty());
  // Binomial from 0 over 6 hosts: 0 -> {1, 2, 4}, 1 -> {3, 5}, 2 -> {}: member 5 recruits 1.
  const auto binomial = run_multicast_scheduler(*find_scheduler("binomial"), instance, 0, {5});
  EXPECT_EQ(binomial.recruited, (std::vector<NodeId>{1}));
}

TEST(SchedulerRegistry, MulticastRejectsBadMembers)
{
  const auto instance = sender_only_instance({1, 2, 3});
  const auto& fnf = *find_scheduler("fnf");
  EXPECT_THROW(run_multicast_scheduler(fnf, instance, 0, {0}), std::invalid_argument);
  EXPECT_THROW(run_multicast_scheduler(fnf, instance, 0, {1, 1}), std::invalid_argument);
  EXPECT_THROW(run_multicast_scheduler(fnf, instance, 0, {3}), std::invalid_argument);
}

TEST(SchedulerRegistry, RegistrationRefusesBadEntries)
{
  auto message_of = [](SchedulerInfo info) -> std::string {
    try {
      register_scheduler(std::move(info));
    } catch (const std::invalid_argument& error) {
      return error.what();
    }
    return "no error";
  };
  const std::size_t before = scheduler_registry().size();
  EXPECT_EQ(message_of({"fnf", "again", "nowhere", schedule_flat}),
            "a scheduler named 'fnf' is already registered");
  EXPECT_EQ(message_of({"", "unnamed", "nowhere", schedule_flat}), "a scheduler needs a name");
  EXPECT_EQ(message_of({"no-build", "empty", "nowhere", SchedulerFunction{}}),
            "scheduler 'no-build' has no build function");
  EXPECT_EQ(scheduler_registry().size(), before);
  EXPECT_EQ(find_scheduler("no-build"), nullptr);
}
