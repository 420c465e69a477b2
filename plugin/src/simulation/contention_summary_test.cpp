// compare_with_replay (issue 15, item 5): the links the analysis lists against those congested in
// the replay, counted by hand on a code-built backbone cluster.
#include <hbcast/model/clustered_link_model.hpp>
#include <hbcast/simulation/contention_summary.hpp>

#include "../../tests/support/linked_clusters.hpp"

#include <gtest/gtest.h>

using namespace hbcast;
using namespace hbcast::cli;

namespace {

// Four hosts of 100 B/s behind a SHARED 150 B/s backbone, no latency: two transfers of 100 B/s at
// once ask the backbone for 200 > 150; one at a time they fit.
ClusteredLinkModel cluster()
{
  return ClusteredLinkModel({test_support::latency_free_cluster(4, 100.0, 150.0)});
}

}  // namespace

TEST(ContentionAgreement, SameOverlapAgreesDisjointReplayDisagrees)
{
  const auto links = cluster();
  // Predicted: 0 -> 1 and 2 -> 3 both in [0, 1): the backbone is over-subscribed.
  const auto analysis = analyze_contention({{0, 1, 0.0, 1.0}, {2, 3, 0.0, 1.0}}, links);
  ASSERT_EQ(analysis.links.size(), 1u);
  // The replay ran them at the same time too: agreement on the backbone.
  auto same = compare_with_replay(analysis, analyze_contention({{0, 1, 0.0, 1.5}, {2, 3, 0.0, 1.5}}, links));
  EXPECT_EQ(same.replay_links, 1u);
  EXPECT_EQ(same.both, 1u);
  EXPECT_EQ(same.disagreements(), 0u);
  // The replay ran them one after the other: the analysis lists a link the replay never loaded.
  auto apart = compare_with_replay(analysis, analyze_contention({{0, 1, 0.0, 1.0}, {2, 3, 1.0, 2.0}}, links));
  EXPECT_EQ(apart.replay_links, 0u);
  EXPECT_EQ(apart.analysis_only, 1u);
  EXPECT_EQ(apart.replay_only, 0u);
  // And the other way round.
  auto late = compare_with_replay(analyze_contention({{0, 1, 0.0, 1.0}, {2, 3, 1.0, 2.0}}, links), analysis);
  EXPECT_EQ(late.replay_only, 1u);
  EXPECT_EQ(late.both, 0u);
}
