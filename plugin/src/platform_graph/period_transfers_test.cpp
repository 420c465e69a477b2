#include "period_transfers.hpp"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace hbcast {
namespace {

using TransferList = std::vector<std::tuple<std::size_t, NodeId, NodeId, double>>;

TransferList listed(const std::vector<PeriodTransfer>& transfers)
{
  TransferList list;
  for (const PeriodTransfer& e : transfers)
    list.emplace_back(e.tree, e.from, e.to, e.bytes);
  return list;
}

TEST(PeriodTransfers, EachTreeCarriesItsShareOfTheBlockOnEveryEdge)
{
  // Weights 3, 0, 1 of W = 4, a block of 8 bytes: the trees carry 6, 0 and 2 bytes of a period.
  // Tree 0 (root 0): 0 -> (2, 1), 1 -> 3: sender 0 first, its children in send order, then 1.
  // Tree 1 has weight 0: no transfer. Tree 2 (root 2): 2 -> 0, 0 -> (3, 1): sender 0 before 2.
  const std::vector<BroadcastTree> trees{BroadcastTree(0, {{2, 1}, {3}, {}, {}}),
                                         BroadcastTree(0, {{1, 2, 3}, {}, {}, {}}),
                                         BroadcastTree(2, {{3, 1}, {}, {0}, {}})};
  const std::vector<double> weights{3.0, 0.0, 1.0};
  EXPECT_EQ(period_tree_bytes(weights, 8.0), (std::vector<double>{6.0, 0.0, 2.0}));
  EXPECT_EQ(listed(period_transfers(trees, weights, 8.0)),
            (TransferList{{0, 0, 2, 6.0}, {0, 0, 1, 6.0}, {0, 1, 3, 6.0}, {2, 0, 3, 2.0}, {2, 0, 1, 2.0}, {2, 2, 0, 2.0}}));
}

TEST(PeriodTransfers, NoTreeOfPositiveWeightNoTransfer)
{
  const std::vector<BroadcastTree> trees{BroadcastTree(0, {{1}, {}})};
  EXPECT_TRUE(period_transfers(trees, {0.0}, 8.0).empty());
}

TEST(SlotPorts, ANodeSendsOnceAndReceivesOncePerSlot)
{
  // 0 -> 1 taken: 0 cannot send again, 1 cannot receive again; 1 may still send, 0 receive.
  SlotPorts ports(3);
  EXPECT_TRUE(ports.free(0, 1));
  ports.take(0, 1);
  EXPECT_FALSE(ports.free(0, 2));
  EXPECT_FALSE(ports.free(2, 1));
  EXPECT_TRUE(ports.free(1, 0));
  EXPECT_TRUE(ports.free(2, 0));
  ports.take(1, 0);
  EXPECT_FALSE(ports.free(2, 0));
  EXPECT_TRUE(ports.free(2, 2));  // a node's send and receive ports are apart
}

}  // namespace
}  // namespace hbcast
