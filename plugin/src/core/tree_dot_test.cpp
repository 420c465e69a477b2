#include <hbcast/core/tree_dot.hpp>

#include <gtest/gtest.h>
#include <sstream>

TEST(TreeDot, WritesOrderedEdgesAndReadyTimes)
{
  hbcast::BroadcastTree tree(3, 0);
  tree.add_child(0, 2);
  tree.add_child(0, 1);
  std::ostringstream out;
  hbcast::write_tree_dot(out, tree, {"r", "a", "b\"q"}, "fnf", {0.0, 2.0, 1.0});
  const std::string dot = out.str();
  EXPECT_NE(dot.find("digraph \"fnf\""), std::string::npos);
  EXPECT_NE(dot.find("\"r\" -> \"b\\\"q\" [label=\"1\"]"), std::string::npos);
  EXPECT_NE(dot.find("\"r\" -> \"a\" [label=\"2\"]"), std::string::npos);
  EXPECT_NE(dot.find("a\\nt=2"), std::string::npos);
  EXPECT_NE(dot.find("style=bold"), std::string::npos);
}

TEST(TreeDot, LeavesOutTheNodesAMulticastTreeDoesNotReach)
{
  hbcast::BroadcastTree tree(4, 1);  // 1 -> 3; nodes 0 and 2 outside
  tree.add_child(1, 3);
  std::ostringstream out;
  hbcast::write_tree_dot(out, tree, {"x", "root", "y", "m"}, "fnf");
  const std::string dot = out.str();
  EXPECT_NE(dot.find("\"root\" [label=\"root\", style=bold]"), std::string::npos) << dot;
  EXPECT_NE(dot.find("\"m\" [label=\"m\"]"), std::string::npos) << dot;
  EXPECT_EQ(dot.find("\"x\""), std::string::npos) << dot;
  EXPECT_EQ(dot.find("\"y\""), std::string::npos) << dot;
}

TEST(TreeDot, WritesSendStartsAndTimesAtFullPrecision)
{
  hbcast::BroadcastTree tree(3, 0);
  tree.add_child(0, 1);
  tree.add_child(0, 2);
  tree.set_send_start(2, 0.1 + 0.2);  // 0.30000000000000004: six digits would say 0.3
  std::ostringstream out;
  hbcast::write_tree_dot(out, tree, {"r", "a", "b"}, "lcf", {0.0, 1.0 / 3.0, 0.30000000000000004 + 1.0});
  const std::string dot = out.str();
  EXPECT_NE(dot.find("\"r\" -> \"b\" [label=\"2\", start=\"0.30000000000000004\"]"), std::string::npos) << dot;
  EXPECT_NE(dot.find("\"r\" -> \"a\" [label=\"1\"]"), std::string::npos) << dot;  // no start: none written
  EXPECT_NE(dot.find("ready=\"0.33333333333333331\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("a\\nt=0.333333\""), std::string::npos) << "the label is for people: " << dot;
  EXPECT_NE(dot.find("ready=\"1.3\""), std::string::npos) << dot;
}
