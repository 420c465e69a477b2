#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/grid_instance_builder.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>

#include "grid_test_support.hpp"

#include <gtest/gtest.h>

namespace hbcast {
namespace {

TEST(GridInstance, RejectsBadShapesAndValues)
{
  std::vector<GridCluster> two(2);
  EXPECT_THROW(GridInstance({}, {}, {}, 0, 0), std::invalid_argument);
  EXPECT_THROW(GridInstance(two, std::vector<double>(3), std::vector<double>(4), 0, 0), std::invalid_argument);
  EXPECT_THROW(GridInstance(two, std::vector<double>(4), std::vector<double>(4), 2, 0), std::invalid_argument);
  EXPECT_THROW(GridInstance(two, {0, -1, 0, 0}, std::vector<double>(4), 0, 0), std::invalid_argument);
  two[1].broadcast_time = std::nan("");
  EXPECT_THROW(GridInstance(two, std::vector<double>(4), std::vector<double>(4), 0, 0), std::invalid_argument);
}

TEST(GridInstance, TransferTimeIsGapPlusLatency)
{
  const GridInstance instance(std::vector<GridCluster>(2), {0, 0.01, 0.02, 0}, {0, 0.3, 0.4, 0}, 1, 0);
  EXPECT_DOUBLE_EQ(instance.transfer_time(0, 1), 0.31);
  EXPECT_DOUBLE_EQ(instance.transfer_time(1, 0), 0.42);
  EXPECT_EQ(instance.root_cluster(), 1u);
}

// Sites of 3, 1 and 4 hosts; the root (host 5) is not its site's lowest host.
TEST(GridInstanceBuilder, DerivesCoordinatorsLgAndPlogpT)
{
  std::mt19937_64 rng(7);
  const DenseCostModel costs = grid_test::random_sites({3, 1, 4}, rng);
  const HostClustering clustering = cluster_by_latency(costs, kLowekampTolerance);
  ASSERT_EQ(clustering.clusters.size(), 3u);
  const double bytes = 4e6;
  const GridInstance grid = grid_instance_from_costs(costs, clustering, 5, bytes);
  EXPECT_EQ(grid.root_cluster(), 2u);
  EXPECT_EQ(grid.cluster(2).hosts.front(), 5u);
  EXPECT_EQ(grid.cluster(2).hosts, (std::vector<NodeId>{5, 4, 6, 7}));
  EXPECT_EQ(grid.cluster(0).hosts.front(), 0u);
  EXPECT_EQ(grid.cluster(1).hosts.size(), 1u);
  EXPECT_EQ(grid.broadcast_time(1), 0.0);
  EXPECT_DOUBLE_EQ(grid.latency(0, 2), costs.latency(0, 5));
  EXPECT_DOUBLE_EQ(grid.gap(2, 1), bytes * costs.inverse_bandwidth(5, 3));
  // 4 hosts: 2 rounds of (L + m / bw) inside.
  EXPECT_DOUBLE_EQ(grid.broadcast_time(2), 2 * costs.transfer_time(4, 6, bytes));
  EXPECT_DOUBLE_EQ(grid.broadcast_time(0), 2 * costs.transfer_time(0, 1, bytes));
}

TEST(GridInstanceBuilder, RejectsAClusteringOfAnotherPlatform)
{
  std::mt19937_64 rng(1);
  const DenseCostModel costs = grid_test::random_sites({2, 2}, rng);
  HostClustering wrong;
  wrong.clusters = {{0, 1}};
  wrong.cluster_of = {0, 0};
  EXPECT_THROW(grid_instance_from_costs(costs, wrong, 0, 1.0), std::invalid_argument);
  EXPECT_THROW(grid_instance_from_costs(costs, cluster_by_latency(costs, kLowekampTolerance), 9, 1.0),
               std::invalid_argument);
}

TEST(Table2Generator, ValuesStayInTheRangesSymmetricAndSeeded)
{
  std::mt19937_64 rng(3), again(3);
  const GridInstance a = random_table2_instance(12, rng);
  const GridInstance b = random_table2_instance(12, again);
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_GE(a.broadcast_time(i), 20e-3);
    EXPECT_LE(a.broadcast_time(i), 3.0);
    EXPECT_EQ(a.broadcast_time(i), b.broadcast_time(i));
    for (std::size_t j = 0; j < 12; ++j) {
      if (i == j)
        continue;
      EXPECT_GE(a.latency(i, j), 1e-3);
      EXPECT_LE(a.latency(i, j), 15e-3);
      EXPECT_GE(a.gap(i, j), 0.1);
      EXPECT_LE(a.gap(i, j), 0.6);
      EXPECT_EQ(a.gap(i, j), a.gap(j, i));
      EXPECT_EQ(a.latency(i, j), b.latency(i, j));
    }
  }
  EXPECT_THROW(random_table2_instance(0, rng), std::invalid_argument);
  Table2Ranges inverted;
  inverted.gap_min = 1.0;
  EXPECT_THROW(random_table2_instance(3, rng, inverted), std::invalid_argument);
}

}  // namespace
}  // namespace hbcast
