#include "step_clock.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

using namespace hbcast;

// Hand-checked: three transfers, the middle one idle; ranks follow the times, not the order of
// first sight.
TEST(StepClock, RanksFollowTheTimes)
{
  StepClock clock;
  clock.add(2.0, 5.0);
  clock.add_idle();
  clock.add(-1.0, 2.0);
  clock.finish();
  ASSERT_TRUE(clock.ranked());
  EXPECT_EQ(clock.distinct_times(), 3u);
  EXPECT_EQ(clock.rank(4), 0);  // -1
  EXPECT_EQ(clock.rank(0), 1);  // 2
  EXPECT_EQ(clock.rank(5), 1);
  EXPECT_EQ(clock.rank(1), 2);  // 5
  EXPECT_EQ(clock[1], 5.0);
  EXPECT_EQ(clock[4], -1.0);
}

// One distinct time past kFewTimes, in an end: the clock turns to doubles and keeps every time.
TEST(StepClock, OneTimeTooManyKeepsEveryTime)
{
  const std::size_t transfers = StepClock::kFewTimes / 2 + 1;
  StepClock clock;
  for (std::size_t k = 0; k < transfers; ++k)
    clock.add(2.0 * k, 2.0 * k + 1);
  clock.finish();
  EXPECT_FALSE(clock.ranked());
  for (StepCode code = 0; code < 2 * transfers; ++code)
    EXPECT_EQ(clock[code], static_cast<double>(code));
}

// Random transfers, some idle, on grids of 1 to 1,500 times (both sides of kFewTimes),
// -0.0 beside 0.0: every recorded code reads its time back, and ranks order the times.
TEST(StepClockProperty, EveryRecordedTimeReadsBack)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t transfers = 1 + random() % 2000, distinct = 1 + random() % 1500;
    std::vector<double> grid(distinct);
    for (double& time : grid)
      time = static_cast<double>(random() % 4000) / 8 - 100;
    grid[0] = -0.0;
    std::vector<double> times(2 * transfers);
    std::vector<bool> recorded(transfers);
    StepClock clock;
    for (std::size_t k = 0; k < transfers; ++k) {
      times[2 * k] = grid[random() % distinct];
      times[2 * k + 1] = grid[random() % distinct];
      recorded[k] = random() % 5 != 0;
      if (recorded[k])
        clock.add(times[2 * k], times[2 * k + 1]);
      else
        clock.add_idle();
    }
    clock.finish();
    std::vector<StepCode> codes;
    for (std::size_t k = 0; k < transfers; ++k)
      if (recorded[k])
        codes.insert(codes.end(), {static_cast<StepCode>(2 * k), static_cast<StepCode>(2 * k + 1)});
    for (StepCode code : codes)
      ASSERT_EQ(time_order_key(clock[code]), time_order_key(times[code])) << "seed " << seed << " code " << code;
    std::set<std::uint64_t> keys;
    for (StepCode code : codes)
      keys.insert(time_order_key(times[code]));
    ASSERT_EQ(clock.ranked(), keys.size() <= StepClock::kFewTimes) << "seed " << seed;
    if (!clock.ranked())
      continue;
    // Ranks in time order: equal keys, equal ranks; a larger key, a larger rank.
    std::sort(codes.begin(), codes.end(), [&](StepCode a, StepCode b) { return time_order_key(times[a]) < time_order_key(times[b]); });
    for (std::size_t i = 1; i < codes.size(); ++i)
      ASSERT_EQ(clock.rank(codes[i - 1]) < clock.rank(codes[i]),
                time_order_key(times[codes[i - 1]]) < time_order_key(times[codes[i]]))
          << "seed " << seed;
  }
}
