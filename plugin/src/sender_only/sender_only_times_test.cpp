#include <hbcast/sender_only/sender_only_times.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace hbcast;

TEST(SenderOnlyTimes, ScheduleSequenceFollowsEquationOne)
{
  // t = (1, 2, 3, 3), order 2, 1, 3 from 0: 2 is ready at 1 (from 0); then 0 completes at 2 and 2 at
  // 4, so 0 serves 1 at 2; then 0 completes at 3, 1 and 2 at 4, so 0 serves 3 at 3.
  const std::vector<double> times{1, 2, 3, 3};
  const auto schedule = schedule_sequence(times, 0, {2, 1, 3});
  EXPECT_EQ(schedule.ready, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(schedule.tree.root(), 0u);
  EXPECT_EQ(schedule.tree.children(0), (std::vector<NodeId>{2, 1, 3}));
  // Without the tree, and stopped by the bound after the first receiver that reaches it.
  const auto bounded = schedule_sequence(times, 0, {2, 1, 3}, {false, 2.0});
  EXPECT_EQ(bounded.ready, (std::vector<double>{1, 2}));
  EXPECT_EQ(bounded.tree.size(), 0u);
}

TEST(SenderOnlyTimes, ScheduleSequenceTiesGoToTheFasterThenLowerIndex)
{
  // t = (2, 1, 1, 1) from 0: 1 at 2; then 1 completes at 3 (0 at 4): 1 -> 2 at 3; then 0, 1 and 2
  // all complete at 4: the faster (1 and 2, t = 1), then the lower index, 1, serves 3.
  const auto schedule = schedule_sequence({2, 1, 1, 1}, 0, {1, 2, 3});
  EXPECT_EQ(schedule.ready, (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(schedule.tree.children(0), (std::vector<NodeId>{1}));
  EXPECT_EQ(schedule.tree.children(1), (std::vector<NodeId>{2, 3}));
}

TEST(SenderOnlyTimes, ScheduleSequenceRejectsProcessorsOutside)
{
  // With or without the tree, even past the receiver that stops the run.
  EXPECT_THROW(schedule_sequence({1, 2}, 2, {0, 1}), std::out_of_range);
  EXPECT_THROW(schedule_sequence({1, 2}, 0, {1, 2}, {false}), std::out_of_range);
  EXPECT_THROW(schedule_sequence({1, 2, 3}, 0, {1, 2, 5}, {false, 0.0}), std::out_of_range);
  EXPECT_THROW(schedule_sequence({}, 0, {}), std::out_of_range);
}

TEST(SenderOnlyTimes, ReadyTimesMarkUnreachedProcessors)
{
  BroadcastTree tree(5, 0);
  tree.add_child(0, 2);
  tree.add_child(0, 3);
  tree.add_child(2, 4);
  const std::vector<double> times{1, 1, 2, 1, 3};
  EXPECT_EQ(ready_times(times, tree), (std::vector<double>{0, -1, 1, 2, 3}));
  EXPECT_DOUBLE_EQ(tree_makespan(times, tree), 3.0);
}

TEST(SenderOnlyTimes, ScheduleOnSubsetRenumbersByIncreasingId)
{
  // Processors 3 (the source, t = 2) and 1 (t = 1) of four: the scheduler sees t = (1, 2), source 1.
  const std::vector<double> times{5, 1, 9, 2};
  const BroadcastTree tree =
      schedule_on_subset(times, 3, {3, 1}, [](const std::vector<double>& sub_times, NodeId sub_source) {
        EXPECT_EQ(sub_times, (std::vector<double>{1, 2}));
        EXPECT_EQ(sub_source, 1u);
        BroadcastTree sub(2, sub_source);
        sub.add_child(1, 0);
        return sub;
      });
  EXPECT_EQ(tree.size(), 4u);
  EXPECT_EQ(tree.root(), 3u);
  EXPECT_EQ(tree.children(3), (std::vector<NodeId>{1}));
  EXPECT_TRUE(tree.children(0).empty() && tree.children(1).empty() && tree.children(2).empty());
}
