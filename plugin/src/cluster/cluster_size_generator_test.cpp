#include <hbcast/cluster/cluster_size_generator.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace hbcast;

TEST(ClusterSizeGenerator, ZipfThetaZeroMatchesItsDistribution)
{
  // theta = 0: P(i) = 1 / (i H_100); P(1) = 0.1928, P(size <= 10) = H_10 / H_100 = 0.5658.
  const auto sizes = zipf_cluster_sizes(200000, 100, 0.0, 7);
  const double ones = static_cast<double>(std::count(sizes.begin(), sizes.end(), 1u)) / sizes.size();
  const double small = static_cast<double>(std::count_if(sizes.begin(), sizes.end(), [](auto s) { return s <= 10; })) /
                       sizes.size();
  EXPECT_NEAR(ones, 0.19278, 0.004);
  EXPECT_NEAR(small, 0.56577, 0.004);
  EXPECT_EQ(*std::min_element(sizes.begin(), sizes.end()), 1u);
  EXPECT_LE(*std::max_element(sizes.begin(), sizes.end()), 100u);
}

TEST(ClusterSizeGenerator, ThetaOneIsUniformAndSeedsReproduce)
{
  const auto sizes = zipf_cluster_sizes(100000, 100, 1.0, 3);
  double mean = 0;
  for (auto s : sizes)
    mean += static_cast<double>(s) / sizes.size();
  EXPECT_NEAR(mean, 50.5, 0.4);
  EXPECT_EQ(sizes, zipf_cluster_sizes(100000, 100, 1.0, 3));
  EXPECT_NE(sizes, zipf_cluster_sizes(100000, 100, 1.0, 4));
  EXPECT_THROW(zipf_cluster_sizes(5, 100, 1.5, 1), std::invalid_argument);
}

TEST(ClusterSizeGenerator, PerturbationHalvesOrDoubles)
{
  const std::vector<std::size_t> advertised = {1, 2, 3, 10, 50, 100, 7, 8};
  const auto actual = perturb_cluster_sizes(advertised, 11);
  std::size_t doubled = 0;
  for (std::size_t i = 0; i < advertised.size(); ++i) {
    const bool twice = actual[i] == 2 * advertised[i];
    EXPECT_TRUE(twice || actual[i] == std::max<std::size_t>(1, (advertised[i] + 1) / 2)) << i;
    doubled += twice;
  }
  EXPECT_GT(doubled, 0u);
  EXPECT_LT(doubled, advertised.size());
}
