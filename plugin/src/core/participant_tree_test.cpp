#include <hbcast/core/participant_tree.hpp>
#include <hbcast/core/tree_validation.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(ParticipantTree, RenumbersTheReachedNodesBreadthFirstKeepingSendOrderAndStarts)
{
  // 6 nodes, root 2: 2 -> {5, 0}, 5 -> {4}; nodes 1 and 3 are outside the tree.
  BroadcastTree tree(6, 2);
  tree.add_child(2, 5);
  tree.add_child(2, 0);
  tree.add_child(5, 4);
  tree.set_send_start(4, 7.5);
  const ParticipantTree part = participant_tree(tree);
  EXPECT_EQ(part.participants, (std::vector<NodeId>{2, 5, 0, 4}));
  ASSERT_EQ(part.tree.size(), 4u);
  EXPECT_EQ(part.tree.root(), 0u);
  EXPECT_EQ(part.tree.children(0), (std::vector<NodeId>{1, 2}));
  EXPECT_EQ(part.tree.children(1), (std::vector<NodeId>{3}));
  EXPECT_EQ(part.tree.send_start(3), 7.5);
  EXPECT_FALSE(part.tree.send_start(1).has_value());
  EXPECT_NO_THROW(validate_tree(part.tree));
}

TEST(ParticipantTree, SpanningTreeKeepsEveryNode)
{
  BroadcastTree tree(3, 0);
  tree.add_child(0, 2);
  tree.add_child(2, 1);
  const ParticipantTree part = participant_tree(tree);
  EXPECT_EQ(part.participants, (std::vector<NodeId>{0, 2, 1}));
  EXPECT_EQ(part.tree.edge_count(), 2u);
}

TEST(ParticipantTree, LoneRoot)
{
  const ParticipantTree part = participant_tree(BroadcastTree(4, 3));
  EXPECT_EQ(part.participants, (std::vector<NodeId>{3}));
  EXPECT_EQ(part.tree.size(), 1u);
}
