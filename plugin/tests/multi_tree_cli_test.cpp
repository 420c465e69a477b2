// `hbcast simulate -s multi-tree` (issue 16, items 3-4), run as a user would. On tiers_30.xml the
// plan's weights sum to the steady-state optimum (the JSON's plan.steady_state_optimum = the sum of
// the weights x slice bytes), the plan's own busiest port runs at it (pairwise throughput), the
// replay reaches 0.95 of it at 256 slices, and the plan file and the DOT files hold every tree with
// its weight. A multicast refuses a plan in a row; `hbcast smpi` runs the plan's trees as
// libhbcast_mpi does and matches the replay.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kTiers30 = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_30.xml";
// Its steady-state optimum needs several trees (on tiers_30 one tree of the optimal loads meets it).
const std::string kTiers65 = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_65.xml";
constexpr double kSliceBytes = 1048576.0;  // 256 MiB in 256 slices

nlohmann::json run_of(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  ADD_FAILURE() << "no run of " << scheduler;
  return {};
}

}  // namespace

TEST(MultiTreeCli, PlanMeetsTheOptimumAndTheReplayComesClose)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/plan.json", dot = dir.path() + "/tree.dot";
  const auto result = run_hbcast({"simulate", kTiers65, "--size", "256MiB", "--slices", "256", "-s",
                                  "multi-tree,lp-prune", "--format", "json", "--plan", plan, "--dot", dot});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  const auto run = run_of(report, "multi-tree");
  ASSERT_EQ(run.at("status"), "ok") << run.dump();
  const auto weights = run.at("plan").at("weights").get<std::vector<double>>();
  ASSERT_GE(weights.size(), 2u);
  const double optimum = run.at("plan").at("steady_state_optimum").get<double>();
  const double packed = std::accumulate(weights.begin(), weights.end(), 0.0) * kSliceBytes;
  EXPECT_NEAR(packed, optimum, 1e-6 * optimum);
  EXPECT_NEAR(run.at("pairwise").at("throughput").get<double>(), optimum, 1e-6 * optimum);
  const double simulated = run.at("simulated").at("throughput").get<double>();
  EXPECT_GE(simulated / optimum, 0.95) << simulated << " of " << optimum;
  EXPECT_LE(simulated / optimum, 1.0 + 1e-9);
  // A single tree stays below the plan (the best of them about 0.76 of the optimum here).
  EXPECT_LT(run_of(report, "lp-prune").at("simulated").at("throughput").get<double>(), simulated);

  const auto written = nlohmann::json::parse(read_file(dir.path() + "/plan.multi-tree.json"));
  ASSERT_EQ(written.at("trees").size(), weights.size());
  for (std::size_t k = 0; k < weights.size(); ++k) {
    EXPECT_DOUBLE_EQ(written.at("trees")[k].at("weight").get<double>(), weights[k]);
    EXPECT_EQ(written.at("trees")[k].at("edges").size(), 64u);  // spans the 65 hosts
    EXPECT_TRUE(std::filesystem::exists(dir.path() + "/tree.multi-tree.tree" + std::to_string(k + 1) + ".dot"));
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/tree.multi-tree.tree" + std::to_string(weights.size() + 1) +
                                       ".dot"));
}

TEST(MultiTreeCli, TableShowsTheOptimumThePlanAndTheReplay)
{
  // The optimum as `hbcast lp` computes it, for the same 1 MiB slices.
  const auto lp = run_hbcast({"lp", kTiers30, "--slice", "1MiB", "--format", "json"});
  ASSERT_EQ(lp.exit_status, 0) << lp.err;
  const double optimum = nlohmann::json::parse(lp.out).at("lp_throughput").get<double>();
  const auto result = run_hbcast({"simulate", kTiers30, "--size", "64MiB", "--slices", "64", "-s", "multi-tree"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto section = result.out.find("Multi-tree plans");
  ASSERT_NE(section, std::string::npos) << result.out;
  EXPECT_NE(result.out.find("LP optimum (MB/s)", section), std::string::npos);
  char expected[32];
  std::snprintf(expected, sizeof expected, " %.3f ", optimum / 1e6);
  EXPECT_NE(result.out.find(expected, section), std::string::npos) << expected << " in\n" << result.out;
}

// One slice delivers no steady state: the steady-state row keeps the predicted period and
// throughput, shows no simulated one (not a period read from an unset figure, nor "inf"), and
// names no highest simulated throughput.
TEST(MultiTreeCli, OneSliceRowHasNoSimulatedPeriod)
{
  const auto result = run_hbcast({"simulate", kTiers30, "--size", "1MiB", "-s", "multi-tree"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto begin = result.out.find("Steady state");
  const auto end = result.out.find("Multi-tree plans");
  ASSERT_NE(begin, std::string::npos) << result.out;
  ASSERT_NE(end, std::string::npos) << result.out;
  const std::string section = result.out.substr(begin, end - begin);
  EXPECT_NE(section.find("- (1 slice)"), std::string::npos) << section;
  EXPECT_EQ(section.find("inf"), std::string::npos) << section;
  EXPECT_EQ(section.find("highest"), std::string::npos) << section;
}

TEST(MultiTreeCli, MulticastIsNotApplicable)
{
  const auto result = run_hbcast({"simulate", kTiers30, "-s", "multi-tree", "--members", "4", "--format", "json"});
  const auto report = nlohmann::json::parse(result.out);
  const auto run = run_of(report, "multi-tree");
  EXPECT_EQ(run.at("status"), "not-applicable");
  EXPECT_NE(run.at("error").get<std::string>().find("every host"), std::string::npos) << run.dump();
}

TEST(MultiTreeCli, SmpiRunsThePlanAsTheReplayDoes)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/plan.json";
  ASSERT_EQ(run_hbcast({"simulate", kTiers30, "--size", "16MiB", "--slices", "16", "-s", "multi-tree", "--plan", plan})
                .exit_status,
            0);
  const auto result = run_hbcast({"smpi", kTiers30, "--plan", plan, "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_GE(json.at("slices").get<int>(), 16);
  EXPECT_LE(std::abs(json.at("relative_error").at("smpi_vs_replayed").get<double>()), 1e-6) << json.dump();
}

TEST(MultiTreeCli, BeyondTheRoutedGraphLimitIsNotApplicable)
{
  TemporaryDirectory dir;
  const auto platform = dir.path() + "/big.xml";
  ASSERT_EQ(run_hbcast({"generate", "backbone", "--clusters", "1", "--nodes", "1025", "-o", platform}).exit_status, 0);
  const auto result = run_hbcast({"simulate", platform, "-s", "multi-tree", "--slices", "4", "--format", "json"});
  EXPECT_NE(result.exit_status, 0);
  const auto run = run_of(nlohmann::json::parse(result.out), "multi-tree");
  EXPECT_EQ(run.at("status"), "not-applicable");
  EXPECT_NE(run.at("error").get<std::string>().find("up to 1024 hosts (this platform has 1025)"), std::string::npos)
      << run.dump();
}

// The executable forms, on tiers_65 (whose optimum needs several trees). Rate-capped: every transfer of tree t runs at its tree's planned rate, the
// caps fit every port (the program's rows), so the replay's period is the optimum's. Periodic: the
// slots of a period are one-port matchings; in exact mode on direct links the replay runs them as
// predicted, transfer by transfer.
TEST(MultiTreeCli, FormsReplayAsPredicted)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/plan.json";
  std::vector<std::string> arguments{"simulate", kTiers65, "--size", "64MiB", "--slices", "128", "-s",
                                     "multi-tree-capped,multi-tree-periodic", "--param", "alone=0",
                                     "--format", "json", "--plan", plan};
  for (const auto& argument : scaled_budget_arguments())
    arguments.push_back(argument);
  const auto result = run_hbcast(arguments);
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const std::string scheduler : {"multi-tree-capped", "multi-tree-periodic"}) {
    const auto run = run_of(report, scheduler);
    ASSERT_EQ(run.at("status"), "ok") << run.dump();
    EXPECT_EQ(run.at("plan").at("form"), scheduler == "multi-tree-capped" ? "capped" : "periodic");
    EXPECT_GT(run.at("plan").at("trees").get<int>(), 1) << run.dump();
    EXPECT_LE(std::abs(run.at("relative_error").at("makespan_vs_pairwise").get<double>()), 1e-6) << run.dump();
  }
  // Capped: the replay's period is the optimum's (slice bytes / the plan's throughput).
  const auto capped = run_of(report, "multi-tree-capped");
  EXPECT_GE(capped.at("simulated").at("throughput").get<double>() /
                capped.at("plan").at("steady_state_optimum").get<double>(),
            0.99)
      << capped.dump();
  // The periodic plan file carries its slots in order.
  const auto periodic_plan = nlohmann::json::parse(read_file(dir.path() + "/plan.multi-tree-periodic.json"));
  EXPECT_EQ(periodic_plan.at("version"), 2);
  EXPECT_EQ(periodic_plan.at("form"), "periodic");
  EXPECT_FALSE(periodic_plan.at("slots").empty());
}

TEST(MultiTreeCli, SmpiRunsTheFormsAsTheReplayDoes)
{
  TemporaryDirectory dir;
  const auto plan = dir.path() + "/plan.json";
  std::vector<std::string> arguments{"simulate", kTiers65, "--size", "16MiB", "--slices", "16", "-s",
                                     "multi-tree-capped,multi-tree-periodic", "--param", "alone=0", "--plan", plan};
  for (const auto& argument : scaled_budget_arguments())
    arguments.push_back(argument);
  ASSERT_EQ(run_hbcast(arguments).exit_status, 0);
  for (const std::string form : {"capped", "periodic"}) {
    const auto result =
        run_hbcast({"smpi", kTiers65, "--plan", dir.path() + "/plan.multi-tree-" + form + ".json", "--format", "json"});
    ASSERT_EQ(result.exit_status, 0) << form << ": " << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_LE(std::abs(json.at("relative_error").at("smpi_vs_replayed").get<double>()), 1e-6)
        << form << ": " << json.dump();
  }
}

// Where trees share links: SimGrid's FAT_TREE (4 leaves x 4 hosts, SPLITDUPLEX links shared by
// the routes through each leaf) and two clusters behind SHARED backbones. `hbcast smpi` runs each
// plan with libhbcast_mpi beside the replay: the concurrent and rate-capped forms (both port
// models) and the periodic form (one-port). The concurrent form's senders wait each host's send
// gap (the plan's send_gaps) after every multi-port send, and its receivers take any slice that has
// arrived from any parent, as the replay does. 16 MiB in 16 slices: whole slices, as the replay
// has them.
TEST(MultiTreeCli, SmpiRunsEveryFormAsTheReplayDoesWhereTreesShareLinks)
{
  TemporaryDirectory dir;
  const std::vector<std::pair<std::string, std::vector<std::string>>> platforms = {
      {"fat-tree", {"generate", "fat-tree", "--leaves", "4", "--hosts-per-leaf", "4"}},
      {"backbone", {"generate", "backbone", "--clusters", "2", "--nodes", "4"}}};
  for (const auto& [family, generate] : platforms) {
    const std::string platform = dir.path() + "/" + family + ".xml";
    auto command = generate;
    command.insert(command.end(), {"-o", platform});
    ASSERT_EQ(run_hbcast(command).exit_status, 0) << family;
    for (const std::string port : {"one", "multi"}) {
      const std::string schedulers =
          port == "one" ? "multi-tree,multi-tree-capped,multi-tree-periodic" : "multi-tree,multi-tree-capped";
      const std::string plan = dir.path() + "/" + family + "-" + port + ".json";
      const auto simulated = run_hbcast({"simulate", platform, "-s", schedulers, "--param", "alone=0", "--port", port,
                                         "--size", "16MiB", "--slices", "16", "--plan", plan});
      ASSERT_EQ(simulated.exit_status, 0) << family << " " << port << ": " << simulated.err;
      for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        const std::string file = entry.path().string();
        if (file.rfind(dir.path() + "/" + family + "-" + port + ".", 0) != 0)
          continue;
        const auto result = run_hbcast({"smpi", "--plan", file, "--format", "json"});
        ASSERT_EQ(result.exit_status, 0) << file << ": " << result.err;
        const auto json = nlohmann::json::parse(result.out);
        EXPECT_LE(std::abs(json.at("relative_error").at("smpi_vs_replayed").get<double>()), 1e-6)
            << file << ": " << json.dump();
      }
    }
  }
}

// On a multi-site grid of 2 sites x 2 clusters x 2 hosts, multi-port, the program's plan is one
// tree. Its plan file is that tree, which libhbcast_mpi runs one slice at a time per edge
// (Beaumont-Marchal-Robert 3.2), so the row replays it so: its simulated makespan is the tree's
// prediction, the replay of the plan file as a tree, and what `hbcast smpi` runs.
TEST(MultiTreeCli, APlanOfOneTreeReplaysAsItDeploys)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/multisite.xml";
  ASSERT_EQ(run_hbcast({"generate", "multisite", "--sites", "2", "--clusters-per-site", "2", "--nodes-per-cluster",
                        "2", "-o", platform})
                .exit_status,
            0);
  const std::string plan = dir.path() + "/plan.json";
  const auto result = run_hbcast({"simulate", platform, "-s", "multi-tree", "--port", "multi", "--size", "1MiB",
                                  "--slices", "64", "--format", "json", "--plan", plan});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto run = run_of(nlohmann::json::parse(result.out), "multi-tree");
  ASSERT_EQ(run.at("plan").at("trees"), 1) << run.dump();
  const double simulated = run.at("simulated").at("makespan").get<double>();
  EXPECT_LE(std::abs(run.at("relative_error").at("makespan_vs_pairwise").get<double>()), 1e-6) << run.dump();
  const auto as_tree = run_hbcast({"simulate", platform, "--tree", plan, "--port", "multi", "--size", "1MiB",
                                   "--slices", "64", "--format", "json"});
  ASSERT_EQ(as_tree.exit_status, 0) << as_tree.err;
  EXPECT_NEAR(nlohmann::json::parse(as_tree.out).at("runs").at(0).at("simulated").at("makespan").get<double>(),
              simulated, 1e-9 * simulated);
  const auto smpi = run_hbcast({"smpi", "--plan", plan, "--format", "json"});
  ASSERT_EQ(smpi.exit_status, 0) << smpi.err;
  EXPECT_LE(std::abs(nlohmann::json::parse(smpi.out).at("relative_error").at("smpi_vs_replayed").get<double>()), 1e-6)
      << smpi.out;
}

// Four clusters of 8 hosts behind SHARED backbones: the plan's caps fill each backbone exactly
// (250 MB/s), and the inter-cluster edges' latency (10.3 ms) spans more than one round. Every
// node keeps receives posted for the parts in flight (capped_receives), and the root paces its
// rounds kCappedPaceSlack below the plan's rate, so that a late part catches up at its cap: the
// replay equals its transfer-by-transfer prediction, within 0.2% of the optimum, and
// libhbcast_mpi runs the plan as the replay does.
TEST(MultiTreeCli, CappedFormMeetsItsPredictionWhereCapsFillABackbone)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/backbone.xml";
  ASSERT_EQ(run_hbcast({"generate", "backbone", "--clusters", "4", "--nodes", "8", "-o", platform}).exit_status, 0);
  const std::string plan = dir.path() + "/plan.json";
  const auto result = run_hbcast({"simulate", platform, "-s", "multi-tree-capped", "--param", "alone=0", "--size",
                                  "64MiB", "--slices", "256", "--format", "json", "--plan", plan});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto run = run_of(nlohmann::json::parse(result.out), "multi-tree-capped");
  ASSERT_EQ(run.at("status"), "ok") << run.dump();
  EXPECT_GT(run.at("plan").at("trees").get<int>(), 1) << run.dump();
  EXPECT_GE(run.at("plan").at("receives_posted").get<int>(), 3) << run.dump();
  EXPECT_LE(std::abs(run.at("relative_error").at("makespan_vs_pairwise").get<double>()), 1e-6) << run.dump();
  EXPECT_GE(run.at("simulated").at("throughput").get<double>() / run.at("plan").at("steady_state_optimum").get<double>(),
            0.99)
      << run.dump();
  const auto smpi = run_hbcast({"smpi", "--plan", plan, "--format", "json"});
  ASSERT_EQ(smpi.exit_status, 0) << smpi.err;
  const auto json = nlohmann::json::parse(smpi.out);
  EXPECT_LE(std::abs(json.at("relative_error").at("smpi_vs_replayed").get<double>()), 1e-6) << json.dump();
}

// A short message on tiers_65: one of the plan's trees alone is predicted to finish first. The
// rate-capped form runs it capped at its own rate (still the form, one tree, never contending),
// and its replay equals its transfer-by-transfer prediction (direct links, exact mode).
TEST(MultiTreeCli, CappedFormRunsATreeAloneCappedAtItsRate)
{
  const auto result = run_hbcast({"simulate", kTiers65, "--size", "1MiB", "--slices", "4", "-s", "multi-tree-capped",
                                  "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto run = run_of(nlohmann::json::parse(result.out), "multi-tree-capped");
  ASSERT_EQ(run.at("status"), "ok") << run.dump();
  EXPECT_NE(run.at("own_model").get<std::string>().find("alone, capped at its rate"), std::string::npos) << run.dump();
  EXPECT_EQ(run.at("plan").at("form"), "capped");
  EXPECT_EQ(run.at("plan").at("trees").get<int>(), 1);
  EXPECT_LE(std::abs(run.at("relative_error").at("makespan_vs_pairwise").get<double>()), 1e-6) << run.dump();
}
