// The link-level generators (`hbcast generate backbone|fat-tree|dragonfly`): SimGrid 3.32 loads
// each family, routes every host pair, the link model agrees with the platform cost model, and a
// link-aware tree replays at its prediction (exact mode) although the platform shares links: the
// pairwise one where it over-subscribes no link, the max-min one where it keeps a seed tree left
// to contend.
// One engine per test, hence per process.
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include "support/code_platforms.hpp"
#include "support/xml_file.hpp"

#include <gtest/gtest.h>

using namespace hbcast;

namespace {

void check_family(const std::string& generator, const std::map<std::string, std::string>& parameters,
                  std::size_t hosts, const std::string& scheduler)
{
  const test_support::XmlFile file("hbcast-" + generator, cli::generate_platform_xml(generator, parameters, 1));
  auto engine = test_support::make_engine("link_platforms_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, file.path());
  ASSERT_EQ(platform.size(), hosts);
  auto costs = std::make_shared<PlatformCostModel>(platform);
  auto links = std::make_shared<PlatformLinkModel>(platform);
  bool shared = false;
  for (NodeId u = 0; u < hosts; ++u)
    for (NodeId v = 0; v < hosts; ++v) {
      if (u == v)
        continue;
      const auto route = links->route(u, v);
      ASSERT_FALSE(route->links.empty()) << u << " -> " << v;
      EXPECT_EQ(route->latency, costs->latency(u, v));
      EXPECT_EQ(1.0 / route->bandwidth, costs->inverse_bandwidth(u, v));
      for (LinkId id : route->links)
        shared = shared || links->link(id).sharing == LinkSharing::shared;
    }
  EXPECT_TRUE(shared);
  const double bytes = 1e7;
  BroadcastInstance instance(costs, platform.host_names(), bytes);
  instance.set_links(links);
  const auto tree = run_scheduler(*find_scheduler(scheduler), instance, 0).tree;
  const bool contends =
      !analyze_contention(timed_transfers(tree, *costs, bytes, PortModel::one_port), *links).links.empty();
  const double predicted = contends
                               ? predict_max_min(tree, *costs, *links, bytes, 1, PortModel::one_port).makespan
                               : evaluate_atomic(tree, *costs, bytes, PortModel::one_port).makespan;
  const double simulated = replay_tree(engine, tree, platform.hosts(), {bytes, 1, PortModel::one_port, "g"}).makespan;
  EXPECT_NEAR(simulated, predicted, 1e-9 * predicted);
}

}  // namespace

TEST(LinkPlatforms, BackboneClustersLoadRouteAndReplayExactly)
{
  check_family("backbone", {{"clusters", "3"}, {"nodes", "5"}}, 15, "link-fnf");
}

TEST(LinkPlatforms, FatTreeLoadsRoutesAndReplaysExactly)
{
  check_family("fat-tree", {{"leaves", "4"}, {"hosts-per-leaf", "4"}, {"spines", "2"}}, 16, "link-fnf");
}

TEST(LinkPlatforms, DragonflyLoadsRoutesAndReplaysExactly)
{
  check_family("dragonfly", {}, 36, "link-ecef");
}

// The compact route cache: views equal the shared routes, whether the cache grows (every pair of a
// 15-host platform kept) or starts afresh every 15 routes (one per host: the 4 asked for is less);
// ids stay those of the first look-up.
TEST(LinkPlatforms, RouteViewsEqualRoutesInAGrowingOrABoundedCache)
{
  const test_support::XmlFile file("hbcast-backbone",
                                   cli::generate_platform_xml("backbone", {{"clusters", "3"}, {"nodes", "5"}}, 1));
  auto engine = test_support::make_engine("link_platforms_test");
  const auto platform = LoadedPlatform::load(engine, file.path());
  const PlatformLinkModel kept(platform), bounded(platform, 4);
  std::shared_ptr<const LinkRoute> holder;
  for (int round = 0; round < 2; ++round)
    for (NodeId u = 0; u < platform.size(); ++u)
      for (NodeId v = 0; v < platform.size(); ++v) {
        if (u == v)
          continue;
        const auto route = kept.route(u, v);
        const LinkRouteView view = bounded.route_view(u, v, holder);
        EXPECT_EQ(std::vector<LinkId>(view.links, view.links + view.link_count), route->links) << u << " -> " << v;
        EXPECT_EQ(view.latency, route->latency);
        EXPECT_EQ(view.bandwidth, route->bandwidth);
        const LinkRouteView again = kept.route_view(u, v, holder);
        EXPECT_EQ(std::vector<LinkId>(again.links, again.links + again.link_count), route->links);
        EXPECT_LE(bounded.cached_routes(), platform.size());  // 4 asked, raised to one per host
      }
  EXPECT_EQ(kept.cached_routes(), platform.size() * (platform.size() - 1));
  // A tree's n - 1 routes (a chain here) stay cached together, whatever smaller capacity is asked.
  const PlatformLinkModel tree_sized(platform, 4);
  for (NodeId v = 1; v < platform.size(); ++v)
    tree_sized.route_view(v - 1, v, holder);
  EXPECT_EQ(tree_sized.cached_routes(), platform.size() - 1);
}

// prefetch_route is a hint: it looks no route up and changes no view, cached pair or not.
TEST(LinkPlatforms, APrefetchHintLooksNothingUp)
{
  const test_support::XmlFile file("hbcast-backbone",
                                   cli::generate_platform_xml("backbone", {{"clusters", "2"}, {"nodes", "3"}}, 1));
  auto engine = test_support::make_engine("link_platforms_test");
  const auto platform = LoadedPlatform::load(engine, file.path());
  const PlatformLinkModel links(platform);
  std::shared_ptr<const LinkRoute> holder;
  for (NodeId u = 0; u < platform.size(); ++u)
    for (NodeId v = 0; v < platform.size(); ++v) {
      const std::size_t cached = links.cached_routes();
      links.prefetch_route(u, v);
      links.prefetch_route(v, u);
      EXPECT_EQ(links.cached_routes(), cached);
      const LinkRouteView view = links.route_view(u, v, holder);
      EXPECT_EQ(std::vector<LinkId>(view.links, view.links + view.link_count), links.route(u, v)->links);
    }
}
