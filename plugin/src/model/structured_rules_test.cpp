// The structured rules of issue 13 (latency grouping and sender-only medians on host blocks,
// sampled grouping of large flat platforms) against the exhaustive ones on the same costs.
#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/host_blocks.hpp>
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/sender_only_model.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace hbcast {
namespace {

// A dense model whose costs depend only on the blocks, and which says so (host_blocks).
class BlockView final : public CostModel {
public:
  BlockView(DenseCostModel costs, HostBlocks blocks) : costs_(std::move(costs)), blocks_(std::move(blocks)) {}
  std::size_t size() const override { return costs_.size(); }
  double latency(NodeId from, NodeId to) const override { return costs_.latency(from, to); }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return costs_.inverse_bandwidth(from, to); }
  const HostBlocks* host_blocks() const override { return &blocks_; }
  const DenseCostModel& dense() const { return costs_; }

private:
  DenseCostModel costs_;
  HostBlocks blocks_;
};

// Random blocks of 1-5 hosts, interleaved in host order, with block-pair latencies drawn from a few
// values (ties, and pairs on either side of the 30% tolerance) and a few bandwidths.
BlockView random_block_model(std::uint64_t seed)
{
  std::mt19937_64 random(seed);
  const std::size_t block_count = 1 + random() % 8;
  std::vector<std::size_t> label;
  for (std::size_t b = 0; b < block_count; ++b)
    for (std::size_t k = 0, size = 1 + random() % 5; k < size; ++k)
      label.push_back(b);
  std::shuffle(label.begin(), label.end(), random);
  if (label.size() < 2)
    label.push_back(block_count);
  HostBlocks blocks = HostBlocks::from_labels(label);
  const std::size_t count = blocks.count();
  const double latencies[] = {1e-4, 1.2e-4, 1.35e-4, 2e-4, 1e-3, 1.25e-3, 5e-3};
  const double bandwidths[] = {1e8, 1.25e8, 1e9};
  std::vector<double> latency(count * count), bandwidth(count * count);
  for (std::size_t a = 0; a < count * count; ++a) {
    latency[a] = latencies[random() % 7];
    bandwidth[a] = bandwidths[random() % 3];
  }
  DenseCostModel costs(label.size());
  for (NodeId u = 0; u < label.size(); ++u)
    for (NodeId v = 0; v < label.size(); ++v)
      if (u != v) {
        const std::size_t pair = blocks.block_of[u] * count + blocks.block_of[v];
        costs.set_link(u, v, latency[pair], bandwidth[pair]);
      }
  return BlockView(std::move(costs), std::move(blocks));
}

TEST(BlockLatencyClustering, EqualsTheExhaustiveRuleOnRandomBlockModels)
{
  std::size_t groupings_with_several_clusters = 0;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const BlockView model = random_block_model(seed);
    for (double tolerance : {0.0, 0.30, 2.0}) {
      const HostClustering blocked = cluster_by_latency(model, tolerance);
      const HostClustering exhaustive = cluster_by_latency_exhaustive(model.dense(), tolerance);
      ASSERT_EQ(blocked.clusters, exhaustive.clusters) << "tolerance " << tolerance;
      ASSERT_EQ(blocked.cluster_of, exhaustive.cluster_of);
      groupings_with_several_clusters += exhaustive.clusters.size() > 1 ? 1 : 0;
    }
  }
  EXPECT_GT(groupings_with_several_clusters, 1000u);  // the draws are not all one cluster
}

TEST(BlockSenderOnlyMedians, EqualTheAllDestinationMedians)
{
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const BlockView model = random_block_model(seed);
    const SenderOnlyModel blocked = SenderOnlyModel::from_pairwise(model);
    const SenderOnlyModel exhaustive = SenderOnlyModel::from_pairwise(model.dense());  // every destination (n <= 1024)
    for (NodeId u = 0; u < model.size(); ++u) {
      ASSERT_EQ(blocked.latency(u, 0), exhaustive.latency(u, 0)) << "host " << u;
      ASSERT_EQ(blocked.inverse_bandwidth(u, 0), exhaustive.inverse_bandwidth(u, 0)) << "host " << u;
    }
  }
}

TEST(BlockSenderOnlyMedians, HandComputedWeightedMedian)
{
  // Blocks {0, 1, 2} and {3}: host 0 sees 1 ms twice (its block) and 5 ms once: median 1 ms; host 3
  // sees 5 ms three times. Even counts average the middle pair: with a fifth host alone at 9 ms,
  // host 0 sees 1, 1, 5, 9: (1 + 5) / 2 = 3 ms.
  const auto model = [](std::size_t n) {
    std::vector<std::size_t> label{0, 0, 0, 1, 2};
    label.resize(n);
    HostBlocks blocks = HostBlocks::from_labels(label);
    DenseCostModel costs(n);
    for (NodeId u = 0; u < n; ++u)
      for (NodeId v = 0; v < n; ++v)
        if (u != v) {
          const bool same = blocks.block_of[u] == blocks.block_of[v];
          costs.set_link(u, v, same ? 1e-3 : (u == 4 || v == 4) ? 9e-3 : 5e-3, 1e9);
        }
    return BlockView(std::move(costs), std::move(blocks));
  };
  const SenderOnlyModel four = SenderOnlyModel::from_pairwise(model(4));
  EXPECT_DOUBLE_EQ(four.latency(0, 1), 1e-3);
  EXPECT_DOUBLE_EQ(four.latency(3, 0), 5e-3);
  const SenderOnlyModel five = SenderOnlyModel::from_pairwise(model(5));
  EXPECT_DOUBLE_EQ(five.latency(0, 1), 3e-3);
  EXPECT_DOUBLE_EQ(five.latency(4, 0), 9e-3);
}

TEST(BlockSenderOnlyMedians, BeyondEveryDestinationTheSampledRuleIsKept)
{
  // 1,100 hosts: medians over a sample of destinations, the same with or without the blocks.
  std::vector<std::size_t> label(1100);
  for (NodeId u = 0; u < label.size(); ++u)
    label[u] = u % 3;
  HostBlocks blocks = HostBlocks::from_labels(label);
  DenseCostModel costs(label.size());
  for (NodeId u = 0; u < label.size(); ++u)
    for (NodeId v = 0; v < label.size(); ++v)
      if (u != v)
        costs.set_link(u, v, 1e-4 * (1 + label[u] + 2 * label[v]), 1e8 * (1 + label[v]));
  const BlockView model(std::move(costs), std::move(blocks));
  ASSERT_LT(SenderOnlyModel::median_sample_size(model.size()), model.size() - 1);
  const SenderOnlyModel blocked = SenderOnlyModel::from_pairwise(model);
  const SenderOnlyModel sampled = SenderOnlyModel::from_pairwise(model.dense());
  for (NodeId u = 0; u < model.size(); ++u) {
    ASSERT_EQ(blocked.latency(u, 0), sampled.latency(u, 0)) << "host " << u;
    ASSERT_EQ(blocked.inverse_bandwidth(u, 0), sampled.inverse_bandwidth(u, 0)) << "host " << u;
  }
}

// Latencies computed from host indices, no n x n storage: clusters are runs of consecutive hosts,
// inner latencies jittered within 20%, latencies between clusters 1-5 ms apart by cluster pair.
class RunsOfClusters final : public CostModel {
public:
  RunsOfClusters(std::vector<std::size_t> run_lengths, std::uint64_t seed) : seed_(seed)
  {
    for (std::size_t c = 0; c < run_lengths.size(); ++c)
      cluster_of_.insert(cluster_of_.end(), run_lengths[c], c);
  }
  std::size_t size() const override { return cluster_of_.size(); }
  double latency(NodeId from, NodeId to) const override
  {
    const std::size_t a = cluster_of_[from], b = cluster_of_[to];
    if (a == b)
      return 1e-4 * (1.0 + 0.2 * unit(from * 7919 + to));
    return 1e-3 * (1.0 + 4.0 * unit(std::min(a, b) * 104729 + std::max(a, b)));
  }
  double inverse_bandwidth(NodeId, NodeId) const override { return 1e-9; }
  std::size_t cluster_of(NodeId u) const { return cluster_of_[u]; }

private:
  double unit(std::uint64_t key) const  // a deterministic draw in [0, 1)
  {
    std::uint64_t x = key + seed_ * 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return static_cast<double>((x ^ (x >> 31)) >> 11) * 0x1.0p-53;
  }
  std::vector<std::size_t> cluster_of_;
  std::uint64_t seed_;
};

}  // namespace
}  // namespace hbcast

using namespace hbcast;

TEST(SampledLatencyClustering, ExactWhenTheSampleHoldsEveryHost)
{
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const BlockView model = random_block_model(seed);
    const HostClustering sampled = cluster_by_latency_sampled(model.dense(), 0.30, model.size());
    EXPECT_EQ(sampled.clusters, cluster_by_latency_exhaustive(model.dense(), 0.30).clusters);
  }
}

TEST(SampledLatencyClustering, FindsRunsOfClustersAsTheExhaustiveRuleDoes)
{
  // About 3,000 hosts (at most 3,319) sampled 64 per host: stride at most 52, runs of at least 120 hosts.
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 random(seed);
    std::vector<std::size_t> runs;
    for (std::size_t total = 0; total < 3000;)
      total += runs.emplace_back(120 + random() % 200);
    const RunsOfClusters model(runs, seed);
    const HostClustering sampled = cluster_by_latency_sampled(model, 0.30, 64);
    const HostClustering exhaustive = cluster_by_latency_exhaustive(model, 0.30);
    ASSERT_EQ(exhaustive.clusters.size(), runs.size());
    EXPECT_EQ(sampled.clusters, exhaustive.clusters);
    for (NodeId u = 0; u < model.size(); ++u)
      ASSERT_EQ(sampled.cluster_of[u], model.cluster_of(u)) << "host " << u;
  }
}
