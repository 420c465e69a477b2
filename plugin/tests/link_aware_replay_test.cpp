// The link-aware principle on SimGrid platforms with shared links, in exact mode: a tree that never
// asks a shared link for more than its bandwidth replays at its pairwise prediction (each transfer
// alone on its bottleneck gets its pairwise rate under max-min sharing:
//   ready(v) = start(v) + route latency + S / bottleneck bandwidth),
// while published trees that over-subscribe a link are slower and the analysis names that link.
// One engine per test, hence per process.
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

#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <string>

using namespace hbcast;

namespace {

constexpr double kBytes = 4.0 * 1048576;

// 16 hosts behind a SHARED backbone that carries two host links' worth.
const char* const kBackboneCluster = R"(<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="bb" prefix="node-" suffix="" radical="0-15" speed="1Gf" bw="125MBps" lat="50us"
           bb_bw="250MBps" bb_lat="100us" bb_sharing_policy="SHARED"/>
</platform>
)";

struct Outcome {
  double predicted = 0;
  double simulated = 0;
  bool contending = false;
  ContentionReport contention;
};

Outcome run(const std::string& path, const std::string& scheduler, PortModel port = PortModel::one_port)
{
  auto engine = test_support::make_engine("link_aware_replay_test");
  test_support::set_exact_mode(engine);
  auto platform = LoadedPlatform::load(engine, path);
  auto costs = std::make_shared<PlatformCostModel>(platform);
  auto links = std::make_shared<PlatformLinkModel>(platform);
  BroadcastInstance instance(costs, platform.host_names(), kBytes, port);
  instance.set_links(links);
  const auto tree = run_scheduler(*find_scheduler(scheduler), instance, 0).tree;
  Outcome outcome;
  outcome.predicted = evaluate_atomic(tree, *costs, kBytes, port).makespan;
  outcome.contention = analyze_contention(timed_transfers(tree, *costs, kBytes, port), *links);
  // link-fnf or link-ecef that kept a seed tree left to contend
  outcome.contending = (scheduler == "link-fnf" || scheduler == "link-ecef") && !tree.has_send_starts();
  if (outcome.contending)
    outcome.predicted = predict_max_min(tree, *costs, *links, kBytes, 1, port).makespan;
  outcome.simulated = replay_tree(engine, tree, platform.hosts(), {kBytes, 1, port, "link-aware"}).makespan;
  return outcome;
}

std::string grid5000() { return std::string(std::getenv("HBCAST_PLATFORM_DIR")) + "/grid5000_88.xml"; }

// Placed, the tree over-subscribes nothing and replays at its pairwise prediction; a seed tree
// left to contend (link-fnf, link-ecef) replays at its max-min prediction.
void expect_exact(const Outcome& outcome)
{
  if (!outcome.contending) {
    EXPECT_TRUE(outcome.contention.links.empty()) << outcome.contention.links.front().name;
  }
  EXPECT_NEAR(outcome.simulated, outcome.predicted, 1e-9 * outcome.predicted);
}

}  // namespace

// Every link-aware tree on the SHARED-backbone cluster, where binomial over-subscribes the backbone
// 4 times (below): one engine per test, each instance in its own process.
struct LinkAwareCase {
  const char* scheduler;
  PortModel port;
};

void PrintTo(const LinkAwareCase& c, std::ostream* out)
{
  *out << c.scheduler << (c.port == PortModel::one_port ? " one-port" : " multi-port");
}

class LinkAwareOnABackbone : public testing::TestWithParam<LinkAwareCase> {};

TEST_P(LinkAwareOnABackbone, ReplaysAtItsPrediction)
{
  const test_support::XmlFile file("hbcast-backbone", kBackboneCluster);
  expect_exact(run(file.path(), GetParam().scheduler, GetParam().port));
}

INSTANTIATE_TEST_SUITE_P(LinkAwareReplay, LinkAwareOnABackbone,
                         testing::Values(LinkAwareCase{"link-fnf", PortModel::one_port},
                                         LinkAwareCase{"link-ecef", PortModel::one_port},
                                         LinkAwareCase{"link-binomial", PortModel::one_port},
                                         LinkAwareCase{"link-fnf", PortModel::multi_port},
                                         LinkAwareCase{"link-binomial", PortModel::multi_port}),
                         [](const testing::TestParamInfo<LinkAwareCase>& info) {
                           std::string name = std::string(info.param.scheduler) +
                                              (info.param.port == PortModel::one_port ? "_one_port" : "_multi_port");
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(LinkAwareReplay, BinomialOverSubscribesTheBackboneAndIsLate)
{
  // The last round of a binomial tree on 16 hosts runs 8 transfers, four times what the backbone carries.
  const test_support::XmlFile file("hbcast-backbone", kBackboneCluster);
  const auto outcome = run(file.path(), "binomial");
  ASSERT_EQ(outcome.contention.links.size(), 1u);
  EXPECT_EQ(outcome.contention.links[0].name, "bb_backbone");
  EXPECT_DOUBLE_EQ(outcome.contention.links[0].peak_ratio, 4.0);
  EXPECT_GT(outcome.simulated, outcome.predicted * (1 + 1e-3));
}

TEST(LinkAwareReplay, LinkFnfOnGrid5000ReplaysAtItsPrediction) { expect_exact(run(grid5000(), "link-fnf")); }

TEST(LinkAwareReplay, LinkEcefOnGrid5000ReplaysAtItsPrediction) { expect_exact(run(grid5000(), "link-ecef")); }

TEST(LinkAwareReplay, LinkBinomialOnGrid5000ReplaysAtItsPrediction) { expect_exact(run(grid5000(), "link-binomial")); }

TEST(LinkAwareReplay, FnfOverSubscribesWanLinksOnGrid5000)
{
  const auto outcome = run(grid5000(), "fnf");
  ASSERT_FALSE(outcome.contention.links.empty());
  EXPECT_EQ(outcome.contention.links[0].name.rfind("wan_", 0), 0u) << outcome.contention.links[0].name;
  EXPECT_GT(outcome.simulated, outcome.predicted * 1.5);
}
