#include "step_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace hbcast;

namespace {

// Step codes 0 .. n - 1 over random times: on a grid of `distinct` values (many ties) or spread
// over many binades (the radix passes' whole key), some negative.
std::vector<double> random_times(std::size_t n, std::size_t distinct, std::mt19937_64& random)
{
  std::uniform_int_distribution<std::size_t> slot(0, distinct - 1);
  std::uniform_real_distribution<double> exponent(-30.0, 10.0);
  std::vector<double> grid(distinct);
  for (double& time : grid)
    time = (random() % 8 == 0 ? -1.0 : 1.0) * std::exp2(exponent(random));
  std::vector<double> times(n);
  for (double& time : times)
    time = grid[slot(random)];
  return times;
}

// The order the sweep needs, by comparison: time, then code.
void sort_by_comparison(std::vector<StepCode>& codes, const std::vector<double>& times)
{
  std::stable_sort(codes.begin(), codes.end(), [&](StepCode a, StepCode b) { return times[a] < times[b]; });
}

}  // namespace

// Both paths (counting by rank with at most 512 distinct times, radix beyond) against a stable
// comparison sort, on ranges with and without ties, -0.0 beside 0.0 in a third of them: every
// transfer crossing links (codes 0 .. 2 T - 1), or only some (codes neither from 0 nor contiguous).
TEST(StepOrderProperty, CrossingStepsEqualAStableSortByTime)
{
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t transfers = std::uniform_int_distribution<std::size_t>(0, 10000)(random) >> (random() % 8);
    const std::size_t distinct = std::uniform_int_distribution<std::size_t>(1, 2 * transfers + 1)(random);
    auto times = random_times(2 * transfers, distinct, random);
    if (seed % 3 == 0)  // signed zeros: equal times, to be kept in code order
      for (double& time : times)
        time = random() % 4 == 0 ? (random() % 2 == 0 ? -0.0 : 0.0) : time;
    const bool some_cross = seed % 2 == 0;
    std::vector<std::uint32_t> offset{0};
    std::vector<StepCode> expected;
    StepClock clock;
    for (std::size_t k = 0; k < transfers; ++k) {
      const bool crosses = !some_cross || random() % 4 != 0;
      offset.push_back(offset.back() + (crosses ? 1 + random() % 3 : 0));
      if (crosses) {
        expected.insert(expected.end(), {static_cast<StepCode>(2 * k), static_cast<StepCode>(2 * k + 1)});
        clock.add(times[2 * k], times[2 * k + 1]);
      } else {
        clock.add_idle();
      }
    }
    clock.finish();
    sort_by_comparison(expected, times);
    ASSERT_EQ(crossing_steps_by_time(offset.data(), transfers, clock), expected)
        << "seed " << seed << ", " << transfers << " transfers, " << distinct << " times"
        << (clock.ranked() ? ", ranked" : "");
  }
}
