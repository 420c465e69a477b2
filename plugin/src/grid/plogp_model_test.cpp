#include <hbcast/grid/plogp_model.hpp>

#include <gtest/gtest.h>

namespace hbcast {
namespace {

TEST(PlogpModel, BinomialTimeIsRoundsTimesLatencyPlusGap)
{
  // 20 processes: 5 rounds of 2 ms + 30 ms.
  EXPECT_DOUBLE_EQ(plogp_binomial_time(20, 2e-3, 30e-3), 5 * 32e-3);
  EXPECT_EQ(plogp_binomial_time(1, 1.0, 1.0), 0.0);
}

}  // namespace
}  // namespace hbcast
