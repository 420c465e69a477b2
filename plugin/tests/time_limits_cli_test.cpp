// Time limits that bound every part a run waits for, and results that survive them: a replay
// stopped for its time limit keeps the tree's predictions; the steady-state program solved in the
// background for lp-prune and lp-grow-tree is bounded too, and no other scheduler waits for it; the
// run's budget shares the time among the schedulers; a long run says what it is doing on stderr
// every few seconds when stderr is not a terminal. Run as a user would, each command itself under
// /usr/bin/timeout so that a hang fails the test instead of stalling it.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

using namespace hbcast::test_support;

namespace {

const std::string kFixtures = HBCAST_TEST_FIXTURE_DIR;
// SimGrid's cluster_dragonfly.xml: 120 hosts, DRAGONFLY 3,4;4,3;5,1;2. Its routed steady-state
// program takes minutes on two cores.
const std::string kDragonfly = kFixtures + "/cluster_dragonfly.xml";

// `hbcast` under /usr/bin/timeout: exit status 124 if it outlives `limit` seconds (scaled by
// HBCAST_TEST_TIME_SCALE for a slower build).
CommandResult run_bounded(int limit, const std::vector<std::string>& arguments)
{
  std::vector<std::string> full{std::to_string(scaled_seconds(limit)), hbcast_executable()};
  full.insert(full.end(), arguments.begin(), arguments.end());
  return run_command("/usr/bin/timeout", full);
}

// As the table prints seconds.
std::string six_decimals(double seconds)
{
  char text[64];
  std::snprintf(text, sizeof text, "%.6f", seconds);
  return text;
}

const nlohmann::json& run_named(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  throw std::runtime_error("no run of " + scheduler);
}

}  // namespace

// 100,000 slices of 100 MiB on the default grid: the predictions take a fraction of a second, the
// replay far longer than the limit. The row keeps both predictions, in every format.
TEST(TimeLimits, ATimedOutReplayKeepsItsPredictions)
{
  // The limit leaves the predictions time to finish, scaled for a slower build: they take under
  // 1 s under ASan/UBSan (2 s limit: stopped while analysing the link demands, predictions given).
  const std::string limit = std::to_string(scaled_seconds(2));
  const std::vector<std::string> command{"simulate", "-s", "fnf", "--slices", "100000", "--size", "100MiB",
                                         "--timeout", limit};
  auto json_command = command;
  json_command.insert(json_command.end(), {"--format", "json"});
  const auto json = run_bounded(60, json_command);
  ASSERT_EQ(json.exit_status, 1) << json.err;
  const auto report = nlohmann::json::parse(json.out);
  const auto& fnf = run_named(report, "fnf");
  EXPECT_EQ(fnf.at("status"), "timeout");
  // Stopped in the link analysis of its 10^5 slices or in the replay: the predictions come first.
  EXPECT_EQ(fnf.at("error").get<std::string>().rfind("timed out after " + limit + " s while ", 0), 0u) << fnf;
  EXPECT_NE(fnf.at("error").get<std::string>().find(" the fnf tree"), std::string::npos) << fnf;
  EXPECT_GT(fnf.at("pairwise").at("makespan").get<double>(), 0.0) << fnf;
  EXPECT_GT(fnf.at("own").at("makespan").get<double>(), 0.0) << fnf;
  EXPECT_GT(fnf.at("pairwise").at("period").get<double>(), 0.0) << fnf;
  EXPECT_FALSE(fnf.contains("simulated")) << fnf;
  EXPECT_EQ(report.at("hosts"), 88) << "the header comes from the run, not from the options";

  const auto table = run_bounded(60, command);
  ASSERT_EQ(table.exit_status, 1) << table.err;
  EXPECT_NE(table.out.find("Predicted, not replayed"), std::string::npos) << table.out;
  std::istringstream lines(table.out);
  std::string line;
  bool found = false;
  while (std::getline(lines, line))
    if (line.rfind("fnf ", 0) == 0 && line.find("(timeout, below)") != std::string::npos) {
      found = true;
      EXPECT_NE(line.find(six_decimals(fnf.at("pairwise").at("makespan").get<double>())), std::string::npos)
          << line;
      break;
    }
  EXPECT_TRUE(found) << table.out;

  auto csv_command = command;
  csv_command.insert(csv_command.end(), {"--format", "csv"});
  const auto csv = run_bounded(60, csv_command);
  ASSERT_EQ(csv.exit_status, 1) << csv.err;
  const auto row = csv.out.substr(csv.out.find("\nfnf,") + 1);
  EXPECT_NE(row.find(",timeout,"), std::string::npos) << row;
  EXPECT_EQ(row.find(",,,,,,,,,,,,"), std::string::npos) << "the prediction columns are filled: " << row;
}

// A run longer than a few seconds, with stderr not a terminal: a progress line every 5 s, naming
// what runs. A budget of 12 s gives each of the two schedulers 6 s; each replay of 100,000 slices
// takes longer (fnf 11.6 s, binomial 10.8 s on a 2-core EPYC VM), so both stop at their share.
TEST(TimeLimits, ALongRunPrintsProgressLines)
{
  const auto result = run_bounded(
      60, {"simulate", "-s", "fnf,binomial", "--slices", "100000", "--size", "100MiB", "--budget", "12"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  EXPECT_NE(result.err.find("hbcast: 5 s, [0/2] simulating fnf"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("hbcast: 10 s, [1/2] simulating binomial"), std::string::npos) << result.err;
}

// The dragonfly's routed program outlives the limit: lp-prune and lp-grow-tree say so, and every
// other scheduler, the other graph heuristics included, is reported as usual.
TEST(TimeLimits, TheBackgroundProgramIsBoundedAndNobodyElseWaitsForIt)
{
  // The other schedulers' parts finish within the limit, scaled for a slower build: under ASan/UBSan,
  // with another process busy on one of two cores, they are done within 5 s of a 30 s limit.
  const auto result = run_bounded(170, {"simulate", kDragonfly, "--timeout", std::to_string(scaled_seconds(6)),
                                        "--budget", "0", "--format", "json"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const std::string name : {"lp-prune", "lp-grow-tree"}) {
    const auto& run = run_named(report, name);
    EXPECT_EQ(run.at("status"), "timeout") << run;
    EXPECT_NE(run.at("error").get<std::string>().find("the steady-state program over the routes"), std::string::npos)
        << run;
  }
  for (const std::string name : {"fnf", "binomial", "prune-simple", "grow-tree", "ecef", "link-fnf"})
    EXPECT_EQ(run_named(report, name).at("status"), "ok") << name;
  for (const auto& run : report.at("runs")) {
    if (run.at("scheduler") != "lp-prune" && run.at("scheduler") != "lp-grow-tree") {
      EXPECT_EQ(run.at("status"), "ok") << run;
    }
  }
}

// The run's budget: every requested scheduler has a row when it is spent, the unfinished ones
// marked timeout with the budget named, and stderr, not a terminal here, says what the run is
// doing every few seconds.
TEST(TimeLimits, TheRunsBudgetIsSharedAndReported)
{
  const auto result = run_bounded(90, {"simulate", kDragonfly, "--budget", "20", "--format", "json"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report.at("budget_seconds"), 20.0);
  std::size_t timed_out = 0;
  for (const auto& run : report.at("runs"))
    if (run.at("status") == "timeout") {
      ++timed_out;
      EXPECT_NE(run.at("error").get<std::string>().find("--budget"), std::string::npos) << run;
    }
  EXPECT_GE(timed_out, 2u) << "lp-prune and lp-grow-tree at least";
  EXPECT_EQ(report.at("runs").size() + report.at("skipped").size(), 33u);  // every default scheduler
  EXPECT_NE(result.err.find("hbcast: 5 s, "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("hbcast: 10 s, "), std::string::npos) << result.err;
}

// The default budget is recorded, as every option that changes a result: 50 s with several
// schedulers, none with one (the user wants that one result, however long it takes).
TEST(TimeLimits, TheDefaultBudgetIsRecorded)
{
  const auto several = run_bounded(60, {"simulate", "-s", "fnf,binomial"});
  ASSERT_EQ(several.exit_status, 0) << several.err;
  EXPECT_NE(several.out.find("limits    run budget 50 s (--budget), no limit per part (--timeout)\n"),
            std::string::npos)
      << several.out;
  const auto one = run_bounded(60, {"simulate", "-s", "fnf", "--timeout", "30"});
  ASSERT_EQ(one.exit_status, 0) << one.err;
  EXPECT_NE(one.out.find("limits    no run budget (--budget), 30 s per part (--timeout)\n"), std::string::npos) << one.out;
}

// `hbcast lp` on the dragonfly: its routed program outlives the limit; what was computed by then is
// printed (the platform line and the program's heading), the rest marked not solved, exit 1, and
// stderr says what it was doing.
TEST(TimeLimits, LpStopsAtItsTimeoutAndPrintsWhatItHad)
{
  const auto result = run_bounded(60, {"lp", kDragonfly, "--timeout", "8"});
  ASSERT_EQ(result.exit_status, 1) << result.err;
  EXPECT_NE(result.out.find("platform  " + kDragonfly + " (120 hosts)"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("one-port:   (not solved)"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("hbcast: lp timed out after 8 s while solving the one-port steady-state program"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("hbcast: 5 s, solving the one-port steady-state program over the routes"),
            std::string::npos)
      << result.err;
}
