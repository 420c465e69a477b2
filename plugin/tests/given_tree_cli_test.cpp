// `hbcast simulate --tree PLAN.json`: a tree given whole is predicted, analysed and replayed like
// the scheduler's that wrote it. Its row repeats that scheduler's pairwise prediction, replay,
// lateness and contention to the last bit (the same tree on the same engine), its own model is the
// pairwise one; a multi-tree plan keeps its weights; a tree that does not fit the broadcast is a
// failed row, a bad file a one-line error.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace hbcast::test_support;

namespace {

const std::string kTiers30 = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_30.xml";
// Its multi-tree plan has several trees (on tiers_30 one tree meets the optimum).
const std::string kTiers65 = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_65.xml";

nlohmann::json run_of(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  ADD_FAILURE() << "no run of " << scheduler << " in " << report.dump();
  return nlohmann::json::object();
}

// The figures a given tree shares with the scheduler's run of the same tree.
void expect_same_tree_figures(const nlohmann::json& scheduler, const nlohmann::json& given)
{
  ASSERT_EQ(given.at("status"), "ok") << given.dump();
  EXPECT_EQ(given.at("own_model"), "given tree (pairwise)");
  EXPECT_EQ(given.at("pairwise"), scheduler.at("pairwise"));
  EXPECT_EQ(given.at("own"), given.at("pairwise"));
  EXPECT_EQ(given.at("simulated"), scheduler.at("simulated"));
  EXPECT_EQ(given.at("lateness"), scheduler.at("lateness"));
  EXPECT_EQ(given.at("transfers"), scheduler.at("transfers"));
  EXPECT_EQ(given.value("contention", nlohmann::json()), scheduler.value("contention", nlohmann::json()));
  EXPECT_EQ(given.at("tree"), scheduler.at("tree"));
  EXPECT_EQ(given.at("replayed_times"), scheduler.at("replayed_times"));
}

}  // namespace

TEST(GivenTreeCli, PlanOfEachSchedulerReplaysAsTheScheduler)
{
  for (const std::string slices : {"1", "8"}) {
    SCOPED_TRACE("slices " + slices);
    TemporaryDirectory dir;
    const auto plan = dir.path() + "/p.json";
    auto written = run_hbcast({"simulate", kTiers30, "-s", "fnf,binomial,ecef-la", "--slices", slices, "--plan", plan,
                               "--format", "json"});
    ASSERT_EQ(written.exit_status, 0) << written.err;
    const auto made = nlohmann::json::parse(written.out);
    const auto given = run_hbcast({"simulate", kTiers30, "--slices", slices, "--tree", dir.path() + "/p.fnf.json",
                                   "--tree", dir.path() + "/p.binomial.json", "--tree", dir.path() + "/p.ecef-la.json",
                                   "--format", "json", "--dot", dir.path() + "/t.dot"});
    ASSERT_EQ(given.exit_status, 0) << given.err;
    const auto report = nlohmann::json::parse(given.out);
    ASSERT_EQ(report.at("runs").size(), 3u);  // no -s: only the trees
    for (const std::string name : {"fnf", "binomial", "ecef-la"}) {
      SCOPED_TRACE(name);
      expect_same_tree_figures(run_of(made, name), run_of(report, "tree:p." + name));
    }
    // ecef-la's own model predicts differently from the pairwise one: the given tree's own is pairwise.
    EXPECT_NE(run_of(made, "ecef-la").at("own"), run_of(made, "ecef-la").at("pairwise"));
  }
}

TEST(GivenTreeCli, ReplayedTimesMinusReadyTimesGiveTheLateness)
{
  TemporaryDirectory dir;
  const auto result = run_hbcast({"simulate", kTiers30, "-s", "fnf", "--format", "json", "--plan", dir.path() + "/p.json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto run = run_of(nlohmann::json::parse(result.out), "fnf");
  const auto ready = run.at("ready_times").get<std::vector<double>>();
  const auto replayed = run.at("replayed_times").get<std::vector<double>>();
  ASSERT_EQ(ready.size(), 30u);
  ASSERT_EQ(replayed.size(), 30u);
  double largest = -1e300;
  for (std::size_t v = 0; v < ready.size(); ++v)
    largest = std::max(largest, replayed[v] - ready[v]);
  EXPECT_EQ(largest, run.at("lateness").at("seconds").get<double>());
}

TEST(GivenTreeCli, MultiTreePlanKeepsItsWeights)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/m.json";
  const auto written = run_hbcast({"simulate", kTiers65, "-s", "multi-tree", "--size", "64MiB", "--slices", "64",
                                   "--plan", plan, "--format", "json"});
  ASSERT_EQ(written.exit_status, 0) << written.err;
  const auto made = run_of(nlohmann::json::parse(written.out), "multi-tree");
  const auto given = run_hbcast({"simulate", kTiers65, "--size", "64MiB", "--slices", "64", "--tree", plan,
                                 "--format", "json"});
  ASSERT_EQ(given.exit_status, 0) << given.err;
  const auto run = run_of(nlohmann::json::parse(given.out), "tree:m");
  ASSERT_EQ(run.at("status"), "ok") << run.dump();
  EXPECT_EQ(run.at("plan").at("weights"), made.at("plan").at("weights"));
  EXPECT_EQ(run.at("pairwise"), made.at("pairwise"));
  EXPECT_EQ(run.at("own"), run.at("pairwise"));  // a given plan packs no optimum
  EXPECT_TRUE(run.at("plan").at("steady_state_optimum").is_null());
  EXPECT_EQ(run.at("simulated"), made.at("simulated"));
}

// A rate-capped plan's weights are slices per second of its own slices (1 MiB here: 64 MiB in 64):
// with slices twice as large its caps would ask twice its ports' bandwidth, so such a run is a
// not-applicable row that says why; with its own size and slices it runs as written. The
// concurrent form uses its weights as shares only and runs with any slices.
TEST(GivenTreeCli, RateCappedPlanRunsOnlyWithTheSlicesItWasBuiltFor)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/c.json";
  const auto written = run_hbcast({"simulate", kTiers30, "-s", "multi-tree-capped", "--param", "alone=0", "--size",
                                   "64MiB", "--slices", "64", "--plan", plan, "--format", "json"});
  ASSERT_EQ(written.exit_status, 0) << written.err;
  const auto made = run_of(nlohmann::json::parse(written.out), "multi-tree-capped");
  const auto own = run_hbcast({"simulate", kTiers30, "--size", "64MiB", "--slices", "64", "--tree", plan, "--format",
                               "json"});
  ASSERT_EQ(own.exit_status, 0) << own.err;
  EXPECT_EQ(run_of(nlohmann::json::parse(own.out), "tree:c").at("simulated"), made.at("simulated"));
  for (const std::string slices : {"32", "auto"}) {
    SCOPED_TRACE(slices);
    const auto other = run_hbcast({"simulate", kTiers30, "--size", "64MiB", "--slices", slices, "--tree", plan,
                                   "--format", "json"});
    EXPECT_EQ(other.exit_status, 1) << other.err;
    const auto row = run_of(nlohmann::json::parse(other.out), "tree:c");
    EXPECT_EQ(row.at("status"), "not-applicable") << row.dump();
    EXPECT_NE(row.at("error").get<std::string>().find("its capped plan's rates are per slice of 1048576 bytes and this "
                                                      "run's slices are "),
              std::string::npos)
        << row.dump();
  }
  const auto concurrent = dir.path() + "/m.json";
  ASSERT_EQ(run_hbcast({"simulate", kTiers30, "-s", "multi-tree", "--size", "64MiB", "--slices", "64", "--plan",
                        concurrent})
                .exit_status,
            0);
  const auto shares = run_hbcast({"simulate", kTiers30, "--size", "64MiB", "--slices", "32", "--tree", concurrent,
                                  "--format", "json"});
  EXPECT_EQ(shares.exit_status, 0) << shares.err;
}

TEST(GivenTreeCli, TreeThatDoesNotFitTheBroadcastIsAFailedRow)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/p.json";
  ASSERT_EQ(run_hbcast({"simulate", kTiers30, "-s", "flat", "--plan", plan}).exit_status, 0);
  // Rooted elsewhere than --root: the row fails and names both roots; the schedulers still run.
  const auto elsewhere = run_hbcast({"simulate", kTiers30, "-s", "binomial", "--tree", plan, "--root", "lan-1-1-2",
                                     "--format", "csv"});
  EXPECT_EQ(elsewhere.exit_status, 1) << elsewhere.err;
  EXPECT_NE(elsewhere.out.find("\nbinomial,"), std::string::npos) << elsewhere.out;
  EXPECT_NE(elsewhere.err.find("tree 'tree:p' is rooted at 'wan-0', the broadcast at 'lan-1-1-2'"), std::string::npos)
      << elsewhere.err;
  // A tree that misses a host.
  auto json = nlohmann::json::parse(read_file(plan));
  json["trees"][0]["edges"].erase(json["trees"][0]["edges"].size() - 1);
  const auto partial = dir.write("partial.json", json.dump());
  const auto missing = run_hbcast({"simulate", kTiers30, "--tree", partial, "--format", "csv"});
  EXPECT_EQ(missing.exit_status, 1) << missing.err;
  EXPECT_NE(missing.err.find("scheduler 'tree:partial' failed"), std::string::npos) << missing.err;
}

TEST(GivenTreeCli, BadTreeFilesAreOneLineErrors)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/p.json";
  ASSERT_EQ(run_hbcast({"simulate", kTiers30, "-s", "flat", "--plan", plan}).exit_status, 0);
  expect_one_line_error(run_hbcast({"simulate", kTiers30, "--tree", dir.path() + "/none.json"}),
                        "none.json");
  expect_one_line_error(run_hbcast({"simulate", kTiers30, "--tree", dir.write("bad.json", "{\"version\": 1")}),
                        "bad.json");
  TemporaryDirectory other;
  const auto twin = other.write("p.json", read_file(plan));
  expect_one_line_error(run_hbcast({"simulate", kTiers30, "--tree", plan, "--tree", twin}),
                        "two given trees are named 'tree:p'");
}
