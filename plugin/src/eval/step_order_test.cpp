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
std::vector<StepCode> reference_order(const std::vector<double>& times)
{
  std::vector<StepCode> codes(times.size());
  std::iota(codes.begin(), codes.end(), 0);
  std::stable_sort(codes.begin(), codes.end(), [&](StepCode a, StepCode b) { return times[a] < times[b]; });
  return codes;
}

}  // namespace

// The counting path (at most 512 distinct times), the radix path (more) and insertion sort (short
// ranges) against a stable comparison sort, on ranges with and without ties.
TEST(StepOrderProperty, EqualsAStableSortByTime)
{
  StepSortScratch scratch;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(1, 20000)(random) >> (random() % 8);
    const std::size_t distinct = std::uniform_int_distribution<std::size_t>(1, 2 * n)(random);
    const auto times = random_times(n, distinct, random);
    std::vector<StepCode> codes(n);
    std::iota(codes.begin(), codes.end(), 0);
    sort_steps_by_time(codes.data(), codes.data() + n, times.data(), scratch);
    ASSERT_EQ(codes, reference_order(times)) << "seed " << seed << ", " << n << " steps, " << distinct << " times";
  }
}

// A subrange's codes need not start at 0 nor be contiguous.
TEST(StepOrder, SortsAnAscendingSubsetOfCodes)
{
  StepSortScratch scratch;
  std::mt19937_64 random(7);
  const auto times = random_times(4000, 100, random);
  std::vector<StepCode> codes;
  for (StepCode code = 3; code < times.size(); code += 3)
    codes.push_back(code);
  auto expected = codes;
  std::stable_sort(expected.begin(), expected.end(), [&](StepCode a, StepCode b) { return times[a] < times[b]; });
  sort_steps_by_time(codes.data(), codes.data() + codes.size(), times.data(), scratch);
  EXPECT_EQ(codes, expected);
}

// The crossing transfers' steps, ordered without being listed first (counting path) or listed
// then sorted (radix path, short ranges), in the order sort_steps_by_time gives the list.
TEST(StepOrderProperty, CrossingStepsEqualTheirListSorted)
{
  StepSortScratch scratch;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t transfers = std::uniform_int_distribution<std::size_t>(0, 5000)(random) >> (random() % 8);
    const std::size_t distinct = std::uniform_int_distribution<std::size_t>(1, 2 * transfers + 1)(random);
    const auto times = random_times(2 * transfers, distinct, random);
    std::vector<std::uint32_t> offset{0};
    std::vector<StepCode> listed;
    for (std::size_t k = 0; k < transfers; ++k) {
      const bool crosses = random() % 4 != 0;
      offset.push_back(offset.back() + (crosses ? 1 + random() % 3 : 0));
      if (crosses)
        listed.insert(listed.end(), {static_cast<StepCode>(2 * k), static_cast<StepCode>(2 * k + 1)});
    }
    sort_steps_by_time(listed.data(), listed.data() + listed.size(), times.data(), scratch);
    ASSERT_EQ(crossing_steps_by_time(offset.data(), transfers, times.data(), scratch), listed)
        << "seed " << seed << ", " << transfers << " transfers, " << distinct << " times";
  }
}
