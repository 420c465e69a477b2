// The cuts the replay and libhbcast_mpi share, on counts small enough to list by hand.
#include <hbcast/core/element_ranges.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace hbcast;

TEST(ElementRanges, SlicesLikeTheLibraryFirstSlicesOneLonger)
{
  // 10 elements in 3 slices: 4 + 3 + 3.
  EXPECT_EQ(slice_range(10, 3, 0), (ElementRange{0, 4}));
  EXPECT_EQ(slice_range(10, 3, 1), (ElementRange{4, 3}));
  EXPECT_EQ(slice_range(10, 3, 2), (ElementRange{7, 3}));
  EXPECT_EQ(slices_range(10, 3, 1, 5), (ElementRange{4, 6}));  // clipped at the last slice
  EXPECT_EQ(slices_range(10, 3, 0, 3), (ElementRange{0, 10}));
  EXPECT_EQ(slices_range(10, 3, 3, 1).count, 0u);
  EXPECT_THROW(slice_range(10, 3, 3), std::invalid_argument);
}

TEST(ElementRanges, FractionsCutConsecutivePartsThatCoverTheRange)
{
  // {4, 6}: floor(0.5 * 6) = 3, so [4, 7) and [7, 10).
  EXPECT_EQ(fraction_of({4, 6}, 0.0, 0.5), (ElementRange{4, 3}));
  EXPECT_EQ(fraction_of({4, 6}, 0.5, 1.0), (ElementRange{7, 3}));
  EXPECT_EQ(cumulative_shares({1.0, 3.0}), (std::vector<double>{0.0, 0.25, 1.0}));
  EXPECT_THROW(cumulative_shares({0.0}), std::invalid_argument);
  EXPECT_THROW(fraction_of({0, 4}, 0.6, 0.5), std::invalid_argument);
  // Property: any weights split any range into disjoint consecutive parts covering it.
  const unsigned seed = 2024;
  std::mt19937 rng(seed);
  for (int round = 0; round < 200; ++round) {
    std::vector<double> weights(1 + rng() % 7);
    for (auto& weight : weights)
      weight = (rng() % 4 == 0) ? 0.0 : std::uniform_real_distribution<double>(0.01, 5.0)(rng);
    weights[rng() % weights.size()] += 1.0;
    const ElementRange range{rng() % 100, rng() % 1000};
    const auto shares = cumulative_shares(weights);
    std::size_t at = range.first;
    for (std::size_t t = 0; t < weights.size(); ++t) {
      const ElementRange part = fraction_of(range, shares[t], shares[t + 1]);
      ASSERT_EQ(part.first, at) << "seed " << seed << " round " << round;
      if (weights[t] == 0.0) {
        EXPECT_EQ(part.count, 0u) << "seed " << seed;
      }
      at += part.count;
    }
    EXPECT_EQ(at, range.first + range.count) << "seed " << seed << " round " << round;
  }
}
