// The sweep key `mpi_baselines` (issue 17, item 4): SMPI's own MPI_Bcast algorithms as rows
// "mpi:NAME" beside hbcast's schedulers, with resume, fingerprint and errors as for any point.
// On hetero_star.xml (private links, no contention) SMPI's binomial_tree is hbcast's
// mpich-binomial tree; SMPI adds a 16-byte envelope to every message, so each of its transfers of
// S bytes takes 16 / bandwidth longer: 0 < (SMPI - replay) / replay <= 16 / S.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <map>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

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


// The running processes (not zombies) whose command line names `marker`: smpirun and SMPI's
// simulator name the platform file they were given.
std::vector<pid_t> processes_naming(const std::string& marker)
{
  std::vector<pid_t> found;
  DIR* proc = opendir("/proc");
  if (proc == nullptr)
    return found;
  while (const dirent* entry = readdir(proc)) {
    const std::string name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    const std::string cmdline = read_file("/proc/" + name + "/cmdline");
    const std::string stat = read_file("/proc/" + name + "/stat");
    const auto comm_end = stat.rfind(')');
    const bool zombie = comm_end != std::string::npos && comm_end + 2 < stat.size() && stat[comm_end + 2] == 'Z';
    if (!zombie && cmdline.find(marker) != std::string::npos)
      found.push_back(static_cast<pid_t>(std::stol(name)));
  }
  closedir(proc);
  return found;
}

// `hbcast ARGUMENTS` started in the background, its output thrown away.
pid_t start_hbcast(const std::vector<std::string>& arguments)
{
  std::vector<std::string> copies = {hbcast_executable()};
  copies.insert(copies.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& argument : copies)
    argv.push_back(argument.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : -1;
}

// A sweep of SMPI's NTSL broadcast of 256 MiB on the 16 hosts of hetero_star.xml (minutes of CPU
// in SMPI; the message in SMPI's shared malloc) after a flat tree's point, its platform copied
// under `dir` so that smpirun's command line names it.
std::string long_smpi_scenario(const TemporaryDirectory& dir, const std::string& extra)
{
  dir.write("p.xml", read_file(kStar));
  return dir.write("s.yaml", "name: long\nplatform:\n  file: p.xml\nschedulers: [flat]\nsizes: [256MiB]\n"
                             "mpi_baselines: [NTSL]\n" + extra);
}

// Waits up to `seconds` (0: only looks) for `pid` to exit; its exit status, or -1 if it has not.
int wait_for_exit(pid_t pid, int seconds)
{
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (std::chrono::steady_clock::now() >= give_up)
      return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
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

// A point that times out while smpirun runs ends smpirun and SMPI's simulator with its worker:
// smpirun runs in a process group of its own, which killing the worker's group missed (they ran
// on for minutes). The limit leaves smpirun time to start (hbcast's part scaled for a sanitized
// build, not SMPI's); the SMPI run takes far longer.
TEST(MpiSweep, ATimedOutBaselineLeavesNoSmpirunRunning)
{
  TemporaryDirectory dir;
  const int limit = scaled_seconds(3) + 10;
  const auto scenario = long_smpi_scenario(dir, "timeout: " + std::to_string(limit) + "\n");
  const auto marker = dir.path() + "/p.xml";
  const auto output = dir.path() + "/rows.jsonl";
  const pid_t hbcast = start_hbcast({"sweep", scenario, "--format", "jsonl", "-o", output});
  ASSERT_GT(hbcast, 0);
  bool smpirun_seen = false;
  int status = -1;
  for (const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(limit + scaled_seconds(120));
       status < 0 && std::chrono::steady_clock::now() < give_up;) {
    smpirun_seen = smpirun_seen || !processes_naming(marker).empty();
    status = wait_for_exit(hbcast, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (status < 0) {
    kill(hbcast, SIGKILL);
    waitpid(hbcast, nullptr, 0);
    FAIL() << "hbcast sweep did not end within its limit";
  }
  EXPECT_TRUE(smpirun_seen) << "smpirun never ran: the test shows nothing";
  EXPECT_EQ(status, 1);
  const auto by_scheduler = atomic_rows_by_scheduler(rows_of(output));
  EXPECT_EQ(by_scheduler.at("mpi:NTSL").at("status"), "timeout");
  EXPECT_EQ(by_scheduler.at("flat").at("status"), "ok");
  EXPECT_TRUE(processes_naming(marker).empty()) << "smpirun or its simulator outlived the sweep";
}

// Ctrl-C during a baseline's SMPI run ends smpirun and its simulator with the sweep.
TEST(MpiSweep, AnInterruptedBaselineLeavesNoSmpirunRunning)
{
  TemporaryDirectory dir;
  const auto scenario = long_smpi_scenario(dir, "");
  const auto marker = dir.path() + "/p.xml";
  const pid_t hbcast = start_hbcast({"sweep", scenario, "--format", "jsonl", "-o", dir.path() + "/rows.jsonl"});
  ASSERT_GT(hbcast, 0);
  bool smpirun_seen = false;
  for (const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(scaled_seconds(120));
       !smpirun_seen && std::chrono::steady_clock::now() < give_up;
       std::this_thread::sleep_for(std::chrono::milliseconds(20)))
    smpirun_seen = !processes_naming(marker).empty();
  kill(hbcast, SIGINT);
  const int status = wait_for_exit(hbcast, scaled_seconds(60));
  if (status < 0) {
    kill(hbcast, SIGKILL);
    waitpid(hbcast, nullptr, 0);
  }
  ASSERT_TRUE(smpirun_seen) << "smpirun never started";
  EXPECT_EQ(status, 130) << "hbcast did not end on SIGINT as interrupted";
  EXPECT_TRUE(processes_naming(marker).empty()) << "smpirun or its simulator outlived the sweep";
}
