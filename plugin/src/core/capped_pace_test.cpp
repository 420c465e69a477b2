// The rate-capped form's pace and posted receives, on values worked by hand.
#include <hbcast/core/capped_pace.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace hbcast;

TEST(CappedPace, RoundSecondsAreTheRoundOverTheWeightsSlowedByTheSlack)
{
  // Weights 1 and 3 slices/s: 4 slices/s; rounds of 2 slices every 0.5 s at the plan's rate.
  EXPECT_DOUBLE_EQ(capped_round_seconds({1.0, 3.0}, 2), 0.5 / (1.0 - kCappedPaceSlack));
  EXPECT_GT(kCappedPaceSlack, 0.0);
  EXPECT_LT(kCappedPaceSlack, 0.01);  // the form still meets 0.99 of the optimum
  EXPECT_THROW(capped_round_seconds({0.0}, 1), std::invalid_argument);
  EXPECT_THROW(capped_round_seconds({1.0}, 0), std::invalid_argument);
}

TEST(CappedPace, ReceivesCoverTheLatencyInRounds)
{
  // No latency: the part being received and the next one.
  EXPECT_EQ(capped_receives(0.0, 1.0), 2u);
  // 10.3 ms of latency over rounds of 8.9 ms: two rounds start during it, 2 + 2.
  EXPECT_EQ(capped_receives(0.0103, 0.0089), 4u);
  // Exactly three rounds: 2 + 3.
  EXPECT_EQ(capped_receives(3.0, 1.0), 5u);
  // Bounded, whatever the ratio.
  EXPECT_EQ(capped_receives(1e9, 1e-9), 2u + 1000000u);
  EXPECT_THROW(capped_receives(1.0, 0.0), std::invalid_argument);
  EXPECT_THROW(capped_receives(-1.0, 1.0), std::invalid_argument);
}
