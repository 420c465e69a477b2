#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/binomial.hpp>
#include <hbcast/sched/mpich_binomial.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace hbcast;

using Children = std::vector<NodeId>;

// Trees built by hand from MPICH's loops: r receives from r - lowbit(r), sends r + mask for
// mask = lowbit(r)/2 .. 1 (the root: from the largest power of two below n) while r + mask < n.
TEST(MpichBinomialScheduler, SixHosts)
{
  auto tree = mpich_binomial_tree(6, 0);
  EXPECT_EQ(tree.children(0), (Children{4, 2, 1}));
  EXPECT_EQ(tree.children(2), (Children{3}));
  EXPECT_EQ(tree.children(4), (Children{5}));
  for (NodeId leaf : {1, 3, 5})
    EXPECT_TRUE(tree.children(leaf).empty()) << leaf;
}

TEST(MpichBinomialScheduler, SevenHosts)
{
  auto tree = mpich_binomial_tree(7, 0);
  EXPECT_EQ(tree.children(0), (Children{4, 2, 1}));
  EXPECT_EQ(tree.children(2), (Children{3}));
  EXPECT_EQ(tree.children(4), (Children{6, 5}));
  for (NodeId leaf : {1, 3, 5, 6})
    EXPECT_TRUE(tree.children(leaf).empty()) << leaf;
}

TEST(MpichBinomialScheduler, TwelveHosts)
{
  auto tree = mpich_binomial_tree(12, 0);
  EXPECT_EQ(tree.children(0), (Children{8, 4, 2, 1}));
  EXPECT_EQ(tree.children(2), (Children{3}));
  EXPECT_EQ(tree.children(4), (Children{6, 5}));
  EXPECT_EQ(tree.children(6), (Children{7}));
  EXPECT_EQ(tree.children(8), (Children{10, 9}));
  EXPECT_EQ(tree.children(10), (Children{11}));
  for (NodeId leaf : {1, 3, 5, 7, 9, 11})
    EXPECT_TRUE(tree.children(leaf).empty()) << leaf;
}

TEST(MpichBinomialScheduler, RanksAreRelativeToTheRoot)
{
  // n = 6, root 2: host = (rank + 2) mod 6, so rank 0..5 are hosts 2, 3, 4, 5, 0, 1.
  auto tree = mpich_binomial_tree(6, 2);
  EXPECT_EQ(tree.root(), 2u);
  EXPECT_EQ(tree.children(2), (Children{0, 4, 3}));
  EXPECT_EQ(tree.children(4), (Children{5}));
  EXPECT_EQ(tree.children(0), (Children{1}));
}

TEST(MpichBinomialScheduler, EqualsAlgorithm4ExactlyOnPowersOfTwo)
{
  for (std::size_t n = 1; n <= 70; ++n) {
    for (NodeId root : {NodeId{0}, NodeId{n / 3}, NodeId{n - 1}}) {
      auto mpich = mpich_binomial_tree(n, root);
      auto algorithm4 = binomial_tree(n, root);
      bool same = true;
      for (NodeId u = 0; u < n; ++u)
        same = same && mpich.children(u) == algorithm4.children(u);
      // Otherwise even the root's order differs: MPICH sends to 2^m first, Algorithm 4 last.
      const bool power_of_two = (n & (n - 1)) == 0;
      EXPECT_EQ(same, power_of_two) << "n " << n << " root " << root;
    }
  }
}

TEST(MpichBinomialScheduler, ParentIsRankMinusLowestBitAndMakespanIsCeilLog2)
{
  for (std::size_t n = 1; n <= 70; ++n) {
    for (NodeId root : {NodeId{0}, NodeId{n / 2}, NodeId{n - 1}}) {
      auto tree = mpich_binomial_tree(n, root);
      ASSERT_NO_THROW(validate_tree(tree)) << "n " << n << " root " << root;
      const auto parents = tree.parents();
      for (std::size_t rank = 1; rank < n; ++rank) {
        const std::size_t parent_rank = rank - (rank & (~rank + 1));
        ASSERT_EQ(parents[(rank + root) % n], (parent_rank + root) % n) << "n " << n << " rank " << rank;
      }
      auto costs = SenderOnlyModel::from_times(std::vector<double>(n, 1.0));
      const double rounds = n == 1 ? 0.0 : std::ceil(std::log2(static_cast<double>(n)));
      ASSERT_DOUBLE_EQ(evaluate_atomic(tree, costs, 1.0, PortModel::one_port).makespan, rounds) << "n " << n;
    }
  }
}
