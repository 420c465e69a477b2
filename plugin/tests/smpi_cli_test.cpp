// `hbcast smpi`: libhbcast_mpi compiled with smpicxx and run by smpirun, beside hbcast's prediction
// and replay. On a contention-free platform (hetero_star.xml: private split-duplex links, one-port
// trees) the three agree once SMPI's 16-byte envelope per message is added to hbcast's sizes and
// the broadcast is timed from the moment every rank is ready: a lone transfer of S bytes over a
// route takes latency + (S + 16) / bandwidth in SMPI as in hbcast's exact mode.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kStar = std::string(HBCAST_TEST_PLATFORM_DIR) + "/hetero_star.xml";

// Every scheduler's plan on the star, then each one through `hbcast smpi`.
void expect_smpi_equals_replay(const std::vector<std::string>& mode)
{
  TemporaryDirectory dir;
  std::vector<std::string> simulate = {"simulate", kStar, "-s", "all", "--size", "4MiB", "--format", "json",
                                       "--plan", dir.path() + "/plan.json"};
  simulate.insert(simulate.end(), mode.begin(), mode.end());
  const auto simulated = run_hbcast(simulate);
  ASSERT_EQ(simulated.exit_status, 0) << simulated.err;
  const auto report = nlohmann::json::parse(simulated.out);
  // Every scheduler, Beaumont-Marchal-Robert's seven over the star's routes (issue 16).
  ASSERT_GE(report.at("runs").size(), 26u);
  ASSERT_EQ(report.at("skipped").size(), 0u);
  for (const auto& run : report.at("runs")) {
    const std::string scheduler = run.at("scheduler");
    SCOPED_TRACE(scheduler);
    const auto result = run_hbcast({"smpi", "--plan", dir.path() + "/plan." + scheduler + ".json", "--format", "json"});
    ASSERT_EQ(result.exit_status, 0) << result.err;
    const auto comparison = nlohmann::json::parse(result.out);
    EXPECT_EQ(comparison.at("message_bytes").get<double>(), 4194304.0);
    EXPECT_EQ(comparison.at("modeled_bytes").get<double>(), 4194304.0 + 16.0 * report.at("slices").get<double>());
    const double smpi = comparison.at("smpi"), replayed = comparison.at("replayed");
    const double predicted = comparison.at("predicted");
    EXPECT_LE(std::abs(smpi - replayed), 1e-6 * replayed) << "SMPI " << smpi << " replay " << replayed;
    EXPECT_LE(std::abs(smpi - predicted), 1e-6 * predicted) << "SMPI " << smpi << " prediction " << predicted;
    // The replay of the envelope-sized message is slower than the plan's own figure by the envelope.
    EXPECT_GT(replayed, run.at("simulated").at("makespan").get<double>());
  }
}

}  // namespace

TEST(SmpiAgreement, EverySchedulerAtomicOnAContentionFreeStar)
{
  expect_smpi_equals_replay({});
}

TEST(SmpiAgreement, EverySchedulerPipelinedOnAContentionFreeStar)
{
  expect_smpi_equals_replay({"--slices", "4"});
}

TEST(SmpiAgreement, APacedPlanRunsWithItsPacing)
{
  // link-binomial with slices paces its tree (a slice period) so that no shared link of the
  // small_platform-shaped fixture is over-subscribed; the plan carries the period and
  // libhbcast_mpi sends slice j of an edge no earlier than its start + j periods. Paced, SMPI meets
  // the prediction; the same tree unpaced over-subscribes links and SMPI misses it.
  TemporaryDirectory dir;
  const std::string platform = std::string(HBCAST_TEST_FIXTURE_DIR) + "/small_platform_like.xml";
  const std::string plan = dir.path() + "/paced.json";
  ASSERT_EQ(run_hbcast({"simulate", platform, "-s", "link-binomial", "--size", "4MiB", "--slices", "8", "--plan", plan})
                .exit_status,
            0);
  auto json = nlohmann::json::parse(read_file(plan));
  ASSERT_EQ(json.at("trees").size(), 1u);
  const double period = json.at("trees").at(0).at("slice_period");
  EXPECT_GT(period, 0.0);
  const auto smpi_and_prediction = [](const std::string& file) {
    const auto result = run_hbcast({"smpi", "--plan", file, "--format", "json"});
    EXPECT_EQ(result.exit_status, 0) << result.err;
    const auto comparison = nlohmann::json::parse(result.out);
    return std::pair<double, double>{comparison.at("smpi"), comparison.at("predicted")};
  };
  const auto [paced, paced_prediction] = smpi_and_prediction(plan);
  EXPECT_LE(std::abs(paced - paced_prediction), 1e-6 * paced_prediction)
      << "SMPI " << paced << " prediction " << paced_prediction;
  json["trees"][0].erase("slice_period");
  const auto [unpaced, unpaced_prediction] = smpi_and_prediction(dir.write("unpaced.json", json.dump()));
  EXPECT_GT(std::abs(unpaced - unpaced_prediction), 0.01 * unpaced_prediction)
      << "SMPI " << unpaced << " prediction " << unpaced_prediction;
}

TEST(SmpiCli, TableNamesTheSettingsAndTheEnvelope)
{
  TemporaryDirectory dir;
  ASSERT_EQ(run_hbcast({"simulate", kStar, "-s", "mpich-binomial", "--size", "1MB", "--plan", dir.path() + "/p.json"})
                .exit_status,
            0);
  const auto result = run_hbcast({"smpi", kStar, "--plan", dir.path() + "/p.json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  for (const char* expected : {"plan      ", "scheduler mpich-binomial", "SMPI adds 16 bytes", "1000016 bytes",
                               "--cfg=smpi/lat-factor:0:1", "hbcast prediction (pairwise)", "hbcast replay (SimGrid)",
                               "SMPI, libhbcast_mpi"})
    EXPECT_NE(result.out.find(expected), std::string::npos) << expected << "\n" << result.out;
}

TEST(SmpiCli, BadInputIsOneLine)
{
  TemporaryDirectory dir;
  const std::string plan = dir.path() + "/p.json";
  ASSERT_EQ(run_hbcast({"simulate", kStar, "-s", "flat", "--size", "1MB", "--slices", "3", "--plan", plan}).exit_status, 0);
  expect_one_line_error(run_hbcast({"smpi", "--plan", dir.path() + "/missing.json"}), "cannot read plan '");
  expect_one_line_error(run_hbcast({"smpi", "--plan", dir.write("bad.json", "{\"format\": \"x\"}")}),
                        "not an hbcast plan");
  expect_one_line_error(run_hbcast({"smpi", "--plan", plan, "--size", "2"}),
                        "a message of 2 bytes cannot be cut into the plan's 3 slices");
  expect_one_line_error(run_hbcast({"smpi", "--plan", plan, "--size", "3GiB"}), "at most 2 GiB - 1");
  expect_one_line_error(run_hbcast({"smpi"}), "--plan is required");
}

TEST(PlanCli, OnePlanPerSchedulerMatchingTheReport)
{
  TemporaryDirectory dir;
  const auto result = run_hbcast({"simulate", kStar, "-s", "fnf,mpich-binomial", "--size", "1MB", "--slices", "3",
                                  "--root", "h2", "--plan", dir.path() + "/t.json", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const auto& run : report.at("runs")) {
    const std::string scheduler = run.at("scheduler");
    const auto plan = nlohmann::json::parse(read_file(dir.path() + "/t." + scheduler + ".json"));
    EXPECT_EQ(plan.at("format"), "hbcast-plan");
    EXPECT_EQ(plan.at("version"), 1);
    EXPECT_EQ(plan.at("scheduler"), scheduler);
    EXPECT_EQ(plan.at("platform"), kStar);
    EXPECT_EQ(plan.at("root"), "h2");
    EXPECT_EQ(plan.at("hosts").size(), 16u);
    EXPECT_EQ(plan.at("message_bytes"), 1e6);
    EXPECT_EQ(plan.at("slices"), 3);
    EXPECT_EQ(plan.at("port"), "one-port");
    ASSERT_EQ(plan.at("trees").size(), 1u);
    EXPECT_EQ(plan.at("trees")[0].at("weight"), 1.0);
    EXPECT_EQ(plan.at("trees")[0].at("edges").size(), 15u);
    EXPECT_EQ(plan.at("predicted_makespan"), run.at("pairwise").at("makespan"));
    EXPECT_EQ(plan.at("simulated_makespan"), run.at("simulated").at("makespan"));
  }
  // MPICH's tree from h2 (rank r is host h(r + 2)): the root sends to ranks 8, 4, 2, 1 first.
  const auto mpich = nlohmann::json::parse(read_file(dir.path() + "/t.mpich-binomial.json"));
  const auto& edges = mpich.at("trees")[0].at("edges");
  const char* first_children[] = {"h10", "h6", "h4", "h3"};
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(edges[k].at("from"), "h2");
    EXPECT_EQ(edges[k].at("to"), first_children[k]);
  }
}

TEST(PlanCli, OneSchedulerWritesTheFileNamedAndBadPathsAreOneLine)
{
  TemporaryDirectory dir;
  ASSERT_EQ(run_hbcast({"simulate", kStar, "-s", "flat", "--plan", dir.path() + "/p.json"}).exit_status, 0);
  EXPECT_NE(read_file(dir.path() + "/p.json").find("\"hbcast-plan\""), std::string::npos);
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "flat", "--plan", dir.path() + "/no/such/dir/p.json"}),
                        "no/such/dir/p.json");
}

TEST(MpiBaselines, SmpisBinomialTreeIsMpichBinomialAndTheWinnerIsMarked)
{
  const auto result =
      run_hbcast({"simulate", kStar, "-s", "mpich-binomial,flat", "--size", "1MB", "--mpi-baselines", "--format", "json"});
  const auto report = nlohmann::json::parse(result.out);
  const auto& baselines = report.at("mpi_baselines");
  EXPECT_EQ(baselines.size(), 24u);
  // An algorithm SMPI could not finish (arrival_pattern_aware deadlocks here) makes the exit status 1
  // and is named on stderr; SMP_linear, which cannot run with one rank per host, is explained only.
  bool failed = false;
  for (const auto& baseline : baselines)
    if (baseline.at("status") == "failed") {
      failed = true;
      EXPECT_NE(result.err.find("'mpi:" + baseline.at("algorithm").get<std::string>() + "' failed"), std::string::npos)
          << result.err;
    } else if (baseline.at("algorithm") == "SMP_linear") {
      EXPECT_EQ(baseline.at("status"), "not-applicable");
    }
  EXPECT_EQ(result.exit_status, failed ? 1 : 0) << result.err;
  double best = report.at("runs")[0].at("simulated").at("makespan");
  std::string winner = report.at("runs")[0].at("scheduler");
  for (const auto& run : report.at("runs"))
    if (run.at("simulated").at("makespan").get<double>() < best) {
      best = run.at("simulated").at("makespan");
      winner = run.at("scheduler");
    }
  const double mpich_binomial = report.at("runs")[0].at("simulated").at("makespan");
  for (const auto& baseline : baselines) {
    if (baseline.at("simulated").is_null())
      continue;
    const double simulated = baseline.at("simulated");
    if (simulated < best) {
      best = simulated;
      winner = "mpi:" + baseline.at("algorithm").get<std::string>();
    }
    // Same tree, same contention-free star: SMPI's time is hbcast's replay plus the 16-byte envelope
    // on each of the 4 rounds' transfers, a relative 1.6e-5 at most.
    if (baseline.at("algorithm") == "binomial_tree") {
      EXPECT_GT(simulated, mpich_binomial);
      EXPECT_LT(simulated, mpich_binomial * (1 + 2e-5));
    }
  }
  EXPECT_EQ(report.at("winner"), winner);
  const auto table = run_hbcast({"simulate", kStar, "-s", "flat", "--size", "1MB", "--mpi-baselines"});
  EXPECT_EQ(table.exit_status, failed ? 1 : 0) << table.err;
  for (const char* expected : {"mpi:binomial_tree", "SMPI MPI_Bcast (no prediction)", "overall winner: ", "mpi:impi"})
    EXPECT_NE(table.out.find(expected), std::string::npos) << expected << "\n" << table.out;
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "flat", "--mpi-baselines", "--members", "h1"}),
                        "--mpi-baselines compares broadcasts");
}
