#include <hbcast/eval/depth_first_transfers.hpp>
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/model/link_cost_model.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>

using namespace hbcast;

namespace {

// A random tree over n nodes, children in random order; with `stray` set, a node outside the
// root's tree sends to two others (never listed).
BroadcastTree random_tree(std::size_t n, bool stray, std::mt19937_64& random)
{
  std::vector<NodeId> order(n);
  for (NodeId v = 0; v < n; ++v)
    order[v] = v;
  std::shuffle(order.begin(), order.end(), random);
  const std::size_t reached = stray && n > 3 ? n - 3 : n;
  BroadcastTree tree(n, order[0]);
  for (std::size_t i = 1; i < reached; ++i)
    tree.add_child(order[random() % i], order[i]);
  if (reached < n) {
    tree.add_child(order[n - 3], order[n - 2]);
    tree.add_child(order[n - 3], order[n - 1]);
  }
  return tree;
}

// The listing as it was written before the one-at-a-time class: pop a node, time each of its
// children's transfers in order, push each child.
std::vector<TimedTransfer> stack_listing(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                         const std::vector<double>& ready)
{
  std::vector<TimedTransfer> transfers;
  std::vector<NodeId> stack{tree.root()};
  while (!stack.empty()) {
    const NodeId u = stack.back();
    stack.pop_back();
    for (NodeId child : tree.children(u)) {
      transfers.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(child),
                           ready[child] - costs.transfer_time(u, child, bytes), ready[child]});
      stack.push_back(child);
    }
  }
  return transfers;
}

}  // namespace

// Differential: the same transfers, in the same order, as the stack listing, on random trees with
// and without nodes outside the root's tree; the seed is printed on failure.
TEST(DepthFirstTransfersProperty, EqualTheStackListing)
{
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 random(seed);
    const std::size_t n = 1 + random() % 400;
    const BroadcastTree tree = random_tree(n, seed % 3 == 0, random);
    std::vector<LinkedCluster> clusters(1 + random() % 4);  // unequal pairs: per-pair transfer times
    for (auto& cluster : clusters) {
      cluster.hosts = (n + clusters.size() - 1) / clusters.size();
      cluster.host_bandwidth = 1e8 * (1 + random() % 4);
    }
    const LinkCostModel costs(std::make_shared<ClusteredLinkModel>(clusters));
    std::vector<double> ready(n);
    for (double& time : ready)
      time = static_cast<double>(random() % 1000) / 7;
    const auto expected = stack_listing(tree, costs, 1e4, ready);
    DepthFirstTransfers transfers(tree, costs, 1e4, ready);
    std::size_t k = 0;
    for (TimedTransfer transfer; transfers.next(transfer); ++k) {
      ASSERT_LT(k, expected.size()) << "seed " << seed;
      EXPECT_EQ(transfer.from, expected[k].from) << "seed " << seed << " transfer " << k;
      EXPECT_EQ(transfer.to, expected[k].to) << "seed " << seed << " transfer " << k;
      EXPECT_EQ(transfer.start, expected[k].start) << "seed " << seed << " transfer " << k;
      EXPECT_EQ(transfer.end, expected[k].end) << "seed " << seed << " transfer " << k;
    }
    EXPECT_EQ(k, expected.size()) << "seed " << seed;
    TimedTransfer after;
    EXPECT_FALSE(transfers.next(after)) << "seed " << seed;  // stays exhausted
  }
}
