// The `hbcast` command as a user runs it: every bad input gives exit status 2 and exactly one line
// on stderr naming the problem (never a SimGrid backtrace), and the success paths print what the
// user's guide (docs/user-guide.md) promises.
#include "support/cli_expectations.hpp"

#include <hbcast/sched/scheduler_registry.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kPlatforms = HBCAST_TEST_PLATFORM_DIR;
const std::string kStar = kPlatforms + "/hetero_star.xml";



std::string platform_xml(const std::string& routing, const std::string& routes)
{
  return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"" +
         routing +
         "\">\n<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/><host id=\"c\" speed=\"1Gf\"/>\n"
         "<link id=\"l\" bandwidth=\"1GBps\" latency=\"1ms\"/>\n" +
         routes + "</zone>\n</platform>\n";
}

const std::string kOnlyAToB = "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n";

}  // namespace

TEST(CliErrors, MissingPlatformFile)
{
  expect_one_line_error(run_hbcast({"simulate", "/nonexistent/platform.xml"}),
                        "cannot read platform file '/nonexistent/platform.xml'");
}

TEST(CliErrors, MalformedPlatformFile)
{
  TemporaryDirectory dir;
  auto path = dir.write("bad.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
                                   "<host id=\"a\" speed=\"1Gf\"/>\n<zone>\n</platform>\n");
  expect_one_line_error(run_hbcast({"simulate", path}), "malformed platform '" + path + "'");
}

TEST(CliErrors, NotAnXmlFile)
{
  TemporaryDirectory dir;
  auto path = dir.write("garbage.xml", "this is not a platform\n");
  expect_one_line_error(run_hbcast({"simulate", path}), "platform '" + path + "'");
}

TEST(CliErrors, PlatformWithoutHosts)
{
  TemporaryDirectory dir;
  auto path = dir.write("empty.xml", "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                                     "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"></zone></platform>\n");
  expect_one_line_error(run_hbcast({"simulate", path}), "the platform declares no host");
}

TEST(CliErrors, UnknownRootHost)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--root", "nosuchhost"}), "no host named 'nosuchhost'");
}

TEST(CliErrors, UnroutablePairInFullZone)
{
  TemporaryDirectory dir;
  auto path = dir.write("full.xml", platform_xml("Full", kOnlyAToB));
  expect_one_line_error(run_hbcast({"simulate", path}), "host 'c' cannot be reached from the root 'a'");
}

TEST(CliErrors, UnroutablePairInFloydZone)
{
  TemporaryDirectory dir;
  auto path = dir.write("floyd.xml", platform_xml("Floyd", kOnlyAToB));
  expect_one_line_error(run_hbcast({"simulate", path}), "host 'c' cannot be reached from the root 'a'");
}

TEST(CliErrors, UnroutablePairInDijkstraZoneWhereSimGridCrashes)
{
  // SimGrid 3.32 segfaults computing a Dijkstra route between unconnected hosts; the isolated
  // child turns that into a one-line error naming the pair.
  TemporaryDirectory dir;
  auto path = dir.write("dijkstra.xml", platform_xml("Dijkstra", kOnlyAToB));
  expect_one_line_error(run_hbcast({"simulate", path}), "computing the route from 'a' to 'c'");
}

TEST(CliErrors, SizeZeroNegativeOrNotANumber)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--size", "0"}), "size '0' must be at least one byte");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--size=-5"}), "size '-5' must be at least one byte");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--size", "lots"}), "size 'lots' is not a number");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--size", "4XB"}), "unknown unit 'XB'");
}

TEST(CliErrors, SlicesZeroNegativeOrNotANumber)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--slices", "0"}), "--slices");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--slices=-3"}), "--slices");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--slices", "many"}), "--slices");
}

TEST(CliErrors, UnknownScheduler)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--scheduler", "fnf,nosuch"}), "unknown scheduler 'nosuch'");
}

TEST(CliErrors, UnknownOptionAndSubcommand)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--bogus"}), "--bogus");
  expect_one_line_error(run_hbcast({"frobnicate"}), "frobnicate");
  expect_one_line_error(run_hbcast({}), "subcommand");
}

TEST(CliErrors, BadPortAndFormat)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--port", "two"}), "--port");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--format", "xml"}), "--format");
}

TEST(CliErrors, UnknownSimGridOptionKey)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--cfg=bogus/key:1"}), "--cfg=bogus/key:1");
}

TEST(CliErrors, InvalidSimGridOptionValueReportsSimGridsMessage)
{
  // SimGrid aborts on an unknown model; the error quotes its CRITICAL line.
  expect_one_line_error(run_hbcast({"simulate", kStar, "--cfg=network/model:FOO"}), "Model 'FOO' is invalid");
}

TEST(CliErrors, UnknownReplayDriverIsNamedWithTheValidOnes)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "--cfg=hbcast/replay-driver:bogus"}),
                        "'bogus' is not a replay driver (auto, events, couriers, actors)");
}

TEST(CliErrors, UnwritableDotFileKeepsNothingHalfWritten)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "fnf", "--dot", "/nonexistent/dir/tree.dot"}),
                        "cannot write '/nonexistent/dir/tree.dot'");
}

TEST(CliErrors, FailedRunLeavesExistingOutputUntouched)
{
  TemporaryDirectory dir;
  auto dot = dir.write("tree.dot", "precious");
  expect_one_line_error(run_hbcast({"simulate", kStar, "--root", "nosuchhost", "--dot", dot}), "nosuchhost");
  EXPECT_EQ(read_file(dot), "precious");
}

TEST(Cli, DefaultRunReportsEveryScheduler)
{
  std::vector<std::string> arguments{"simulate"};
  for (const auto& argument : scaled_budget_arguments())
    arguments.push_back(argument);
  auto result = run_hbcast(arguments);
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(without_heartbeat(result.err), "");
  for (const char* expected : {"grid5000_88.xml (88 hosts), root orsay0-0", "mode      exact", "flat ", "binomial ",
                               "fnf ", "4 MiB (atomic), one-port"})
    EXPECT_NE(result.out.find(expected), std::string::npos) << expected << "\n" << result.out;
}

TEST(Cli, SchedulersListsOneLineEach)
{
  auto result = run_hbcast({"schedulers"});
  ASSERT_EQ(result.exit_status, 0);
  for (const char* name : {"\nflat ", "\nbinomial ", "\nfnf "})
    EXPECT_NE(result.out.find(name), std::string::npos) << result.out;
}

TEST(Cli, HelpDocumentsTheOptions)
{
  auto result = run_hbcast({"simulate", "--help"});
  ASSERT_EQ(result.exit_status, 0);
  for (const char* option : {"--root", "--scheduler", "--size", "--slices", "--port", "--format", "--dot", "--cfg",
                             "--log"})
    EXPECT_NE(result.out.find(option), std::string::npos) << option;
}

TEST(Cli, JsonOnContentionFreeStarMatchesPredictionExactly)
{
  auto result = run_hbcast({"simulate", kStar, "--slices", "8", "--size", "8MiB", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["mode"], "exact");
  // Every scheduler of "all", in registry order.
  std::vector<std::string> expected, ran;
  for (const auto* scheduler : hbcast::schedulers_of_all())
    expected.push_back(scheduler->name);
  for (const auto& run : report["runs"])
    ran.push_back(run["scheduler"]);
  ASSERT_EQ(ran, expected);
  for (const auto& run : report["runs"]) {
    const double predicted = run["pairwise"]["makespan"];
    const double simulated = run["simulated"]["makespan"];
    EXPECT_NEAR(simulated, predicted, 1e-9 * predicted) << run["scheduler"];
    const double period = run["pairwise"]["period"];
    const double measured = run["simulated"]["period"];
    EXPECT_NEAR(measured, period, 1e-9 * period) << run["scheduler"];
  }
}

TEST(Cli, SimGridOptionsPassThroughAndShowTheDeviation)
{
  auto result = run_hbcast({"simulate", kStar, "-s", "binomial", "--format", "json", "--cfg=network/model:LV08"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["mode"], "SimGrid-configured");
  const double error = report["runs"][0]["relative_error"]["makespan_vs_pairwise"];
  EXPECT_GT(std::abs(error), 1e-3);  // LV08's latency factor 13.01 and bandwidth factor 0.97
}

TEST(Cli, CsvHasOneRowPerSchedulerInStableColumns)
{
  auto result = run_hbcast({"simulate", kStar, "--format", "csv", "-s", "fnf,flat"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  std::istringstream lines(result.out);
  std::string header, first, second, extra;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_FALSE(std::getline(lines, extra));
  EXPECT_EQ(header.rfind("scheduler,own_model,platform,hosts,root,message_bytes,slices", 0), 0u);
  EXPECT_EQ(first.rfind("fnf,", 0), 0u);
  EXPECT_EQ(second.rfind("flat,", 0), 0u);
}

TEST(Cli, DotWritesOneGraphPerScheduler)
{
  TemporaryDirectory dir;
  auto result = run_hbcast({"simulate", kStar, "-s", "fnf,binomial", "--dot", dir.path() + "/tree.dot"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  for (const char* name : {"fnf", "binomial"}) {
    auto dot = read_file(dir.path() + "/tree." + name + ".dot");
    EXPECT_EQ(dot.rfind(std::string("digraph \"") + name + "\"", 0), 0u) << dot;
    EXPECT_EQ(std::count(dot.begin(), dot.end(), '>'), 15) << "16 hosts, 15 edges";
  }
}

TEST(CliScale, HundredThousandHostBinomialReplaysWithoutContextOptions)
{
  // SimGrid fails near 30,000 actors unless contexts/guard-size is set; hbcast sets it itself.
  // Crossbar cluster, no backbone: each binomial round takes 2 x 10 us + 1e6 B / 1.25e9 B/s, and
  // there are ceil(log2 100000) = 17 rounds.
  TemporaryDirectory dir;
  auto path = dir.write("crossbar.xml",
                        "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                        "<platform version=\"4.1\"><cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-99999\" "
                        "speed=\"1Gf\" bw=\"1.25GBps\" lat=\"10us\"/></platform>\n");
  auto result = run_hbcast({"simulate", path, "-s", "binomial", "--size", "1MB", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto run = nlohmann::json::parse(result.out)["runs"][0];
  const double closed_form = 17 * (2 * 10e-6 + 1e6 / 1.25e9);
  EXPECT_NEAR(run["pairwise"]["makespan"].get<double>(), closed_form, 1e-12);
  EXPECT_NEAR(run["simulated"]["makespan"].get<double>(), closed_form, 1e-9 * closed_form);
  EXPECT_EQ(run["transfers"], 99999);
  EXPECT_EQ(run["replay_driver"], "couriers");  // 50,000 transfers may be in flight: too many for events
}

TEST(CliReplayDriver, TheConfigurationKeyChoosesTheDriverAndTheReportNamesIt)
{
  const std::vector<std::string> command = {"simulate", kPlatforms + "/tiers_30.xml", "-s", "binomial", "--size",
                                            "1MB", "--format", "json"};
  auto automatic = run_hbcast(command);
  auto with_actors = command;
  with_actors.insert(with_actors.end(), {"--cfg", "hbcast/replay-driver:actors"});
  auto forced = run_hbcast(with_actors);
  ASSERT_EQ(automatic.exit_status, 0) << automatic.err;
  ASSERT_EQ(forced.exit_status, 0) << forced.err;
  auto events_run = nlohmann::json::parse(automatic.out)["runs"][0];
  auto actors_run = nlohmann::json::parse(forced.out)["runs"][0];
  EXPECT_EQ(events_run["replay_driver"], "events");
  EXPECT_EQ(actors_run["replay_driver"], "actors");
  const double makespan = actors_run["simulated"]["makespan"];
  EXPECT_NEAR(events_run["simulated"]["makespan"].get<double>(), makespan, 1e-12 * makespan);
}

// A courier whose last transfer ended at the date the broadcast did used to go idle after the pool
// had closed, and wait for ever: SimGrid then reported a deadlock on stderr. fef on this
// 1,000-host multisite ends so; the couriers must agree with the actors and leave no trace.
TEST(CliReplayDriver, CouriersEndWithTheBroadcast)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/multisite.xml";
  ASSERT_EQ(run_hbcast({"generate", "multisite", "--sites", "5", "--clusters-per-site", "2", "--nodes-per-cluster",
                        "100", "--output", platform})
                .exit_status,
            0);
  const std::vector<std::string> command = {"simulate", platform, "-s", "fef", "--format", "json"};
  auto couriers = command, actors = command;
  couriers.push_back("--cfg=hbcast/replay-driver:couriers");
  actors.push_back("--cfg=hbcast/replay-driver:actors");
  const auto by_couriers = run_hbcast(couriers), by_actors = run_hbcast(actors);
  ASSERT_EQ(by_couriers.exit_status, 0) << by_couriers.err;
  ASSERT_EQ(by_actors.exit_status, 0) << by_actors.err;
  EXPECT_EQ(by_couriers.err.find("Deadlock"), std::string::npos) << by_couriers.err;
  EXPECT_EQ(by_couriers.err.find("CRITICAL"), std::string::npos) << by_couriers.err;
  const auto courier_run = nlohmann::json::parse(by_couriers.out)["runs"][0];
  const auto actor_run = nlohmann::json::parse(by_actors.out)["runs"][0];
  EXPECT_EQ(courier_run["replay_driver"], "couriers");
  const double makespan = actor_run["simulated"]["makespan"];
  EXPECT_NEAR(courier_run["simulated"]["makespan"].get<double>(), makespan, 1e-12 * makespan);
}

// A link that goes down during the broadcast (a state profile): the transfer over it fails, its
// sender gives up, and every driver reports the same failed row, naming the transfer, its time and
// the hosts left without the message, in both port models, with slices. Flat tree a -> b, a -> c,
// 4 slices of 1 MiB, each in t = 10 us + 1 MiB / 125 MB/s = 0.008398608 s; the link ac is down
// from 0.5 ms on:
//   one-port: slice 1 to b over [0, t], then to c at t: fails at 0.008398608; a stops, so b holds
//             one slice and c none;
//   multi-port, no send overhead (a's routes leave by two links): slice 1 to b and c at 0, the one
//             to c fails when the link goes down, 0.0005; a then waits for that edge for ever;
//   multi-port, 30 ms send overhead on a: the send to c starts at 0.03 and fails at once.
// The couriers end once nothing is in flight, and the actor driver stops the nodes that can no
// longer be informed: SimGrid reports no deadlock.
TEST(CliReplayDriver, AFailedTransferIsAFailedRowWithoutDeadlock)
{
  TemporaryDirectory dir;
  dir.write("off.txt", "0.0005 0\n");  // SimGrid finds it beside the platform: off at 0.5 ms
  const std::string without = "; 2 of 3 hosts without the whole message: b, c";
  for (const auto& [root, multi_port_failure] :
       {std::pair<std::string, std::string>{"<host id=\"a\" speed=\"1Gf\"/>", "0.000500000"},
        {"<host id=\"a\" speed=\"1Gf\"><prop id=\"hbcast/send_latency\" value=\"0.03\"/></host>", "0.030000000"}}) {
    const std::string platform = dir.write(
        "failing.xml",
        "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">" + root +
        "<host id=\"b\" speed=\"1Gf\"/><host id=\"c\" speed=\"1Gf\"/>"
        "<link id=\"ab\" bandwidth=\"125MBps\" latency=\"10us\"/>"
        "<link id=\"ac\" bandwidth=\"125MBps\" latency=\"10us\" state_file=\"off.txt\"/>"
        "<link id=\"bc\" bandwidth=\"125MBps\" latency=\"10us\"/>"
        "<route src=\"a\" dst=\"b\"><link_ctn id=\"ab\"/></route>"
        "<route src=\"a\" dst=\"c\"><link_ctn id=\"ac\"/></route>"
        "<route src=\"b\" dst=\"c\"><link_ctn id=\"bc\"/></route></zone></platform>\n");
    for (const char* driver : {"events", "couriers", "actors"})
      for (const char* port : {"one", "multi"}) {
        const auto result = run_hbcast({"simulate", platform, "-s", "flat", "--format", "json", "--port", port,
                                        "--slices", "4", std::string("--cfg=hbcast/replay-driver:") + driver});
        const std::string context = std::string(driver) + ", " + port + "-port, " + root + ": " + result.err;
        EXPECT_EQ(result.exit_status, 1) << context;
        EXPECT_EQ(result.err.find("Deadlock"), std::string::npos) << context;
        EXPECT_NE(result.err.find("the transfer a -> c (slice 1 of 4) failed ("), std::string::npos)
            << context;
        const auto run = nlohmann::json::parse(result.out)["runs"][0];
        EXPECT_EQ(run["status"], "failed") << context;
        const std::string time = std::string(port) == "one" ? "0.008398608" : multi_port_failure;
        EXPECT_EQ(run["error"], "the transfer a -> c (slice 1 of 4) failed at " + time + " s" + without) << context;
      }
  }
}

TEST(CliLp, NoSingleTreeBeatsTheSteadyStateOptimum)
{
  auto result = run_hbcast({"lp", kPlatforms + "/tiers_30.xml", "--slice", "1MB", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  const double optimum = report["lp_throughput"];
  EXPECT_GT(optimum, 0.0);
  ASSERT_GE(report["schedulers"].size(), 10u);
  // SSB(G) bounds the trees over the direct links (Beaumont-Marchal-Robert's heuristics); a tree
  // over the routes (a chain along the latency groups) may pass it, never the routed optimum.
  const double routed = report["routed"]["one_port"]["throughput"];
  EXPECT_GE(routed, optimum);
  for (const auto& row : report["schedulers"]) {
    const auto* scheduler = hbcast::find_scheduler(row["scheduler"]);
    ASSERT_NE(scheduler, nullptr);
    if (scheduler->needs_platform_graph) {
      EXPECT_LE(row["one_port_ratio"].get<double>(), 1.0 + 1e-9) << row["scheduler"];
    }
    EXPECT_LE(row["one_port_throughput"].get<double>(), routed * (1.0 + 1e-9)) << row["scheduler"];
  }
}

// Issue 16: on a platform without direct host-to-host links (a star behind a switch) SSB(G) does
// not apply; the routed program does, over all 240 ordered pairs, and bounds every single tree's
// link-aware throughput (a tree is one of its solutions), in both port models.
TEST(CliLp, RoutedPlatformsGetTheRoutedProgram)
{
  auto result = run_hbcast({"lp", kStar, "--slice", "1MB", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_TRUE(report["ssb_g"].is_null());
  EXPECT_EQ(report["ssb_g_not_applicable"], "no direct host-to-host link");
  EXPECT_EQ(report["routed"]["candidates"], "all 240 ordered pairs");
  const double one_port = report["routed"]["one_port"]["throughput"];
  EXPECT_EQ(report["lp_throughput"].get<double>(), one_port);
  EXPECT_GE(report["multi_port_bound"].get<double>(), one_port * (1 - 1e-9));
  for (const auto& row : report["schedulers"]) {
    EXPECT_LE(row["one_port_ratio"].get<double>(), 1.0 + 1e-9) << row["scheduler"];
    EXPECT_LE(row["multi_port_bound_ratio"].get<double>(), 1.0 + 1e-9) << row["scheduler"];
  }
  // Restricted to pairs joined by one link, a star has none.
  expect_one_line_error(run_hbcast({"lp", kStar, "--candidates", "direct"}), "cannot be reached from the source");
}

TEST(CliLp, ErrorsNameTheProblem)
{
  expect_one_line_error(run_hbcast({"lp", kStar, "--candidates", "nearest:x"}), "candidate pairs 'nearest:x'");
  expect_one_line_error(run_hbcast({"lp", "/nonexistent.xml"}), "cannot read platform file");
  expect_one_line_error(run_hbcast({"lp", kPlatforms + "/tiers_30.xml", "--slice", "0"}), "size '0'");
  expect_one_line_error(run_hbcast({"lp", kPlatforms + "/tiers_30.xml", "--root", "nope"}), "no host named 'nope'");
}
