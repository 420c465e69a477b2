// `simulate --mpi-baselines` run as a user would: SIGINT and SIGTERM stop the SMPI runs and keep
// the rows already finished; an algorithm SMPI cannot finish is a failed row listed on stderr
// (exit status 1), one SMPI 3.32 cannot run with one rank per host is explained and not run; ties
// name every winner; the timing program keeps the network silent after the broadcast and holds
// the message in SMPI's shared malloc.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace hbcast::test_support;

namespace {

// A two-level fat-tree of `leaves` x 4 hosts (node-0, node-1, ..., host order = leaf order).
std::string fat_tree(const TemporaryDirectory& dir, int leaves = 2)
{
  const std::string path = dir.path() + "/fat_tree.xml";
  const auto generated = run_hbcast(
      {"generate", "fat-tree", "--leaves", std::to_string(leaves), "--hosts-per-leaf", "4", "-o", path});
  EXPECT_EQ(generated.exit_status, 0) << generated.err;
  return path;
}

// hbcast in the background, its output in files, until a signal ends it.
class BackgroundRun {
public:
  BackgroundRun(const std::vector<std::string>& arguments, const std::string& directory)
      : out_(directory + "/stdout"), err_(directory + "/stderr")
  {
    pid_ = fork();
    if (pid_ == 0) {
      std::freopen(out_.c_str(), "w", stdout);
      std::freopen(err_.c_str(), "w", stderr);
      std::vector<char*> argv{const_cast<char*>(hbcast_executable())};
      for (const auto& argument : arguments)
        argv.push_back(const_cast<char*>(argument.c_str()));
      argv.push_back(nullptr);
      execv(hbcast_executable(), argv.data());
      _exit(127);
    }
  }

  // A child of hbcast whose command line contains `word` (Linux /proc), or 0 after a minute.
  pid_t wait_for_child(const std::string& word) const
  {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
      std::ifstream children("/proc/" + std::to_string(pid_) + "/task/" + std::to_string(pid_) + "/children");
      for (pid_t child; children >> child;) {
        const std::string line = read_file("/proc/" + std::to_string(child) + "/cmdline");
        if (line.find(word) != std::string::npos)
          return child;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return 0;
  }

  int interrupt(int signal)
  {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  std::string out() const { return read_file(out_); }
  std::string err() const { return read_file(err_); }

private:
  pid_t pid_ = -1;
  std::string out_, err_;
};

}  // namespace

namespace {

// `signal` while the second smpirun runs: it is ended, the finished rows are kept.
void stop_the_smpi_runs_with(int signal, int exit_status, const std::string& name)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  BackgroundRun run({"simulate", platform, "-s", "binomial", "--size", "4MiB", "--mpi-baselines", "--format", "json"},
                    dir.path());
  // The second smpirun: the scheduler's row and the first baseline are done.
  const pid_t first = run.wait_for_child("smpirun");
  ASSERT_NE(first, 0) << "no smpirun started";
  while (kill(first, 0) == 0)  // until hbcast reaped it
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const pid_t running = run.wait_for_child("smpirun");
  ASSERT_NE(running, 0) << "no second smpirun";
  EXPECT_EQ(run.interrupt(signal), exit_status);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_NE(kill(running, 0), 0) << "smpirun " << running << " left running";
  const auto report = nlohmann::json::parse(run.out());
  EXPECT_EQ(report.at("runs").at(0).at("status"), "ok");
  const auto& baselines = report.at("mpi_baselines");
  ASSERT_EQ(baselines.size(), 24u);
  EXPECT_EQ(baselines.at(0).at("status"), "ok");
  EXPECT_EQ(baselines.back().at("status"), "interrupted");
  EXPECT_NE(run.err().find("hbcast: interrupted by " + name + ": "), std::string::npos) << run.err();
}

}  // namespace

TEST(MpiBaselinesCli, SigtermStopsTheSmpiRunsAndKeepsTheFinishedRows)
{
  stop_the_smpi_runs_with(SIGTERM, 143, "SIGTERM");
}

TEST(MpiBaselinesCli, SigintStopsTheSmpiRunsAndKeepsTheFinishedRows)
{
  stop_the_smpi_runs_with(SIGINT, 130, "SIGINT");
}

TEST(MpiBaselinesCli, FailedAlgorithmsExitOneAndAreListedAndSmpLinearIsExplained)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  // Not an SMPI program: smpirun fails on every algorithm it runs.
  setenv("HBCAST_SMPI_PROGRAM", "/bin/true", 1);
  const auto result = run_hbcast({"simulate", platform, "-s", "binomial", "--size", "64KiB", "--mpi-baselines"});
  unsetenv("HBCAST_SMPI_PROGRAM");
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_NE(result.err.find("hbcast: MPI baseline 'mpi:binomial_tree' failed: smpirun failed (exit status"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("mpi:SMP_linear"), std::string::npos) << "explained in its row, not a failure";
  EXPECT_NE(result.out.find("SMPI not-applicable: SMPI 3.32's SMP_linear needs several ranks per host"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("overall winner: binomial (no MPI algorithm gave a time"), std::string::npos) << result.out;
}

TEST(MpiBaselinesCli, TiedWinnersAreAllNamed)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  // 8 hosts: Beaumont et al.'s binomial tree is MPICH's; SMPI's binomial_tree adds its envelope.
  const auto result =
      run_hbcast({"simulate", platform, "-s", "binomial,mpich-binomial", "--size", "64KiB", "--mpi-baselines"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("overall winners (tied): binomial, mpich-binomial (mpi: rows are"), std::string::npos)
      << result.out;
}

// A pipelined chain along the host order of the fat-tree shares no link: SMPI's time of the plan
// equals hbcast's prediction (the envelope included) once nothing of the timing program travels
// beside the broadcast's tail (its reduction of the times used to start at the first rank done).
TEST(MpiBaselinesCli, TheTimingLeavesTheNetworkSilentAfterTheBroadcast)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir, 8);
  nlohmann::json plan = {{"format", "hbcast-plan"}, {"version", 1},       {"scheduler", "chain"},
                         {"platform", platform},    {"root", "node-0"},   {"message_bytes", 1048576},
                         {"slices", 32},            {"port", "one-port"}, {"hosts", nlohmann::json::array()}};
  nlohmann::json edges = nlohmann::json::array();
  for (int k = 0; k < 32; ++k) {
    plan["hosts"].push_back("node-" + std::to_string(k));
    if (k > 0)
      edges.push_back({{"from", "node-" + std::to_string(k - 1)}, {"to", "node-" + std::to_string(k)}});
  }
  plan["trees"] = {{{"weight", 1}, {"edges", edges}}};
  const auto result = run_hbcast({"smpi", "--plan", dir.write("chain.json", plan.dump()), "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto comparison = nlohmann::json::parse(result.out);
  const double smpi = comparison.at("smpi"), predicted = comparison.at("predicted");
  EXPECT_LE(std::abs(smpi - predicted), 1e-9 * predicted) << "SMPI " << smpi << " prediction " << predicted;
}

// 8 ranks of 2 GiB - 1 each would need 16 GiB; in SMPI's shared malloc they share their pages.
TEST(MpiBaselinesCli, TheMessageLivesInSharedMalloc)
{
  TemporaryDirectory dir;
  const std::string platform = fat_tree(dir);
  const auto scenario = dir.write("big.yaml", "name: big\nplatform:\n  file: " + platform +
                                                  "\nschedulers: [flat]\nsizes: [2147483647]\n"
                                                  "mpi_baselines: [binomial_tree]\n");
  const auto result = run_hbcast({"sweep", scenario, "--format", "jsonl", "-o", dir.path() + "/rows.jsonl"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  std::istringstream rows(read_file(dir.path() + "/rows.jsonl"));
  std::size_t ok = 0;
  for (std::string line; std::getline(rows, line);)
    ok += nlohmann::json::parse(line).at("status") == "ok";
  EXPECT_EQ(ok, 2u);
}
