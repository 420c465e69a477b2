#include "slice_schedule.hpp"

#include <gtest/gtest.h>


using namespace hbcast::mpi;

TEST(SplitElements, CutsAtElementBoundariesLongerSlicesFirst)
{
  // 10 elements in 4 slices: 3, 3, 2, 2.
  const auto slices = split_elements(10, 4);
  ASSERT_EQ(slices.size(), 4u);
  const std::size_t firsts[] = {0, 3, 6, 8}, counts[] = {3, 3, 2, 2};
  for (std::size_t j = 0; j < 4; ++j) {
    EXPECT_EQ(slices[j].first, firsts[j]) << j;
    EXPECT_EQ(slices[j].count, counts[j]) << j;
  }
}

TEST(SplitElements, EveryCountAndSliceNumberCoversTheMessageOnce)
{
  for (std::size_t count = 0; count <= 40; ++count)
    for (std::size_t k = 1; k <= 12; ++k) {
      const auto slices = split_elements(count, k);
      ASSERT_EQ(slices.size(), std::min(count, k)) << count << " " << k;
      std::size_t next = 0;
      for (const auto& slice : slices) {
        ASSERT_EQ(slice.first, next);
        ASSERT_GE(slice.count, count / k);
        ASSERT_LE(slice.count, count / k + 1);
        next += slice.count;
      }
      ASSERT_EQ(next, count);
    }
}

