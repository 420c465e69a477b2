#include <hbcast/cluster/schedule_builder.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace hbcast;

TEST(ScheduleBuilder, DoublingRounds)
{
  EXPECT_EQ(doubling_rounds(1, 1), 0u);
  EXPECT_EQ(doubling_rounds(1, 5), 3u);   // 1 -> 2 -> 4 -> 8
  EXPECT_EQ(doubling_rounds(3, 10), 2u);  // 3 -> 6 -> 12
  EXPECT_EQ(doubling_rounds(3, 12), 2u);
  EXPECT_EQ(doubling_rounds(3, 13), 3u);
  EXPECT_EQ(doubling_rounds(7, 4), 0u);
  EXPECT_EQ(doubling_rounds(0, 0), 0u);
  EXPECT_THROW(doubling_rounds(0, 1), std::invalid_argument);
}
