#include <hbcast/calibration/probe_plan.hpp>

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace hbcast::calibration {
namespace {

TEST(ProbePlan, EveryPairAtTheSmallSizesThenSampledPairsThatCoverEveryHostAndGroupPair)
{
  ProbeOptions options;
  options.sizes = parse_probe_sizes("1:1MiB");
  options.all_pairs_max = 65536;
  options.partners = 2;
  const auto small = all_pair_steps(6, options);
  ASSERT_EQ(small.size(), 15u);  // 6 x 5 / 2
  EXPECT_EQ(small.front().sizes.size(), 17u);  // 1 .. 64 KiB
  const std::vector<std::vector<int>> groups = {{0, 1, 2, 3}, {4, 5}};
  const auto large = sampled_pair_steps(groups, options);
  std::map<int, int> per_host;
  std::set<std::pair<int, int>> pairs;
  bool crosses = false;
  for (const auto& step : large) {
    EXPECT_LT(step.first, step.second);
    EXPECT_EQ(step.sizes.size(), 4u);  // 128 KiB .. 1 MiB
    EXPECT_TRUE(pairs.insert({step.first, step.second}).second) << "a pair twice";
    ++per_host[step.first];
    ++per_host[step.second];
    crosses |= (step.first < 4) != (step.second < 4);
  }
  EXPECT_EQ(per_host.size(), 6u);  // every host
  EXPECT_TRUE(crosses);            // and the group pair
  // The same seed, the same sample; another seed, another.
  EXPECT_EQ(sampled_pair_steps(groups, options).size(), large.size());
}

TEST(ProbePlan, ConcurrentTestsWithinBetweenOutOfAndIntoGroups)
{
  ProbeOptions options;
  const std::vector<std::vector<int>> groups = {{0, 1, 2}, {3, 4}, {5}};
  const auto steps = concurrent_steps(groups, options);
  std::map<std::string, std::size_t> flows;
  for (const auto& step : steps) {
    flows[step.name] = step.flows.size();
    std::set<std::pair<int, int>> distinct(step.flows.begin(), step.flows.end());
    EXPECT_EQ(distinct.size(), step.flows.size()) << step.name;
  }
  EXPECT_EQ(flows["ring:1"], 3u);
  EXPECT_EQ(flows["ring:2"], 2u);
  EXPECT_EQ(flows.count("ring:3"), 0u);     // one host: no ring
  EXPECT_EQ(flows["cross:1-2"], 3u);        // max(3, 2): host 3 or 4 in two flows
  EXPECT_EQ(flows["cross:1-3"], 3u);        // every host of group 1 to the single host 5
  EXPECT_EQ(flows["out:1"], 2u);            // one flow to each other group
  EXPECT_EQ(flows["in:1"], 2u);
  // Two flows from the first two groups of 2 hosts or more: host 0 to 3 beside host i to host j,
  // for i in 1..2 and j in 0..1 (4 tests).
  EXPECT_EQ(flows["pairs:1-2:1:0"], 2u);
  EXPECT_EQ(flows["pairs:1-2:2:1"], 2u);
  EXPECT_EQ(flows.count("pairs:1-2:0:0"), 0u);
  std::size_t pair_tests = 0;
  for (const auto& step : steps)
    if (step.name.rfind("pairs:", 0) == 0) {
      ++pair_tests;
      EXPECT_EQ(step.flows.front(), (std::pair<int, int>{0, 3})) << step.name;
    }
  EXPECT_EQ(pair_tests, 4u);
  options.concurrent = false;
  EXPECT_TRUE(concurrent_steps(groups, options).empty());
}

TEST(ProbePlan, SizesParseAndRefuse)
{
  EXPECT_EQ(parse_probe_sizes("1,1KiB,4MiB"), (std::vector<double>{1, 1024, 4194304}));
  EXPECT_EQ(parse_probe_sizes("1KiB:8KiB"), (std::vector<double>{1024, 2048, 4096, 8192}));
  EXPECT_THROW(parse_probe_sizes("8,4"), std::invalid_argument);
  EXPECT_THROW(parse_probe_sizes("1.5"), std::invalid_argument);
  EXPECT_THROW(parse_probe_sizes("12XB"), std::invalid_argument);
  EXPECT_THROW(parse_probe_sizes("0:4"), std::invalid_argument);
  EXPECT_EQ(size_text(4194304), "4 MiB");
  EXPECT_EQ(size_text(1000), "1000 B");
}

}  // namespace
}  // namespace hbcast::calibration
