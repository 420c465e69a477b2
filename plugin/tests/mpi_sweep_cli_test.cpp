// The sweep key `mpi_baselines` (issue 17, item 4): SMPI's own MPI_Bcast algorithms as rows
// "mpi:NAME" beside hbcast's schedulers, with resume, fingerprint and errors as for any point.
// On hetero_star.xml (private links, no contention) SMPI's binomial_tree is hbcast's
// mpich-binomial tree; SMPI adds a 16-byte envelope to every message, so each of its transfers of
// S bytes takes 16 / bandwidth longer: 0 < (SMPI - replay) / replay <= 16 / S.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kStar = std::string(HBCAST_TEST_PLATFORM_DIR) + "/hetero_star.xml";

std::string scenario_text(const std::string& baselines, const std::string& extra = "")
{
  return "name: mpi_rows\nplatform:\n  file: " + kStar +
         "\nschedulers: [mpich-binomial, fnf]\nsizes: [1MiB]\nslices: [1, 4]\nmpi_baselines: " + baselines + "\n" +
         extra;
}

std::vector<nlohmann::json> rows_of(const std::string& path)
{
  std::vector<nlohmann::json> rows;
  std::istringstream lines(read_file(path));
  for (std::string line; std::getline(lines, line);)
    rows.push_back(nlohmann::json::parse(line));
  return rows;
}

std::map<std::string, nlohmann::json> atomic_rows_by_scheduler(const std::vector<nlohmann::json>& rows)
{
  std::map<std::string, nlohmann::json> by_scheduler;
  for (const auto& row : rows)
    if (row.at("slices").is_null() || row.at("slices") == 1)
      by_scheduler[row.at("scheduler")] = row;
  return by_scheduler;
}

}  // namespace

TEST(MpiSweep, BaselineRowsBesideTheSchedulers)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("s.yaml", scenario_text("[binomial_tree, flattree]"));
  const auto output = dir.path() + "/rows.jsonl";
  const auto result = run_hbcast({"sweep", scenario, "-j", "2", "--format", "jsonl", "-o", output});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto rows = rows_of(output);
  ASSERT_EQ(rows.size(), 2u * 2 + 2);  // 2 schedulers x 2 slice counts, then 2 baselines once
  const auto by_scheduler = atomic_rows_by_scheduler(rows);
  for (const char* name : {"mpi:binomial_tree", "mpi:flattree"}) {
    SCOPED_TRACE(name);
    const auto& row = by_scheduler.at(name);
    EXPECT_EQ(row.at("status"), "ok");
    EXPECT_TRUE(row.at("slices").is_null());  // SMPI segments as the algorithm does
    EXPECT_EQ(row.at("port"), "");
    EXPECT_EQ(row.at("hosts"), 16);
    EXPECT_EQ(row.at("root"), by_scheduler.at("fnf").at("root"));
    EXPECT_TRUE(row.at("pairwise_makespan").is_null());  // no prediction
    EXPECT_GT(row.at("simulated_makespan").get<double>(), 0.0);
  }
  const double smpi = by_scheduler.at("mpi:binomial_tree").at("simulated_makespan");
  const double replay = by_scheduler.at("mpich-binomial").at("simulated_makespan");
  EXPECT_GT(smpi, replay);
  EXPECT_LE((smpi - replay) / replay, 16.0 / 1048576.0) << "SMPI " << smpi << ", replay " << replay;
  EXPECT_NE(by_scheduler.at("mpi:flattree").at("simulated_makespan"), smpi);
}

TEST(MpiSweep, ResumeRunsOnlyTheMissingBaselineAndGivesTheSameRows)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("s.yaml", scenario_text("[binomial_tree, flattree]"));
  const auto output = dir.path() + "/rows.csv";
  ASSERT_EQ(run_hbcast({"sweep", scenario, "-j", "1", "-o", output}).exit_status, 0);
  const std::string complete = read_file(output);
  const std::string cut = complete.substr(0, complete.rfind('\n', complete.size() - 2) + 1);  // drop the last row
  dir.write("rows.csv", cut);
  const auto resumed = run_hbcast({"sweep", scenario, "-j", "1", "--resume", "-o", output});
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("5 already done, 1 run"), std::string::npos) << resumed.out;
  EXPECT_EQ(read_file(output), complete);
}

TEST(MpiSweep, TheBaselinesEnterTheFingerprint)
{
  TemporaryDirectory dir;
  const auto output = dir.path() + "/rows.jsonl";
  const auto first = dir.write("a.yaml", scenario_text("[binomial_tree]"));
  ASSERT_EQ(run_hbcast({"sweep", first, "--format", "jsonl", "-o", output}).exit_status, 0);
  const std::string fingerprint = rows_of(output).front().at("fingerprint");
  const auto second = dir.write("b.yaml", scenario_text("[flattree]"));
  expect_one_line_error(run_hbcast({"sweep", second, "--format", "jsonl", "--resume", "-o", output}), "fingerprint");
  const auto other = dir.path() + "/other.jsonl";
  ASSERT_EQ(run_hbcast({"sweep", second, "--format", "jsonl", "-o", other}).exit_status, 0);
  EXPECT_NE(rows_of(other).front().at("fingerprint"), fingerprint);
}

TEST(MpiSweep, AnAlgorithmSmpiCannotRunIsExplainedInItsRowOnly)
{
  TemporaryDirectory dir;
  // SMP_linear needs several ranks per host: with one it deadlocks in SMPI 3.32, so it is not run.
  const auto scenario = dir.write("s.yaml", scenario_text("[SMP_linear, binomial_tree]"));
  const auto output = dir.path() + "/rows.jsonl";
  const auto result = run_hbcast({"sweep", scenario, "--format", "jsonl", "-o", output});
  EXPECT_EQ(result.exit_status, 1);
  const auto by_scheduler = atomic_rows_by_scheduler(rows_of(output));
  EXPECT_EQ(by_scheduler.at("mpi:SMP_linear").at("status"), "not-applicable");
  EXPECT_NE(by_scheduler.at("mpi:SMP_linear").at("error").get<std::string>().find("several ranks per host"),
            std::string::npos);
  EXPECT_EQ(by_scheduler.at("mpi:binomial_tree").at("status"), "ok");
  EXPECT_EQ(by_scheduler.at("fnf").at("status"), "ok");
}

TEST(MpiSweep, AllExpandsToEveryAlgorithm)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("s.yaml", scenario_text("all"));
  // 2 schedulers x 2 slice counts, then SMPI 3.32's 24 algorithms (impi last): the shard 27/28
  // holds the last point only, and it is the last algorithm's.
  const auto output = dir.path() + "/rows.jsonl";
  const auto result = run_hbcast({"sweep", scenario, "--shard", "27/28", "--format", "jsonl", "-o", output});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto rows = rows_of(output);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows.front().at("point"), 27);
  EXPECT_EQ(rows.front().at("scheduler"), "mpi:impi");
  EXPECT_EQ(rows.front().at("status"), "ok");
}

TEST(MpiSweep, BadValuesAreOneLineErrors)
{
  TemporaryDirectory dir;
  const auto unknown = dir.write("unknown.yaml", scenario_text("[binomial_tree, nope]"));
  expect_one_line_error(run_hbcast({"sweep", unknown}), "unknown MPI_Bcast algorithm 'nope'");
  const auto twice = dir.write("twice.yaml", scenario_text("[flattree, flattree]"));
  expect_one_line_error(run_hbcast({"sweep", twice}), "'flattree' is listed twice");
  const auto multicast = dir.write("multicast.yaml", scenario_text("[flattree]", "member_fraction: 0.5\n"));
  expect_one_line_error(run_hbcast({"sweep", multicast}), "member_fraction' must include 0");
  const auto empty = dir.write("empty.yaml", scenario_text("[]"));
  expect_one_line_error(run_hbcast({"sweep", empty}), "mpi_baselines");
}
