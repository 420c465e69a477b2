#include <hbcast/simulation/multicast_members.hpp>

#include <gtest/gtest.h>

using namespace hbcast;
using namespace hbcast::cli;

namespace {

const std::vector<std::string> kHosts{"a", "b", "c", "d", "7"};

SimulateOptions listing(std::vector<std::string> members)
{
  SimulateOptions options;
  options.members = std::move(members);
  return options;
}

}  // namespace

TEST(MulticastMembers, NamesFirstThenIndicesSorted)
{
  // "7" is a host name (index 4); "1" is no name, so index 1 ("b").
  EXPECT_EQ(requested_members(listing({"d", "7", "1"}), kHosts, 0), (std::vector<NodeId>{1, 3, 4}));
  EXPECT_TRUE(requested_members(SimulateOptions{}, kHosts, 0).empty());
}

TEST(MulticastMembers, RejectsUnknownRootDuplicateAndBoth)
{
  EXPECT_THROW(requested_members(listing({"z"}), kHosts, 0), std::invalid_argument);
  EXPECT_THROW(requested_members(listing({"5"}), kHosts, 0), std::invalid_argument);  // index out of range
  EXPECT_THROW(requested_members(listing({"a"}), kHosts, 0), std::invalid_argument);  // the root
  EXPECT_THROW(requested_members(listing({"b", "1"}), kHosts, 0), std::invalid_argument);
  auto both = listing({"b"});
  both.member_fraction = 0.5;
  EXPECT_THROW(requested_members(both, kHosts, 0), std::invalid_argument);
}

TEST(MulticastMembers, FractionDrawsRoundedCountWithoutTheRootDeterministically)
{
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto drawn = draw_members(101, 7, 0.25, seed);  // round(0.25 x 100) = 25
    ASSERT_EQ(drawn.size(), 25u);
    EXPECT_TRUE(std::is_sorted(drawn.begin(), drawn.end()));
    EXPECT_EQ(std::adjacent_find(drawn.begin(), drawn.end()), drawn.end());
    EXPECT_EQ(std::find(drawn.begin(), drawn.end(), 7u), drawn.end());
    EXPECT_EQ(drawn, draw_members(101, 7, 0.25, seed));
  }
  EXPECT_NE(draw_members(101, 7, 0.25, 1), draw_members(101, 7, 0.25, 2));
  // Pinned: portable_shuffle on std::mt19937_64 gives these with every standard library.
  EXPECT_EQ(draw_members(10, 0, 0.5, 1), (std::vector<NodeId>{2, 3, 4, 8, 9}));
  EXPECT_EQ(draw_members(3, 0, 0.01, 1).size(), 1u);  // at least one member
  EXPECT_EQ(draw_members(3, 0, 1.0, 1), (std::vector<NodeId>{1, 2}));
}

TEST(MulticastMembers, FractionOutsideTheUnitIntervalOrNoOtherHost)
{
  EXPECT_THROW(draw_members(10, 0, 0.0, 1), std::invalid_argument);
  EXPECT_THROW(draw_members(10, 0, 1.5, 1), std::invalid_argument);
  EXPECT_THROW(draw_members(1, 0, 0.5, 1), std::invalid_argument);
}
