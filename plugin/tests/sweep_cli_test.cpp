// `hbcast sweep` and `hbcast merge` as users run them: a grid of 3 schedulers x 3 sizes x 2 port
// models x 8 random platforms runs with two workers, survives kill -9 and resumes with no missing
// or duplicated row, and shards merge back to the same bytes.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace hbcast::test_support;

namespace {

const char* const kGrid = R"(name: grid
platform:
  generator: random
  parameters:
    nodes: 8
    density: 0.3
schedulers: [flat, binomial, fnf]
sizes: [64KiB, 1MiB, 4MiB]
slices: 4
port: [one, multi]
repetitions: 8
seed: 7
)";


std::vector<std::string> lines_of(const std::string& text)
{
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    lines.push_back(line);
  return lines;
}

std::size_t line_count(const std::string& path)
{
  return lines_of(read_file(path)).size();
}


}  // namespace

TEST(Sweep, RunsResumesAfterKillAndShardsToTheSameRows)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("grid.yaml", kGrid);
  const std::string full = dir.path() + "/full.csv";
  auto result = run_hbcast({"sweep", scenario, "-j", "2", "-o", full});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto rows = lines_of(read_file(full));
  ASSERT_EQ(rows.size(), 1u + 3 * 3 * 2 * 8);  // header + every point
  for (std::size_t k = 1; k < rows.size(); ++k) {
    ASSERT_EQ(rows[k].rfind(std::to_string(k - 1) + ",", 0), 0u) << "rows sorted by point id";
    ASSERT_NE(rows[k].find(",ok,"), std::string::npos) << rows[k];
  }

  // Same scenario and seed: byte-identical rows.
  const std::string again = dir.path() + "/again.csv";
  ASSERT_EQ(run_hbcast({"sweep", scenario, "-j", "1", "-o", again}).exit_status, 0);
  EXPECT_EQ(read_file(again), read_file(full));

  // kill -9 in the middle, then --resume.
  const std::string killed = dir.path() + "/killed.csv";
  const pid_t sweep = fork();
  if (sweep == 0) {
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    execl(hbcast_executable(), hbcast_executable(), "sweep", scenario.c_str(), "-j", "2", "-o", killed.c_str(), nullptr);
    _exit(127);
  }
  while (access(killed.c_str(), F_OK) != 0 || line_count(killed) < 60)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(sweep, SIGKILL);
  waitpid(sweep, nullptr, 0);
  const std::size_t before = line_count(killed);
  ASSERT_LT(before, rows.size()) << "the sweep finished before it could be killed";
  result = run_hbcast({"sweep", scenario, "-j", "2", "-o", killed, "--resume"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(read_file(killed), read_file(full)) << "resumed after " << before - 1 << " rows";

  // Three shards, merged.
  std::vector<std::string> shards;
  for (int shard = 0; shard < 3; ++shard) {
    shards.push_back(dir.path() + "/shard" + std::to_string(shard) + ".csv");
    ASSERT_EQ(run_hbcast({"sweep", scenario, "--shard", std::to_string(shard) + "/3", "-o", shards.back()}).exit_status, 0);
  }
  const std::string merged = dir.path() + "/merged.csv";
  result = run_hbcast({"merge", scenario, shards[0], shards[1], shards[2], "-o", merged});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(read_file(merged), read_file(full));

  // A missing shard (its ids are 2 modulo 3: 48, of which 40 are listed) and a duplicated one are named.
  expect_one_line_error(run_hbcast({"merge", scenario, shards[0], shards[1], "-o", dir.path() + "/m2.csv"}),
                        "48 of 144 points missing (2, 5, 8, 11, ");
  expect_one_line_error(run_hbcast({"merge", scenario, shards[0], shards[1], "-o", dir.path() + "/m2.csv"}),
                        ", 113, 116, 119 and 8 more), first point 2 (scheduler ");
  expect_one_line_error(run_hbcast({"merge", scenario, shards[0], shards[0], "-o", dir.path() + "/m3.csv"}),
                        "appears twice");
}

TEST(Sweep, RefusesToOverwriteResultsWithoutResume)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("s.yaml", "platform:\n  generator: star\n  parameters:\n    nodes: 4\nschedulers: fnf\n");
  const auto existing = dir.write("out.csv", "precious\n");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", existing}), "exists: use --resume");
  EXPECT_EQ(read_file(existing), "precious\n");
}

TEST(Sweep, CrashingAndHangingPointsAreRecordedAndTheSweepGoesOn)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("bad.yaml", R"(platform:
  generator: star
  parameters:
    nodes: 6
schedulers: [fnf]
simgrid:
  - []
  - [network/model:FOO]
repetitions: 2
)");
  const std::string output = dir.path() + "/out.csv";
  auto result = run_hbcast({"sweep", scenario, "-o", output});
  ASSERT_EQ(result.exit_status, 1) << "some points failed: " << result.err;
  const auto rows = lines_of(read_file(output));
  ASSERT_EQ(rows.size(), 5u);
  std::size_t ok = 0, failed = 0;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    ok += rows[k].find(",ok,") != std::string::npos;
    failed += rows[k].find(",failed,\"SimGrid: Model 'FOO' is invalid") != std::string::npos;
  }
  EXPECT_EQ(ok, 2u);
  EXPECT_EQ(failed, 2u);

  const auto slow = dir.write("slow.yaml", "platform:\n  generator: star\n  parameters:\n    nodes: 800\n"
                                           "schedulers: fnf\ntimeout: 0.01\n");
  EXPECT_EQ(run_hbcast({"sweep", slow, "-o", dir.path() + "/slow.csv"}).exit_status, 1);
  EXPECT_NE(read_file(dir.path() + "/slow.csv").find(",timeout,timed out after 0.01 s"), std::string::npos);
}

TEST(Sweep, ScenarioErrorsNameFileKeyAndLine)
{
  TemporaryDirectory dir;
  auto unknown = dir.write("unknown.yaml", "platform:\n  generator: star\nschedulers: fnf\nsizez: 4MiB\n");
  expect_one_line_error(run_hbcast({"sweep", unknown}), unknown + ":4: key 'sizez': unknown key");
  auto bad_size = dir.write("size.yaml", "platform:\n  generator: star\nsizes: [1MiB, lots]\n");
  expect_one_line_error(run_hbcast({"sweep", bad_size}), bad_size + ":3: key 'sizes': size 'lots' is not a number");
  auto bad_scheduler = dir.write("sched.yaml", "platform:\n  generator: star\nschedulers: [fnf, nope]\n");
  expect_one_line_error(run_hbcast({"sweep", bad_scheduler}), ":3: key 'schedulers': unknown scheduler 'nope'");
  auto bad_parameter = dir.write("param.yaml", "platform:\n  generator: random\n  parameters:\n    nodez: 5\n");
  expect_one_line_error(run_hbcast({"sweep", bad_parameter}), ":4: key 'nodez'");
  auto malformed = dir.write("malformed.yaml", "platform: [unclosed\n");
  expect_one_line_error(run_hbcast({"sweep", malformed}), "malformed YAML");
  expect_one_line_error(run_hbcast({"sweep", dir.path() + "/none.yaml"}), "cannot read scenario file");
  auto fine = dir.write("fine.yaml", "platform:\n  generator: star\n");
  expect_one_line_error(run_hbcast({"sweep", fine, "--shard", "3/3"}), "shard '3/3'");
}

TEST(Sweep, SeedTimeoutAndRepetitionsMustBeNumbersOfTheirKind)
{
  TemporaryDirectory dir;
  const std::string base = "platform:\n  generator: star\nschedulers: fnf\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"seed: \" -1\"\n", ":4: key 'seed': seed must be a whole number in [0, 2^64) (got ' -1')"},
      {"seed: -1\n", ":4: key 'seed': seed must be a whole number in [0, 2^64) (got '-1')"},
      {"seed: 1.5\n", ":4: key 'seed': seed must be a whole number in [0, 2^64) (got '1.5')"},
      {"seed: 18446744073709551616\n", ":4: key 'seed': seed must be a whole number in [0, 2^64) (got '18446744073709551616')"},
      {"timeout: soon\n", ":4: key 'timeout': 'soon' is not a positive number of seconds"},
      {"timeout: 0\n", ":4: key 'timeout': '0' is not a positive number of seconds"},
      {"timeout: 5s\n", ":4: key 'timeout': '5s' is not a positive number of seconds"},
      {"repetitions: 0\n", ":4: key 'repetitions': '0' is not a positive integer"},
      {"repetitions: 2.5\n", ":4: key 'repetitions': '2.5' is not a positive integer"},
  };
  for (const auto& [line, fragment] : cases) {
    SCOPED_TRACE(line);
    const auto scenario = dir.write("bad.yaml", base + line);
    expect_one_line_error(run_hbcast({"sweep", scenario, "-o", dir.path() + "/bad.csv"}), scenario + fragment);
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/bad.csv"));
}

TEST(Sweep, ResumeAndMergeRefuseRowsOfAnotherScenario)
{
  TemporaryDirectory dir;
  const std::string base = "platform:\n  generator: star\n  parameters:\n    nodes: 4\n";
  const auto scenario = dir.write("s.yaml", base + "schedulers: [fnf, flat]\n");
  const std::string output = dir.path() + "/out.csv";
  ASSERT_EQ(run_hbcast({"sweep", scenario, "-o", output}).exit_status, 0);
  const std::string written = read_file(output);
  const auto rows = lines_of(written);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].rfind("point,scenario,fingerprint,platform,", 0), 0u) << rows[0];
  const std::string fingerprint = rows[1].substr(std::string("0,s,").size(), 32);
  EXPECT_EQ(rows[2].substr(std::string("1,s,").size(), 32), fingerprint) << "one fingerprint per scenario";

  // The scheduler list edited: the stored fnf row is not this scenario's binomial point.
  dir.write("s.yaml", base + "schedulers: [binomial, flat]\n");
  const std::string refusal = "does not match this scenario: point 0 has scheduler 'fnf' where the scenario has "
                              "'binomial'";
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", output, "--resume"}), "'" + output + "' " + refusal);
  EXPECT_EQ(read_file(output), written) << "a refused file is left as it was";
  expect_one_line_error(run_hbcast({"merge", scenario, output, "-o", dir.path() + "/merged.csv"}),
                        "'" + output + "' " + refusal);
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/merged.csv"));

  // Same points, another time limit: only the fingerprint tells.
  dir.write("s.yaml", base + "schedulers: [fnf, flat]\ntimeout: 30\n");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", output, "--resume"}),
                        "does not match this scenario: point 0 has fingerprint " + fingerprint);
  expect_one_line_error(run_hbcast({"merge", scenario, output, "-o", dir.path() + "/merged.csv"}),
                        "point 0 has fingerprint " + fingerprint);

  // The original scenario again: resume and merge accept the file.
  dir.write("s.yaml", base + "schedulers: [fnf, flat]\n");
  EXPECT_EQ(run_hbcast({"sweep", scenario, "-o", output, "--resume"}).exit_status, 0);
  EXPECT_EQ(run_hbcast({"merge", scenario, output, "-o", dir.path() + "/merged.csv"}).exit_status, 0);
  EXPECT_EQ(read_file(dir.path() + "/merged.csv"), written);
}
