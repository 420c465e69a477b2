// RunBudget's limits, each derived by hand from the rule: a part's own limit counts from when its
// clock started; the budget's rest is shared equally among the parts still to run.
#include <hbcast/simulation/run_budget.hpp>

#include <gtest/gtest.h>

namespace hbcast::cli {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::seconds;

TEST(RunBudget, NoLimitsGiveNoLimit)
{
  const RunBudget budget(0.0, 0.0, Clock::now());
  const PartLimit limit = budget.part(3, Clock::now());
  EXPECT_EQ(limit.seconds, 0.0);
  EXPECT_FALSE(limit.by_budget);
  EXPECT_FALSE(budget.shared_deadline(Clock::now()));
  EXPECT_FALSE(budget.end());
}

TEST(RunBudget, TheTimeoutCountsFromThePartsClock)
{
  // A part whose clock started 4 s ago (its share of shared work) with --timeout 10: 10 s from then.
  const auto now = Clock::now();
  const RunBudget budget(10.0, 0.0, now);
  const PartLimit limit = budget.part(5, now - seconds(4));
  EXPECT_DOUBLE_EQ(limit.seconds, 10.0);
  EXPECT_EQ(limit.started, now - seconds(4));
  EXPECT_FALSE(limit.by_budget);
  EXPECT_EQ(budget.timeout_reason(limit, "timed out after 10 s while replaying"), "timed out after 10 s while replaying");
}

TEST(RunBudget, TheBudgetsRestIsSharedAmongThePartsLeft)
{
  // Budget 60 s begun 20 s ago: 40 s left for 4 parts, 10 s each; the part's clock starts now.
  const auto start = Clock::now() - seconds(20);
  const RunBudget budget(0.0, 60.0, start);
  const PartLimit limit = budget.part(4, Clock::now());
  EXPECT_TRUE(limit.by_budget);
  EXPECT_NEAR(limit.share_seconds, 10.0, 0.05);
  EXPECT_NEAR(limit.seconds, 10.0, 0.05);
  EXPECT_EQ(budget.timeout_reason(limit, "timed out after 10 s while replaying the fnf tree"),
            "stopped after its share of the run's budget, 10.0 of 60 s (--budget; 0: no budget) while replaying the fnf tree");
}

TEST(RunBudget, TheEarlierLimitBinds)
{
  // --timeout 5 against a share of 10 s: the timeout; --timeout 30 against it: the share.
  const auto start = Clock::now() - seconds(20);
  EXPECT_FALSE(RunBudget(5.0, 60.0, start).part(4, Clock::now()).by_budget);
  EXPECT_TRUE(RunBudget(30.0, 60.0, start).part(4, Clock::now()).by_budget);
}

TEST(RunBudget, ASpentBudgetStillGivesAPositiveLimit)
{
  // 0 would mean "no limit" to the waiting code.
  const RunBudget budget(0.0, 10.0, Clock::now() - seconds(30));
  const PartLimit limit = budget.part(2, Clock::now());
  EXPECT_TRUE(limit.by_budget);
  EXPECT_GT(limit.seconds, 0.0);
  EXPECT_LT(limit.seconds, 0.01);
}

TEST(RunBudget, SharedWorkEndsAtItsTimeoutOrTheBudgetsEnd)
{
  const auto start = Clock::now();
  const RunBudget both(10.0, 50.0, start);
  EXPECT_EQ(*both.shared_deadline(start), start + seconds(10));
  EXPECT_FALSE(both.budget_binds(start));
  const RunBudget budget_first(100.0, 50.0, start);
  EXPECT_EQ(*budget_first.shared_deadline(start), start + seconds(50));
  EXPECT_TRUE(budget_first.budget_binds(start));
  EXPECT_EQ(budget_first.limit_phrase(true), "within the run's budget of 50 s (--budget; 0: no budget)");
  EXPECT_EQ(both.limit_phrase(false), "within the 10 s limit (--timeout)");
}

}  // namespace
}  // namespace hbcast::cli
