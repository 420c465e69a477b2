#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/sender_only_model.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(SenderOnlyModel, MediansOfLatencyAndInverseBandwidthSeparately)
{
  // Host 0 sends to 1, 2, 3 with latencies 1, 5, 3 and bandwidths 10, 2, 4: medians 3 and 1/4.
  DenseCostModel costs(4);
  costs.set_link(0, 1, 1.0, 10.0);
  costs.set_link(0, 2, 5.0, 2.0);
  costs.set_link(0, 3, 3.0, 4.0);
  for (NodeId u = 1; u < 4; ++u)
    for (NodeId v = 0; v < 4; ++v)
      if (u != v)
        costs.set_link(u, v, 0.5, 8.0);
  costs.set_send_overhead(2, 0.25, 16.0);
  auto model = SenderOnlyModel::from_pairwise(costs);
  EXPECT_DOUBLE_EQ(model.latency(0, 2), 3.0);
  EXPECT_DOUBLE_EQ(model.inverse_bandwidth(0, 1), 0.25);
  EXPECT_DOUBLE_EQ(model.transmission_times(8.0)[0], 3.0 + 2.0);   // t_0(8) = 3 + 8/4
  EXPECT_DOUBLE_EQ(model.transmission_times(8.0)[3], 0.5 + 1.0);   // t_3(8) = 0.5 + 8/8
  EXPECT_DOUBLE_EQ(model.send_overhead(2, 8.0), 0.25 + 0.5);       // overhead copied, not averaged
}

TEST(SenderOnlyModel, EvenCountMedianAveragesMiddleValues)
{
  DenseCostModel costs(3);
  costs.set_link(0, 1, 1.0, 1.0);
  costs.set_link(0, 2, 3.0, 4.0);
  auto model = SenderOnlyModel::from_pairwise(costs);
  EXPECT_DOUBLE_EQ(model.latency(0, 1), 2.0);
  EXPECT_DOUBLE_EQ(model.inverse_bandwidth(0, 1), 0.625);
}

TEST(SenderOnlyModel, RejectsNegativeTimes)
{
  EXPECT_THROW(SenderOnlyModel::from_times({1.0, -2.0}), std::invalid_argument);
}

TEST(SenderOnlyModel, SampleSizeShrinksWithPlatformSize)
{
  EXPECT_EQ(SenderOnlyModel::median_sample_size(88), 87u);
  EXPECT_EQ(SenderOnlyModel::median_sample_size(1025), 1024u);
  EXPECT_EQ(SenderOnlyModel::median_sample_size(16384), 256u);
  EXPECT_EQ(SenderOnlyModel::median_sample_size(1000000), 32u);
}
