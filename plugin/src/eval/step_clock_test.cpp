#include "step_clock.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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

// One distinct time past kFewTimes, in a start, or in an end whose start was the last time that
// fitted: the clock turns to doubles and keeps every time, idle codes aside.
TEST(StepClock, OneTimeTooManyKeepsEveryTime)
{
  for (const bool in_the_end : {false, true}) {
    std::vector<double> times{-1.0, -1.0};  // transfer 0 is idle: its codes are never read
    for (std::size_t k = 0; k < StepClock::kFewTimes / 2; ++k)  // 512 distinct times
      times.insert(times.end(), {2.0 * k, 2.0 * k + 1});
    if (in_the_end)
      times.back() = 0.0;  // 511: the next start is the 512th, its end the 513th
    times.insert(times.end(), {1000.0, 1001.0});  // the one too many
    times.insert(times.end(), {3.0, 4.0});        // after the switch
    StepClock clock;
    clock.add_idle();
    for (std::size_t k = 1; k < times.size() / 2; ++k)
      clock.add(times[2 * k], times[2 * k + 1]);
    clock.finish();
    EXPECT_FALSE(clock.ranked()) << in_the_end;
    for (StepCode code = 2; code < times.size(); ++code)
      EXPECT_EQ(clock[code], times[code]) << in_the_end << " code " << code;
  }
}

// A -0.0 time is the instant 0.0: one rank with it, and it reads 0.0.
TEST(StepClock, NegativeZeroIsZero)
{
  StepClock clock;
  clock.add(-0.0, 1.0);
  clock.add(0.0, 2.0);
  clock.finish();
  EXPECT_EQ(clock.distinct_times(), 3u);
  EXPECT_EQ(clock.rank(0), clock.rank(2));
  EXPECT_FALSE(std::signbit(clock[0]));
}

// Random transfers, some idle, on grids of 1 to 1,500 times (both sides of kFewTimes), -0.0
// among them: every recorded code reads its time back (-0.0 as 0.0), and ranks order the times.
TEST(StepClockProperty, EveryRecordedTimeReadsBack)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t transfers = 1 + random() % 2000, distinct = 1 + random() % 1500;
    std::vector<double> grid(distinct);
    for (double& time : grid)
      time = static_cast<double>(random() % 4000) / 8 - 100;
    grid[0] = -0.0;
    grid[distinct / 2] = 0.0;
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
    for (double& time : times)  // what the clock reads: -0.0 as 0.0
      time += 0.0;
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
