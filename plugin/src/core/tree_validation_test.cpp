#include <hbcast/core/tree_validation.hpp>

#include <gtest/gtest.h>

using hbcast::BroadcastTree;
using hbcast::InvalidTree;
using hbcast::validate_tree;

namespace {

std::string validation_error(const BroadcastTree& tree, const std::vector<std::string>& names = {})
{
  try {
    validate_tree(tree, names);
  } catch (const InvalidTree& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(TreeValidation, AcceptsSpanningTree)
{
  BroadcastTree tree(4, 2);
  tree.add_child(2, 0);
  tree.add_child(0, 1);
  tree.add_child(2, 3);
  EXPECT_EQ(validation_error(tree), "");
  EXPECT_EQ(tree.edge_count(), 3u);
  EXPECT_EQ(tree.parents()[1], 0u);
}

TEST(TreeValidation, RejectsParentOfRootAndNamesIt)
{
  BroadcastTree tree(3, 0);
  tree.add_child(0, 1);
  tree.add_child(1, 2);
  tree.add_child(2, 0);
  EXPECT_EQ(validation_error(tree, {"a", "b", "c"}), "the root 'a' is given a parent, 'c'");
}

TEST(TreeValidation, RejectsNodeWithTwoParents)
{
  BroadcastTree tree(3, 0);
  tree.add_child(0, 1);
  tree.add_child(0, 2);
  tree.add_child(1, 2);
  EXPECT_EQ(validation_error(tree), "node 2 has two parents, node 0 and node 1");
}

TEST(TreeValidation, RejectsNonSpanningTree)
{
  BroadcastTree tree(3, 0);
  tree.add_child(0, 1);
  EXPECT_EQ(validation_error(tree, {"a", "b", "c"}), "'c' is not reachable from the root (no parent on its path)");
}

TEST(TreeValidation, RejectsCycleAwayFromRoot)
{
  BroadcastTree tree(4, 0);
  tree.add_child(0, 1);
  tree.add_child(2, 3);
  tree.add_child(3, 2);
  EXPECT_EQ(validation_error(tree), "node 2 is not reachable from the root: cycle through node 2");
}

TEST(TreeValidation, RejectsOutOfRangeEdgesAtConstruction)
{
  BroadcastTree tree(2, 0);
  EXPECT_THROW(tree.add_child(0, 5), std::out_of_range);
  EXPECT_THROW(BroadcastTree(2, 7), std::out_of_range);
  EXPECT_THROW(tree.set_send_start(1, -1.0), std::invalid_argument);
}

TEST(TreeValidation, SingleNodeTreeIsValid)
{
  EXPECT_EQ(validation_error(BroadcastTree(1, 0)), "");
}
