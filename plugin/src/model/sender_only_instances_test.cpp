#include <hbcast/model/sender_only_instances.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>

using namespace hbcast;

TEST(SenderOnlyInstances, DistinctClassesAreAllUsedWithAFastestFirstProcessor)
{
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const std::size_t classes = 1 + seed % 4;
    const auto times = random_distinct_class_times(classes + seed % 6, classes, 12, rng);
    ASSERT_EQ(times.size(), classes + seed % 6);
    EXPECT_EQ(std::set<double>(times.begin(), times.end()).size(), classes);
    EXPECT_EQ(times[0], *std::min_element(times.begin(), times.end()));
    for (double t : times)
      EXPECT_TRUE(t >= 1.0 && t <= 12.0 && t == static_cast<double>(static_cast<int>(t)));
  }
  std::mt19937_64 rng(1);
  EXPECT_THROW(random_distinct_class_times(2, 3, 12, rng), std::invalid_argument);
  EXPECT_THROW(random_distinct_class_times(5, 3, 2, rng), std::invalid_argument);
  EXPECT_THROW(random_distinct_class_times(5, 0, 12, rng), std::invalid_argument);
}

TEST(SenderOnlyInstances, SeededAndGeneratorOverloadsDrawAlike)
{
  std::mt19937_64 rng(17);
  EXPECT_EQ(random_class_times(50, {1, 2, 3}, 17), random_class_times(50, {1, 2, 3}, rng));
  std::mt19937_64 other(17);
  EXPECT_EQ(uniform_random_times(50, 1.0, 4.0, 17), uniform_random_times(50, 1.0, 4.0, other));
}

TEST(SenderOnlyInstances, PortableShuffleIsAPermutationDrawnByModulo)
{
  // Two elements: one draw, rng() % 2 == 0 swaps them.
  std::mt19937_64 rng(5);
  const bool swap = std::mt19937_64(5)() % 2 == 0;
  std::vector<int> pair{1, 2};
  portable_shuffle(pair.begin(), pair.end(), rng);
  EXPECT_EQ(pair, swap ? (std::vector<int>{2, 1}) : (std::vector<int>{1, 2}));
  std::vector<int> items(100);
  std::iota(items.begin(), items.end(), 0);
  portable_shuffle(items.begin(), items.end(), rng);
  auto sorted = items;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> identity(100);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(sorted, identity);
  EXPECT_NE(items, identity);
}
