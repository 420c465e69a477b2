#include <hbcast/calibration/network_factors.hpp>

#include <gtest/gtest.h>

namespace hbcast::calibration {
namespace {

TEST(PiecewiseFactor, TakesTheLargestThresholdBelowTheSizeAsSmpiDoes)
{
  // SMPI 3.32 reads "T:F;..." in any order; a message of S bytes gets the factor of the largest
  // T < S, and 1 when S <= the smallest T.
  const auto factor = PiecewiseFactor::parse("65472:11.6436;0:2.01467;1426:1.61075");
  EXPECT_EQ(factor.at(0), 1.0);
  EXPECT_EQ(factor.at(1), 2.01467);
  EXPECT_EQ(factor.at(1426), 2.01467);
  EXPECT_EQ(factor.at(1427), 1.61075);
  EXPECT_EQ(factor.at(65472), 1.61075);
  EXPECT_EQ(factor.at(65473), 11.6436);
  EXPECT_EQ(factor.to_string(), "0:2.01467;1426:1.61075;65472:11.6436");
  EXPECT_EQ(PiecewiseFactor().to_string(), "0:1");
  EXPECT_TRUE(PiecewiseFactor::parse("0:1").is_unit());
}

TEST(PiecewiseFactor, RefusesMalformedSteps)
{
  EXPECT_THROW(PiecewiseFactor::parse(""), std::invalid_argument);
  EXPECT_THROW(PiecewiseFactor::parse("12"), std::invalid_argument);
  EXPECT_THROW(PiecewiseFactor::parse("x:1"), std::invalid_argument);
  EXPECT_THROW(PiecewiseFactor::parse("0:nan"), std::invalid_argument);
  EXPECT_THROW(PiecewiseFactor::parse("0:-1"), std::invalid_argument);
  EXPECT_THROW(PiecewiseFactor::parse("0:1;0:2"), std::invalid_argument);
}

TEST(NetworkFactors, LoneTransferTime)
{
  // 4 MiB over 50 us and 125 MB/s under SMPI's defaults: 11.6436 x 50 us + 4 MiB / (0.940694 x 125 MB/s).
  const auto factors = smpi_default_factors();
  EXPECT_DOUBLE_EQ(factors.transfer_time(50e-6, 125e6, 4194304), 11.6436 * 50e-6 + 4194304 / (0.940694 * 125e6));
}

}  // namespace
}  // namespace hbcast::calibration
