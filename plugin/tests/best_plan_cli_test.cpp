// `--slices auto` and the `best` scheduler run as a user would: each tree's slice count minimises
// its predicted makespan; best ranks every other scheduler's plan under both port models, replays
// the winner, names it and the runner-up; simulate ends with what to deploy, and beside SMPI's
// MPI_Bcast it runs that plan in SMPI and compares it with each MPI library's default.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kStar = std::string(HBCAST_TEST_PLATFORM_DIR) + "/hetero_star.xml";

// A two-level fat-tree of 4 leaves x 4 hosts (every link 125 MB/s, 50 us).
std::string fat_tree(const TemporaryDirectory& dir)
{
  const std::string path = dir.path() + "/fat_tree.xml";
  const auto generated = run_hbcast({"generate", "fat-tree", "--leaves", "4", "--hosts-per-leaf", "4", "-o", path});
  EXPECT_EQ(generated.exit_status, 0) << generated.err;
  return path;
}

nlohmann::json simulate_json(std::vector<std::string> arguments)
{
  arguments.insert(arguments.begin(), "simulate");
  arguments.insert(arguments.end(), {"--format", "json"});
  const auto result = run_hbcast(arguments);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  return nlohmann::json::parse(result.out);
}

const nlohmann::json& run_of(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  throw std::runtime_error("no run of " + scheduler);
}

}  // namespace

// Each tree gets its own K, and no neighbouring K predicts it faster (the predicted makespan is
// start-up + (K - 1) x period, which for a chain is the pipelined recurrence itself).
TEST(SlicesAuto, EachTreeItsOwnCountAndNoNeighbourBeatsIt)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  const auto report = simulate_json({platform, "-s", "chain,binomial", "--size", "1MiB", "--slices", "auto"});
  EXPECT_TRUE(report.at("slices_auto").get<bool>());
  EXPECT_EQ(report.at("max_slices"), 1024);
  const auto chain = run_of(report, "chain");
  const std::size_t k = chain.at("slices");
  ASSERT_GT(k, 2u);
  for (std::size_t neighbour : {k - 1, k + 1}) {
    const auto fixed = simulate_json({platform, "-s", "chain", "--size", "1MiB", "--slices", std::to_string(neighbour)});
    EXPECT_LE(chain.at("pairwise").at("makespan").get<double>(),
              fixed.at("runs")[0].at("pairwise").at("makespan").get<double>())
        << "K " << k << " against " << neighbour;
  }
  // A chain along the leaves shares no link: its replay is its prediction.
  EXPECT_NEAR(chain.at("simulated").at("makespan").get<double>(), chain.at("pairwise").at("makespan").get<double>(),
              1e-9 * chain.at("pairwise").at("makespan").get<double>());
  const auto table = run_hbcast({"simulate", platform, "-s", "chain", "--size", "1MiB", "--slices", "auto"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_NE(table.out.find("slices auto (each tree's K minimises its predicted makespan, K <= 1024)"),
            std::string::npos)
      << table.out;
  std::istringstream lines(table.out);
  bool listed = false;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string scheduler, slices, port;
    words >> scheduler >> slices >> port;
    listed = listed || (scheduler == "chain" && slices == std::to_string(k) && port == "one-port");
  }
  EXPECT_TRUE(listed) << "the chain's row gives its slice count and port model\n" << table.out;
}

// Under --slices auto a link-aware tree is paced at each slice count tried and ranked by its exact
// prediction with the links: on tiers_30.xml (routed, shared links) link-fnf's choice replays at
// its prediction and is no slower than with 16 slices (a count the choice tries); best, which
// ranks link-fnf the same way under both port models, is no slower than it.
TEST(SlicesAuto, LinkAwareTreesArePacedAtEachCountTried)
{
  const std::string tiers = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_30.xml";
  const auto chosen =
      run_of(simulate_json({tiers, "-s", "link-fnf", "--size", "64MiB", "--slices", "auto"}), "link-fnf");
  const auto fixed = run_of(simulate_json({tiers, "-s", "link-fnf", "--size", "64MiB", "--slices", "16"}), "link-fnf");
  ASSERT_EQ(chosen.at("status"), "ok");
  EXPECT_GT(chosen.at("slices").get<std::size_t>(), 1u);
  const double simulated = chosen.at("simulated").at("makespan");
  EXPECT_NEAR(simulated, chosen.at("own").at("makespan").get<double>(), 1e-9 * simulated);
  EXPECT_LE(simulated, fixed.at("simulated").at("makespan").get<double>() * (1 + 1e-9));
  const auto best = run_of(simulate_json({tiers, "-s", "best", "--size", "64MiB"}), "best");
  EXPECT_LE(best.at("simulated").at("makespan").get<double>(), simulated * (1 + 1e-9));
  EXPECT_NE(best.at("best").at("predictor").get<std::string>().find("with the links"), std::string::npos);
}

// ECEF's tree on tiers_30.xml at 64 MiB over-subscribes shared links at every slice count, where
// the estimate (start-up + (K - 1) x the links' period) is far below the replay: --slices auto
// ranks its counts by the max-min prediction, so its count replays at its prediction with the
// links and no faster than the same tree (its plan file) at the counts around it or at 20 (the
// estimate's own choice).
TEST(SlicesAuto, ContendingTreeIsRankedByItsMaxMinPrediction)
{
  TemporaryDirectory dir;
  const std::string tiers = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_30.xml";
  const std::string plan = dir.path() + "/ecef.json";
  const auto chosen =
      run_of(simulate_json({tiers, "-s", "ecef", "--size", "64MiB", "--slices", "auto", "--plan", plan}), "ecef");
  ASSERT_EQ(chosen.at("status"), "ok");
  const std::size_t k = chosen.at("slices");
  const double simulated = chosen.at("simulated").at("makespan");
  EXPECT_TRUE(chosen.at("link_prediction").at("exact").get<bool>());
  EXPECT_NEAR(chosen.at("link_prediction").at("makespan").get<double>(), simulated, 1e-9 * simulated);
  EXPECT_GT(chosen.at("contention").at("oversubscribed_links").get<std::size_t>(), 0u);
  for (std::size_t other : {k - 1, k + 1, k / 2, 2 * k, std::size_t{20}}) {
    if (other == 0 || other == k)
      continue;
    const auto fixed = run_of(simulate_json({tiers, "--tree", plan, "--size", "64MiB", "--slices", std::to_string(other)}),
                              "tree:ecef");
    EXPECT_LE(simulated, fixed.at("simulated").at("makespan").get<double>() * (1 + 1e-9))
        << "K " << k << " against " << other;
  }
}

// A multi-tree plan's rates are slices per second of the slice size it was packed for. Under
// --slices auto each form is packed again for the count chosen: its row is the row of the same
// form run with that count given (the same optimum, weights and throughput), and best's multi-tree
// finalist is the program's plan at its own count.
TEST(SlicesAuto, MultiTreePlansArePackedForTheCountChosen)
{
  const std::string tiers = std::string(HBCAST_TEST_PLATFORM_DIR) + "/tiers_30.xml";
  for (const std::string scheduler : {"multi-tree", "multi-tree-capped", "multi-tree-periodic"}) {
    SCOPED_TRACE(scheduler);
    // The forms run their plan even where one of its trees alone is predicted faster.
    const auto run_with = [&](const std::string& slices) {
      std::vector<std::string> arguments{tiers, "-s", scheduler, "--size", "64MiB", "--slices", slices};
      if (scheduler != "multi-tree")
        arguments.insert(arguments.end(), {"--param", "alone=0"});
      return run_of(simulate_json(arguments), scheduler);
    };
    const auto chosen = run_with("auto");
    ASSERT_EQ(chosen.at("status"), "ok") << chosen.dump();
    const std::size_t k = chosen.at("slices");
    ASSERT_GT(k, 1u);
    const auto given = run_with(std::to_string(k));
    ASSERT_EQ(given.at("status"), "ok") << given.dump();
    const double optimum = given.at("plan").at("steady_state_optimum");
    EXPECT_NEAR(chosen.at("plan").at("steady_state_optimum").get<double>(), optimum, 1e-9 * optimum);
    EXPECT_EQ(chosen.at("plan").at("weights"), given.at("plan").at("weights"));
    EXPECT_NEAR(chosen.at("simulated").at("throughput").get<double>(),
                given.at("simulated").at("throughput").get<double>(),
                1e-9 * given.at("simulated").at("throughput").get<double>());
    // The program's optimum in bytes per second, whatever K: not one slice's share of it.
    const double one_slice = run_with("1").at("plan").at("steady_state_optimum");
    EXPECT_GT(optimum, 0.5 * one_slice) << "K " << k;
  }
  // hetero_star.xml at 64 MiB: best's choice is multi-tree's plan, multi-port, at its own count.
  const auto best = run_of(simulate_json({kStar, "-s", "best", "--size", "64MiB"}), "best");
  ASSERT_EQ(best.at("best").at("scheduler"), "multi-tree") << best.dump();
  ASSERT_EQ(best.at("port"), "multi-port");
  const auto plan = run_of(simulate_json({kStar, "-s", "multi-tree", "--size", "64MiB", "--port", "multi", "--slices",
                                          std::to_string(best.at("slices").get<std::size_t>())}),
                           "multi-tree");
  const double optimum = plan.at("plan").at("steady_state_optimum");
  EXPECT_NEAR(best.at("plan").at("steady_state_optimum").get<double>(), optimum, 1e-9 * optimum);
  EXPECT_EQ(best.at("plan").at("weights"), plan.at("plan").at("weights"));
}

// One cluster of 16 hosts behind a SHARED backbone of two host links' bandwidth, 16 MiB: an atomic
// tree's later rounds share the backbone (binomial: 1.0745 s replayed, 0.5377 s by its ports),
// and no schedule beats the backbone's 15 x 16 MiB / 2.5e8 B/s = 1.006633 s. best ranks the
// contending trees by their max-min prediction (or drops them by their lower bound), so its
// choice replays within 0.1% of that bound.
TEST(Best, SharedBackboneChoiceIsPipelined)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/backbone.xml";
  const auto generated = run_hbcast(
      {"generate", "backbone", "--clusters", "1", "--nodes", "16", "--bb-bandwidth", "2.5e8", "-o", platform});
  ASSERT_EQ(generated.exit_status, 0) << generated.err;
  const auto best = run_of(simulate_json({platform, "-s", "best", "--size", "16MiB"}), "best");
  ASSERT_EQ(best.at("status"), "ok");
  const double backbone = 15.0 * 16.0 * 1048576.0 / 2.5e8;
  const double simulated = best.at("simulated").at("makespan");
  EXPECT_GE(simulated, backbone * (1 - 1e-9));
  EXPECT_LE(simulated, backbone * 1.001) << best.dump();
  EXPECT_GT(best.at("slices").get<std::size_t>(), 1u);
}

// Two sites of 2 clusters x 2 hosts (host links 125 MB/s, a WAN of about 2.9 ms). A single
// tree's edge carries one slice at a time, each paying its route's latency, so a tree across the
// WAN pipelines badly; a multi-port plan of several trees sends each slice as soon as it is held,
// its slices overlap on the WAN and the latency is paid once. best picks such a plan at the most
// slices: no tree nor `two-tree` at its own best count is faster, in either port model, and every
// single tree is slower by a quarter (measured: 0.0196 s against link-fnf's 0.0263 s). No
// broadcast beats a remote host's 1 MiB through its own link: 2^20 / 1.25e8 s.
TEST(Best, AcrossAWanTheSlicesOfAPlanOverlap)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/multisite.xml";
  const auto generated = run_hbcast({"generate", "multisite", "--sites", "2", "--clusters-per-site", "2",
                                     "--nodes-per-cluster", "2", "-o", platform});
  ASSERT_EQ(generated.exit_status, 0) << generated.err;
  const auto report = simulate_json({platform, "-s", "best", "--size", "1MiB", "--slices", "auto"});
  const auto best = run_of(report, "best");
  ASSERT_EQ(best.at("status"), "ok");
  EXPECT_EQ(best.at("port"), "multi-port");
  EXPECT_EQ(best.at("slices"), report.at("max_slices"));
  EXPECT_GT(best.at("plan").at("trees").get<int>(), 1) << best.dump();
  const double chosen = best.at("simulated").at("makespan");
  EXPECT_GE(chosen, 1048576.0 / 1.25e8);
  double fastest_plan = INFINITY, fastest_tree = INFINITY;
  for (const std::string port : {"one", "multi"}) {
    const auto all = simulate_json(
        {platform, "-s", "all,two-tree", "--size", "1MiB", "--slices", "auto", "--port", port});
    for (const auto& other : all.at("runs")) {
      if (other.at("status") != "ok")
        continue;
      const double simulated = other.at("simulated").at("makespan");
      fastest_plan = std::min(fastest_plan, simulated);
      if (!other.contains("plan") || other.at("plan").at("trees") == 1)
        fastest_tree = std::min(fastest_tree, simulated);
    }
  }
  ASSERT_TRUE(std::isfinite(fastest_tree));
  EXPECT_LE(chosen, fastest_plan * (1 + 1e-9));
  EXPECT_LT(chosen, 0.8 * fastest_tree) << "best " << chosen << " s, the fastest single tree " << fastest_tree << " s";
}

TEST(SlicesAuto, BadValuesAreOneLine)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "fnf", "--slices", "automatic"}), "'auto'");
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "fnf", "--slices", "auto", "--max-slices", "0"}),
                        "--max-slices");
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "fnf", "--slices", "auto", "--gantt", "g.svg"}),
                        "--gantt draws atomic broadcasts");
}

// On the star every one-port plan's prediction is its replay (private links): best's winner is no
// slower than any scheduler's own tree at its own best slice count, one-port.
TEST(Best, NoSchedulerBeatsItsChoiceOnAContentionFreeStar)
{
  const auto best = simulate_json({kStar, "-s", "best", "--size", "4MiB"});
  const auto& run = best.at("runs")[0];
  ASSERT_EQ(run.at("status"), "ok");
  const auto& choice = run.at("best");
  EXPECT_GT(choice.at("candidates").get<std::size_t>(), 40u);  // every scheduler, both port models
  EXPECT_GE(choice.at("replayed").get<std::size_t>(), 1u);
  EXPECT_EQ(run.at("slices"), choice.at("slices"));
  EXPECT_EQ(run.at("port"), choice.at("port"));
  EXPECT_FALSE(choice.at("runner_up").at("scheduler").get<std::string>().empty());
  EXPECT_GE(choice.at("runner_up").at("margin").get<double>(), 0.0);  // by replay when several were replayed
  const double chosen = run.at("simulated").at("makespan");
  const auto all = simulate_json({kStar, "-s", "all", "--size", "4MiB", "--slices", "auto"});
  for (const auto& other : all.at("runs")) {
    if (other.at("status") == "ok") {
      EXPECT_LE(chosen, other.at("simulated").at("makespan").get<double>() * (1 + 1e-9)) << other.at("scheduler");
    }
  }
}

// The table names the plan chosen and ends with what to deploy and the plan file.
TEST(Best, TableAndVerdict)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  const auto result = run_hbcast({"simulate", platform, "-s", "best,binomial", "--size", "16MiB", "--plan",
                                  dir.path() + "/plan.json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("best of "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("deploy    best's choice "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("; plan " + dir.path() + "/plan.best.json"), std::string::npos) << result.out;
  const auto plan = nlohmann::json::parse(read_file(dir.path() + "/plan.best.json"));
  EXPECT_GT(plan.at("slices").get<std::size_t>(), 1u);  // 16 MiB over 16 hosts pipelines
}

// Beside SMPI's algorithms, the deployed plan runs in SMPI too and is compared with the fastest
// algorithm and with each library's default selector.
TEST(Best, AgainstMpiWithTheLibrariesDefaults)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  const auto result = run_hbcast({"simulate", platform, "-s", "best", "--size", "1MiB", "--mpi-baselines"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  for (const char* expected : {"Against MPI (hbcast: best ", "libhbcast_mpi in SMPI", "fastest algorithm",
                               "MPICH's default", "Open MPI's default", "Intel MPI's default", "MVAPICH2's default",
                               "x the best MPI algorithm (mpi:"})
    EXPECT_NE(result.out.find(expected), std::string::npos) << expected << "\n" << result.out;
  const auto report = simulate_json({platform, "-s", "best", "--size", "1MiB", "--mpi-baselines"});
  const double deployed = report.at("deployed_smpi");
  const double replayed = report.at("runs")[0].at("simulated").at("makespan");
  // The same plan in SMPI (which adds 16 bytes to each message): close to hbcast's replay.
  EXPECT_GT(deployed, 0.5 * replayed);
  EXPECT_LT(deployed, 2.0 * replayed);
  EXPECT_NEAR(report.at("deploy").at("ratio_to_best_mpi").get<double>(),
              deployed / report.at("deploy").at("best_mpi").at("simulated").get<double>(), 1e-12);
  // The plan deployed is the fastest in SMPI of best's finalists (several plans, both port models).
  const auto& choice = report.at("runs")[0].at("best");
  const auto& finalists = choice.at("smpi_finalists");
  ASSERT_GE(finalists.size(), 2u);
  double fastest = INFINITY;
  for (const auto& finalist : finalists)
    fastest = std::min(fastest, finalist.at("smpi").get<double>());
  EXPECT_EQ(deployed, fastest);
  EXPECT_EQ(choice.at("runner_up").at("margin_basis"), "SMPI");
  EXPECT_GE(choice.at("runner_up").at("margin").get<double>(), 0.0);
}

// A link-aware tree is paced for its slices' bytes; SMPI sends 16 more per message. The plan best
// deploys is paced for SMPI's messages, so that SMPI runs it as the replay does: within what the
// envelope adds (K x 16 bytes over the message), and ahead of every MPI algorithm here. Paced for
// the plan's own bytes, a link-aware choice's sends would meet on the backbones under SMPI.
TEST(Best, DeployedPlanRunsInSmpiAsItsReplay)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/backbone.xml";
  const auto generated = run_hbcast(
      {"generate", "backbone", "--clusters", "4", "--nodes", "8", "--bb-bandwidth", "2.5e8", "-o", platform});
  ASSERT_EQ(generated.exit_status, 0) << generated.err;
  const double bytes = 1048576.0;
  const auto report = simulate_json({platform, "-s", "best", "--size", "1MiB", "--mpi-baselines"});
  const auto& best = run_of(report, "best");
  ASSERT_EQ(best.at("status"), "ok");
  const double replayed = best.at("simulated").at("makespan");
  const double deployed = report.at("deployed_smpi");
  const double envelope = 16.0 * best.at("slices").get<double>() / bytes;
  EXPECT_LE(std::abs(deployed / replayed - 1.0), envelope + 1e-6) << best.at("best").dump();
  EXPECT_LE(report.at("deploy").at("ratio_to_best_mpi").get<double>(), 1.0) << report.at("deploy").dump();
}

// Sweeps: slices: auto, and best's plan run in SMPI beside the MPI rows (smpi_makespan).
TEST(Best, SweepRowsCarryTheirPlans)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  const auto scenario = dir.write("s.yaml", "name: plans\nplatform:\n  file: " + platform +
                                                "\nschedulers: [chain, best]\nsizes: [1MiB]\nslices: [auto]\n"
                                                "mpi_baselines: [binomial_tree]\n");
  const auto result = run_hbcast({"sweep", scenario, "--format", "jsonl", "-o", dir.path() + "/rows.jsonl"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  std::istringstream lines(read_file(dir.path() + "/rows.jsonl"));
  std::size_t rows = 0;
  for (std::string line; std::getline(lines, line); ++rows) {
    const auto row = nlohmann::json::parse(line);
    EXPECT_EQ(row.at("status"), "ok") << line;
    if (row.at("scheduler") == "chain") {
      EXPECT_EQ(row.at("slices"), "auto");
      EXPECT_GT(row.at("run_slices").get<std::size_t>(), 1u);
      EXPECT_TRUE(row.at("smpi_makespan").is_null());
    } else if (row.at("scheduler") == "best") {
      EXPECT_FALSE(row.at("best_plan").get<std::string>().empty());
      EXPECT_GE(row.at("smpi_makespan").get<double>(), row.at("simulated_makespan").get<double>());
    }
  }
  EXPECT_EQ(rows, 3u);
}
