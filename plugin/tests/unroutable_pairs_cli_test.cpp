// Platforms that leave host pairs unrouted: a broadcast needs every host reachable from the root
// through relays, not every pair. On SimGrid's small_platform_fatpipe.xml (no route Ruby <-> Java,
// Perl <-> Java) and dogbone.xml (no route S1 <-> S2, C1 <-> C2), the schedulers that choose among
// the pairs that exist run, the others get a row saying which pair their tree needs, and `hbcast
// lp` solves its programs over the routed pairs. A host no route leads to is a one-line error.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace hbcast::test_support;

namespace {

const std::string kFixtures = HBCAST_TEST_FIXTURE_DIR;
const std::string kFatpipe = kFixtures + "/small_platform_fatpipe.xml";
const std::string kDogbone = kFixtures + "/dogbone.xml";

const nlohmann::json& run_named(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  throw std::runtime_error("no run of " + scheduler);
}

}  // namespace

TEST(UnroutablePairs, EveryApplicableSchedulerRunsOnTheFatpipePlatform)
{
  const auto result = run_hbcast({"simulate", kFatpipe, "--format", "json", "--budget", "0"});
  ASSERT_LE(result.exit_status, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report.at("hosts"), 4);
  std::size_t ran = 0;
  for (const auto& run : report.at("runs")) {
    EXPECT_NE(run.at("status"), "failed") << run;
    ran += run.at("status") == "ok";
  }
  EXPECT_GE(ran, 10u) << report.at("runs");
  for (const std::string name : {"grow-tree", "prune-simple", "link-fnf", "link-ecef"})
    EXPECT_EQ(run_named(report, name).at("status"), "ok") << name;
  for (const auto& skipped : report.at("skipped"))
    EXPECT_NE(skipped.at("reason").get<std::string>().find("a pair the platform does not route"), std::string::npos)
        << skipped;
}

TEST(UnroutablePairs, AFixedTreeThatNeedsAMissingPairSaysWhich)
{
  // Binomial from Tremblay (hosts Tremblay, Ruby, Perl, Java): Tremblay -> Ruby, Tremblay -> Perl,
  // then Perl -> Java, which the platform does not route. link-fnf chooses among the routed pairs.
  const auto result = run_hbcast({"simulate", kFatpipe, "-s", "binomial,link-fnf,lcf", "--format", "json"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  const auto& binomial = run_named(report, "binomial");
  EXPECT_EQ(binomial.at("status"), "not-applicable");
  EXPECT_NE(binomial.at("error").get<std::string>().find("from 'Perl' to 'Java', a pair the platform does not route"),
            std::string::npos)
      << binomial;
  EXPECT_EQ(run_named(report, "link-fnf").at("status"), "ok");
  // LCF's model needs every pair's cost: a row saying so, not a failure.
  const auto& lcf = run_named(report, "lcf");
  EXPECT_EQ(lcf.at("status"), "not-applicable") << lcf;
  EXPECT_NE(lcf.at("error").get<std::string>().find("needs a cost for every pair of hosts, and from 'Ruby' to 'Java'"),
            std::string::npos)
      << lcf;
}

TEST(UnroutablePairs, DogboneHostsAreReachedThroughRelays)
{
  // S1 routes to C1 and C2, which route back to S2: S2 is reached through a relay.
  const auto result = run_hbcast({"simulate", kDogbone, "-s", "fnf,prune-simple,grow-tree,link-fnf,flat", "--format", "json"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const std::string name : {"prune-simple", "grow-tree", "link-fnf"})
    EXPECT_EQ(run_named(report, name).at("status"), "ok") << name;
  const auto& flat = run_named(report, "flat");  // the root sends to every host itself
  EXPECT_EQ(flat.at("status"), "not-applicable") << flat;
  EXPECT_NE(flat.at("error").get<std::string>().find("from 'S1' to 'S2'"), std::string::npos) << flat;
}

// link-binomial keeps the binomial shape (S1 -> S2 first on dogbone) and re-times its sends: a pair
// without a route is a row saying which, as for the other fixed shapes, in simulate and in lp.
TEST(UnroutablePairs, LinkBinomialSaysWhichPairItsTreeNeeds)
{
  const auto result = run_hbcast({"simulate", kDogbone, "-s", "link-binomial,link-fnf", "--format", "json"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  EXPECT_EQ(result.err.find("crashed"), std::string::npos) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  const auto& binomial = run_named(report, "link-binomial");
  EXPECT_EQ(binomial.at("status"), "not-applicable") << binomial;
  EXPECT_NE(binomial.at("error").get<std::string>().find("from 'S1' to 'S2', a pair the platform does not route"),
            std::string::npos)
      << binomial;
  EXPECT_EQ(run_named(report, "link-fnf").at("status"), "ok");
  const auto lp = run_hbcast({"lp", kDogbone});
  ASSERT_EQ(lp.exit_status, 0) << lp.err;
  EXPECT_EQ(lp.out.find("crashed"), std::string::npos) << lp.out;
  EXPECT_NE(lp.out.find("link-binomial     its tree sends from 'S1' to 'S2'"), std::string::npos) << lp.out;
}

TEST(UnroutablePairs, AHostNoRouteLeadsToIsAOneLineError)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("island.xml", R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><host id="island" speed="1Gf"/>
    <link id="ab" bandwidth="1GBps" latency="1ms"/>
    <route src="a" dst="b"><link_ctn id="ab"/></route>
  </zone>
</platform>
)");
  expect_one_line_error(run_hbcast({"simulate", platform, "-s", "fnf"}),
                        "host 'island' cannot be reached from the root 'a'");
  expect_one_line_error(run_hbcast({"lp", platform}), "host 'island' cannot be reached from the root 'a'");
}

TEST(UnroutablePairs, LpSolvesOverTheRoutedPairs)
{
  for (const auto& platform : {kFatpipe, kDogbone}) {
    SCOPED_TRACE(platform);
    const auto result = run_hbcast({"lp", platform, "--format", "json"});
    ASSERT_EQ(result.exit_status, 0) << result.err;
    const auto report = nlohmann::json::parse(result.out);
    EXPECT_GT(report.at("routed").at("one_port").at("throughput").get<double>(), 0.0) << report.dump();
    EXPECT_FALSE(report.at("schedulers").empty());
  }
}

// Routes of latency only (a Vivaldi zone): the multi-port program has no bound, and says so in words.
TEST(UnroutablePairs, LpSaysWhyAProgramIsUnbounded)
{
  const auto result = run_hbcast({"lp", kFixtures + "/vivaldi_like.xml"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("multi-port: unbounded: no port or link limits the rate"), std::string::npos)
      << result.out;
}

// Odd but valid platforms a user may write: every scheduler gives a row, none fails.
TEST(OddPlatforms, NoneSubZonesOneHostAndTracesWithProperties)
{
  TemporaryDirectory dir;
  const std::string head = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
)";
  // One host per routing="None" sub-zone, joined by a zoneRoute (SimGrid 3.32 aborts on a host's
  // route to itself there: hbcast does not ask it).
  const std::string none_zones = dir.write("none.xml", head + R"(<zone id="top" routing="Full">
  <zone id="z1" routing="None"><host id="a" speed="1Gf"/></zone>
  <zone id="z2" routing="None"><host id="b" speed="1Gf"/></zone>
  <link id="l" bandwidth="1GBps" latency="10us"/>
  <zoneRoute src="z1" dst="z2" gw_src="a" gw_dst="b"><link_ctn id="l"/></zoneRoute>
</zone></platform>
)");
  const std::string one_host =
      dir.write("one.xml", head + R"(<zone id="z" routing="Full"><host id="only" speed="1Gf"/></zone></platform>
)");
  const std::string traced = dir.write("traced.xml", head + R"(<zone id="z" routing="Floyd">
  <prop id="zone_prop" value="x"/>
  <host id="a" speed="1Gf, 500Mf" core="4"><prop id="wattage_per_state" value="100.0:200.0, 93.0:170.0"/></host>
  <host id="b" speed="2Gf"><prop id="foo" value="bar"/></host>
  <host id="c" speed="100kf"/>
  <router id="r"/>
  <link id="la" bandwidth="10Gbps" latency="5us"><prop id="x" value="y"/></link>
  <link id="lb" bandwidth="1TBps" latency="1ns"/>
  <link id="lc" bandwidth="125MBps" latency="0.1ms" sharing_policy="FATPIPE"/>
  <route src="a" dst="r"><link_ctn id="la"/></route>
  <route src="b" dst="r"><link_ctn id="lb"/></route>
  <route src="c" dst="r"><link_ctn id="lc"/></route>
  <trace id="tr" periodicity="1.0">
0.0 1.0
0.5 0.5
  </trace>
  <trace_connect kind="SPEED" trace="tr" element="a"/>
</zone></platform>
)");
  for (const auto& platform : {none_zones, one_host, traced}) {
    const auto result = run_hbcast({"simulate", platform, "--format", "json"});
    ASSERT_EQ(result.exit_status, 0) << platform << ": " << result.err;
    const auto report = nlohmann::json::parse(result.out);
    EXPECT_GE(report.at("runs").size(), 10u) << platform;
    for (const auto& run : report.at("runs"))
      EXPECT_EQ(run.at("status"), "ok") << platform << ": " << run;
  }  // best on one host: every plan takes no time, the runner-up's margin is 0.
  const auto best = run_hbcast({"simulate", one_host, "-s", "best", "--format", "json"});
  ASSERT_EQ(best.exit_status, 0) << best.err;
  const auto report = nlohmann::json::parse(best.out);
  const auto& chosen = run_named(report, "best");
  EXPECT_EQ(chosen.at("best").at("runner_up").at("margin"), 0.0) << chosen;
}
