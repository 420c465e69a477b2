// Issue 14, items 5-8: inputs that must be refused or bounded, and messages that must not
// mislead. Each case checks the message, not only the exit status. Run as a user would.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kFixtures = HBCAST_TEST_FIXTURE_DIR;
const std::string kSmallPlatform = kFixtures + "/small_platform_like.xml";
const std::string kVivaldi = kFixtures + "/vivaldi_like.xml";
const std::string kStar = std::string(HBCAST_TEST_PLATFORM_DIR) + "/hetero_star.xml";

std::string one_link_platform(const std::string& bandwidth)
{
  return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
         "<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>\n"
         "<link id=\"a_to_b\" bandwidth=\"" + bandwidth + "\" latency=\"1ms\"/>\n"
         "<route src=\"a\" dst=\"b\"><link_ctn id=\"a_to_b\"/></route>\n</zone>\n</platform>\n";
}

}  // namespace

TEST(SliceBound, MoreSlicesThanBytesIsRefused)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--size", "100", "--slices", "1000"}),
                        "--slices 1000 is more than the message's 100 bytes (a slice carries at least one byte)");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--slices", "1000000000"}),
                        "--slices 1000000000 is more than the message's 4194304 bytes");
  // As many slices as bytes is the limit, and allowed.
  EXPECT_EQ(run_hbcast({"simulate", kStar, "-s", "flat", "--size", "64", "--slices", "64"}).exit_status, 0);
}

TEST(SliceBound, MemoryEstimateAboveThisMachineIsRefusedNamingIt)
{
  // 16 hosts x 1e11 slices x 8 bytes = 12.8 TB of slice arrival times.
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "flat", "--size", "1e12", "--slices", "100000000000"}),
                        "--slices 100000000000 on 16 hosts needs an estimated 11.6415 TiB of memory (the pipelined "
                        "evaluation's slice arrival times, 16 hosts x 100000000000 slices x 8 bytes), more than the");
}

TEST(SliceBound, ScenarioSlicesMustFitEverySize)
{
  TemporaryDirectory dir;
  const auto scenario =
      dir.write("s.yaml", "platform:\n  generator: star\nsizes: [100, 1MiB]\nslices: [1, 1000]\n");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", dir.path() + "/out.csv"}),
                        scenario + ":4: key 'slices': 1000 slices of the smallest size (100 bytes)");
}

TEST(RangeErrors, AreShortAndTrue)
{
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"simulate", kStar, "--slices", "0"}, "--slices: must be a whole number >= 1 or 'auto', not '0'"},
      {{"simulate", kStar, "--slices", "2.5"}, "--slices: must be a whole number >= 1 or 'auto', not '2.5'"},
      {{"simulate", kStar, "--seed", "-3"}, "--seed: must be a whole number >= 0, not '-3'"},
      {{"simulate", kStar, "--member-seed", "-1"}, "--member-seed: must be a whole number >= 0, not '-1'"},
      {{"simulate", kStar, "--timeout", "-1"}, "--timeout: must be a number of seconds >= 0, not '-1'"},
      {{"simulate", kStar, "--timeout", "nan"}, "--timeout: must be a number of seconds >= 0, not 'nan'"},
      {{"simulate", "--random-times", "0"}, "--random-times: must be a whole number >= 1, not '0'"},
      {{"simulate", "--times", "1,0,2"}, "--times: must be a time in seconds > 0, not '0'"},
      {{"simulate", "--random-times", "5", "--class-values", "1,-2"},
       "--class-values: must be a time in seconds > 0, not '-2'"},
      {{"simulate", "--random-times", "5", "--time-range", "0,3"},
       "--time-range: must be a time in seconds > 0, not '0'"},
      {{"sweep", "any.yaml", "-j", "0"}, "--jobs: must be a whole number >= 1, not '0'"},
      {{"validate", "-j", "0"}, "--jobs: must be a whole number >= 1, not '0'"},
  };
  for (const auto& [arguments, fragment] : cases) {
    SCOPED_TRACE(arguments[1] + " " + arguments[arguments.size() - 2] + " " + arguments.back());
    const auto result = run_hbcast(arguments);
    expect_one_line_error(result, fragment);
    EXPECT_LT(result.err.size(), 120u) << "short";
    EXPECT_EQ(result.err.find("1797"), std::string::npos) << "no largest double";
  }
}

TEST(ListOptions, NeverSwallowThePlatformWhichMayComeAnywhere)
{
  // Before: "-s fnf PLATFORM" read PLATFORM as a second scheduler name.
  for (const auto& arguments : std::vector<std::vector<std::string>>{
           {"simulate", "-s", "fnf", kStar, "--format", "json"},
           {"simulate", "--format", "json", "-s", "fnf", kStar},
           {"simulate", "-s", "fnf", "--members", "1,2", kStar, "--format", "json"},
           {"simulate", "--cfg", "network/crosstraffic:0", kStar, "-s", "fnf", "--format", "json"},
           {"simulate", "--log", "root.thres:critical", kStar, "-s", "fnf", "--format", "json"}}) {
    SCOPED_TRACE(arguments[1] + " " + arguments[2] + " " + arguments[3]);
    const auto result = run_hbcast(arguments);
    ASSERT_EQ(result.exit_status, 0) << result.err;
    const auto report = nlohmann::json::parse(result.out);
    EXPECT_EQ(report.at("platform"), kStar);
    ASSERT_EQ(report.at("runs").size(), 1u);
    EXPECT_EQ(report.at("runs")[0].at("scheduler"), "fnf");
  }
  // Repeated, and comma-separated: both add to the list.
  const auto result = run_hbcast({"simulate", "-s", "fnf,flat", "-s", "binomial", kStar, "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(nlohmann::json::parse(result.out).at("runs").size(), 3u);
  // Sender-only lists before the options that follow them.
  const auto times = run_hbcast({"simulate", "--times", "1,2,2", "-s", "fnf", "--format", "json"});
  ASSERT_EQ(times.exit_status, 0) << times.err;
  EXPECT_EQ(nlohmann::json::parse(times.out).at("hosts"), 3);
  // A second positional after a list option is an error naming it, not a scheduler.
  expect_one_line_error(run_hbcast({"simulate", "-s", "fnf", kStar, kStar}), "The following argument was not expected");
}

// SSB(G) needs every host reachable along direct links; the routed program (issue 16) does not.
TEST(Messages, LpSaysWhySsbOfTheGraphDoesNotApply)
{
  const auto result = run_hbcast({"lp", kSmallPlatform, "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["ssb_g_not_applicable"], "host 'Fafard' is not reachable from the root along direct links");
  EXPECT_GT(report["routed"]["one_port"]["throughput"].get<double>(), 0.0);
}

TEST(Messages, BadLinksAreNamedBeforeSimGridSeesThem)
{
  TemporaryDirectory dir;
  // A NaN bandwidth ended in SimGrid's "The Impossible Did Happen" during the replay.
  for (const auto& [bandwidth, shown] :
       std::vector<std::pair<std::string, std::string>>{{"nanBps", "nan"}, {"0Bps", "0"}}) {
    const auto path = dir.write("link.xml", one_link_platform(bandwidth));
    const auto result = run_hbcast({"simulate", path, "-s", "flat"});
    expect_one_line_error(result, "link 'a_to_b': bandwidth " + shown + " is not a positive finite number");
    EXPECT_EQ(result.err.find("Impossible"), std::string::npos);
  }
}

TEST(Messages, DirectoryGivenAsPlatform)
{
  TemporaryDirectory dir;
  expect_one_line_error(run_hbcast({"simulate", dir.path()}), "'" + dir.path() + "' is a directory, not a platform file");
  expect_one_line_error(run_hbcast({"lp", dir.path()}), "'" + dir.path() + "' is a directory, not a platform file");
}

TEST(Messages, ScenarioErrorsNameTheKeyAndLineAtFault)
{
  TemporaryDirectory dir;
  // Keys are probed in alphabetical order: a bad 'nodes' used to be reported under 'density'.
  const auto scenario = dir.write("s.yaml", "platform:\n  generator: random\n  parameters:\n    density: 0.2\n"
                                            "    nodes: lots\n");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", dir.path() + "/out.csv"}),
                        scenario + ":5: key 'nodes': random platform: 'nodes' must be a whole number (got 'lots')");
}

TEST(LatencyOnlyRoutes, VivaldiHostsTakeTheirLatencyAndReplayAsPredicted)
{
  // Latency from coordinates (x, y, height): T(0, v) = (||x_0 - x_v|| + h_0 + h_v) / 1000 s. The
  // flat tree sends to the four others in turn: makespan = sum of the four latencies.
  const double coordinates[5][3] = {{25.5, 9.4, 1.4}, {-12.7, -9.9, 2.1}, {30.9, -6.9, 2.8}, {-2.7, -3.6, 0.8},
                                    {10.1, 21.3, 1.2}};
  double flat = 0.0;
  for (int v = 1; v < 5; ++v)
    flat += (std::hypot(coordinates[0][0] - coordinates[v][0], coordinates[0][1] - coordinates[v][1]) +
             coordinates[0][2] + coordinates[v][2]) / 1000.0;
  const auto result = run_hbcast({"simulate", kVivaldi, "-s", "flat,binomial,fnf", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report.at("runs").size(), 3u);
  EXPECT_NEAR(report.at("runs")[0].at("pairwise").at("makespan").get<double>(), flat, 1e-12);
  for (const auto& run : report.at("runs")) {
    SCOPED_TRACE(run.at("scheduler").get<std::string>());
    const double predicted = run.at("pairwise").at("makespan").get<double>();
    EXPECT_NEAR(run.at("simulated").at("makespan").get<double>(), predicted, 1e-9 * predicted);
  }
}
