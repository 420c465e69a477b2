// Barchet-Steffenel-Mounié's grid heuristics from the command line: registered, replayed on the default GRID5000-like
// platform with the pLogP prediction beside the simulation, `hbcast generate multisite`, and every
// new error path as one line with exit status 2.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

using namespace hbcast::test_support;

namespace {

const char* const kGridSchedulers[] = {"grid-flat",    "fef",          "ecef",     "ecef-la", "ecef-la-avg",
                                       "ecef-la-avg-ab", "ecef-lat-min", "ecef-lat-max", "bottom-up"};

}  // namespace

TEST(GridCli, EveryGridSchedulerIsListed)
{
  auto result = run_hbcast({"schedulers"});
  ASSERT_EQ(result.exit_status, 0);
  for (const char* name : kGridSchedulers)
    EXPECT_NE(result.out.find(std::string("\n") + name + " "), std::string::npos) << name;
}

// On grid5000_88.xml the grid trees never put two transfers on one link at once, so SimGrid's
// exact mode replays them at their pLogP prediction (the clusters are homogeneous).
TEST(GridCli, Grid5000ReplayMatchesThePlogpPrediction)
{
  std::string list;
  for (const char* name : kGridSchedulers)
    list += (list.empty() ? "" : ",") + std::string(name);
  auto result = run_hbcast({"simulate", "--scheduler", list, "--size", "4MiB", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report.at("runs").size(), std::size(kGridSchedulers));
  for (const auto& run : report.at("runs")) {
    const double own = run.at("own").at("makespan"), simulated = run.at("simulated").at("makespan");
    EXPECT_NEAR(simulated, own, 1e-9 * own) << run.at("scheduler");
    EXPECT_LT(own, 3.0) << run.at("scheduler");
  }
}

TEST(GridCli, MultisitePlatformGeneratesAndSimulates)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/ms.xml";
  auto generated = run_hbcast({"generate", "multisite", "--sites", "2", "--clusters-per-site", "2",
                               "--nodes-per-cluster", "3", "--seed", "4", "-o", out});
  ASSERT_EQ(generated.exit_status, 0) << generated.err;
  auto result = run_hbcast({"simulate", out, "--scheduler", "ecef,binomial", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report.at("hosts"), 12);
  EXPECT_EQ(report.at("runs").at(0).at("own_model"), "pLogP grid model (4 clusters, rho 0.30)");
}

TEST(GridCliErrors, BadMultisiteValues)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/x.xml";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--sites", "0"}, "'sites' must be at least 1"},
      {{"--sites", "1", "--clusters-per-site", "1"}, "sites x clusters-per-site is 2 to 50"},
      {{"--sites", "11", "--clusters-per-site", "5"}, "sites x clusters-per-site is 2 to 50"},
      {{"--nodes-per-cluster", "0"}, "'nodes-per-cluster' must be at least 1"},
      {{"--nodes-per-cluster", "two"}, "'nodes-per-cluster' must be a whole number"},
      {{"--node-bw", "0"}, "'node-bw' must be finite and > 0"},
      {{"--uplink-lat", "-1"}, "'uplink-lat' must be finite and >= 0"},
      {{"--wan-lat-min", "0.02"}, "'wan-lat-max' must be finite and at least wan-lat-min"},
      {{"--wan-bw", "fast"}, "'wan-bw' must be a finite number"},
  };
  expect_rejected({"generate", "multisite", "-o", out}, cases, out);
}

// `hbcast validate` names each case on stdout before running it; the error is still one line.
static void expect_case_error(const CommandResult& result, const std::string& fragment)
{
  EXPECT_EQ(result.exit_status, 2) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.err.rfind("hbcast: error: ", 0), 0u) << result.err;
  EXPECT_NE(result.err.find(fragment), std::string::npos) << result.err;
}

TEST(GridCliErrors, BadGridHeuristicsCase)
{
  TemporaryDirectory dir;
  std::filesystem::create_directories(dir.path() + "/cases");
  const std::string header = "title: t\nsource: s\nkind: grid-heuristics\nexpectations: []\nparameters:\n";
  dir.write("cases/one.yaml", header + "  min_clusters: 1\n");
  expect_case_error(run_hbcast({"validate", "one", "--dir", dir.path()}), "need 2 <= min_clusters <= max_clusters");
  dir.write("cases/big.yaml", header + "  optimum_max_clusters: 9\n");
  expect_case_error(run_hbcast({"validate", "big", "--dir", dir.path()}), "optimum_max_clusters <= 7");
  dir.write("cases/word.yaml", header + "  instances: many\n");
  expect_case_error(run_hbcast({"validate", "word", "--dir", dir.path()}), "key 'instances': not a whole number");
  dir.write("cases/mode.yaml", header + "  completion: never\n");
  expect_case_error(run_hbcast({"validate", "mode", "--dir", dir.path()}), "key 'completion': 'release' or 'arrival'");
}

TEST(GridCliErrors, UnknownCaseKindOrFigureKindNamesFileAndLine)
{
  TemporaryDirectory dir;
  std::filesystem::create_directories(dir.path() + "/cases");
  const std::string path = dir.write("cases/kind.yaml", "title: t\nsource: s\nkind: grid-heuristic\n"
                                                         "expectations: []\nparameters: {}\n");
  expect_case_error(run_hbcast({"validate", "kind", "--dir", dir.path()}),
                    path + ":3: key 'kind': unknown kind 'grid-heuristic' (sweep, fnf-optimality, ");
  const std::string figure = dir.write("cases/figure.yaml", "title: t\nsource: s\nkind: grid-heuristics\n"
                                                             "expectations: []\nparameters: {}\nfigures:\n"
                                                             "  - x: clusters\n    y: ratio\n    kind: bars\n");
  expect_case_error(run_hbcast({"validate", "figure", "--dir", dir.path()}),
                    figure + ":9: key 'figures': unknown figure kind 'bars' (line or bar)");
}
