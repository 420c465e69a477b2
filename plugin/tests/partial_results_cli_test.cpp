// Issue 14, items 1-3: results are never thrown away. A scheduler that fails, times out or does
// not apply becomes a row with its status and reason in every format while the others are
// reported; the exit status says whether every requested scheduler (or sweep point) ran; SIGINT
// and SIGTERM kill the children and leave no partial output. Run as a user would.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace hbcast::test_support;

namespace {

// SimGrid's small_platform.xml shape: Fafard has no direct link (see the fixture's comment).
const std::string kSmallPlatform = std::string(HBCAST_TEST_FIXTURE_DIR) + "/small_platform_like.xml";
const std::string kFafardUnreachable =
    "host 'Fafard' is not reachable from the root 'Tremblay' along the platform's direct links";

nlohmann::json run_json(const std::vector<std::string>& arguments, int expected_status)
{
  auto result = run_hbcast(arguments);
  EXPECT_EQ(result.exit_status, expected_status) << result.err;
  return nlohmann::json::parse(result.out);
}

const nlohmann::json& run_named(const nlohmann::json& report, const std::string& scheduler)
{
  for (const auto& run : report.at("runs"))
    if (run.at("scheduler") == scheduler)
      return run;
  throw std::runtime_error("no run of " + scheduler);
}

// The CSV line of `scheduler` (the scheduler is the first column).
std::string csv_row(const std::string& csv, const std::string& scheduler)
{
  std::istringstream lines(csv);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(scheduler + ",", 0) == 0)
      return line;
  return "";
}

// A real `hbcast` started in the background, its output in files.
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

  // The children hbcast has started, from /proc (Linux).
  std::vector<pid_t> children() const
  {
    std::ifstream file("/proc/" + std::to_string(pid_) + "/task/" + std::to_string(pid_) + "/children");
    std::vector<pid_t> pids;
    for (pid_t pid; file >> pid;)
      pids.push_back(pid);
    return pids;
  }

  std::vector<pid_t> wait_for_children(std::size_t count) const
  {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (children().size() < count && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // well inside their work
    return children();
  }

  // Sends `signal` and returns the exit status (128 + signal when killed by it).
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

bool process_exists(pid_t pid)
{
  return kill(pid, 0) == 0 || errno != ESRCH;
}

std::size_t files_in(const std::string& directory)
{
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(directory))
    ++count;
  return count;
}

}  // namespace

// Beaumont-Marchal-Robert's heuristics on direct links only (--platform-graph direct, as published): Fafard has
// none from the root. By default (issue 16) they run over the routes instead.
TEST(PartialResults, AllOnSmallPlatformSkipsWhatDoesNotApplyAndSaysWhy)
{
  // Before issue 14 this printed nothing: prune-simple's error ended the whole run.
  auto table = run_hbcast({"simulate", kSmallPlatform, "--platform-graph", "direct"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_NE(table.out.find("skipped   prune-simple, prune-degree, grow-tree, multiport-grow-tree, "
                           "multiport-prune-degree, lp-prune, lp-grow-tree (" + kFafardUnreachable + ")"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("\nfnf "), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("No figures"), std::string::npos) << "nothing failed";

  EXPECT_NE(table.out.find("; platform graph: direct links only"), std::string::npos) << table.out;
  const auto json = run_json({"simulate", kSmallPlatform, "--platform-graph", "direct", "--format", "json"}, 0);
  EXPECT_EQ(json.at("platform_graph"), "direct");
  ASSERT_EQ(json.at("skipped").size(), 7u);
  EXPECT_EQ(json.at("skipped")[0].at("scheduler"), "prune-simple");
  EXPECT_EQ(json.at("skipped")[0].at("reason"), "prune-simple: " + kFafardUnreachable);
  for (const auto& run : json.at("runs"))
    EXPECT_EQ(run.at("status"), "ok") << run.dump();

  auto csv = run_hbcast({"simulate", kSmallPlatform, "--platform-graph", "direct", "--format", "csv"});
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_NE(csv.out.find(",status,error\n"), std::string::npos);
  EXPECT_NE(csv_row(csv.out, "prune-simple").find(",skipped,prune-simple: " + kFafardUnreachable),
            std::string::npos)
      << csv.out;
  EXPECT_NE(csv_row(csv.out, "fnf").find(",ok,"), std::string::npos);
}

TEST(PartialResults, NamedSchedulerThatDoesNotApplyIsARowInEveryFormatAndExitsOne)
{
  const std::vector<std::string> command{"simulate", kSmallPlatform, "-s", "fnf,prune-simple,flat", "--platform-graph",
                                         "direct"};
  auto table = run_hbcast(command);
  EXPECT_EQ(table.exit_status, 1);
  EXPECT_EQ(without_heartbeat(table.err), "hbcast: scheduler 'prune-simple' not-applicable: prune-simple: " + kFafardUnreachable + "\n");
  EXPECT_NE(table.out.find("prune-simple  (not-applicable, below)"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("No figures\nscheduler     status          reason\n"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("prune-simple  not-applicable  " + kFafardUnreachable), std::string::npos) << table.out;

  auto with_format = [&](const std::string& format) {
    auto arguments = command;
    arguments.insert(arguments.end(), {"--format", format});
    return arguments;
  };
  const auto json = run_json(with_format("json"), 1);
  ASSERT_EQ(json.at("runs").size(), 3u);
  EXPECT_EQ(run_named(json, "prune-simple").at("status"), "not-applicable");
  EXPECT_EQ(run_named(json, "prune-simple").at("error"), "prune-simple: " + kFafardUnreachable);
  EXPECT_EQ(run_named(json, "fnf").at("status"), "ok");
  EXPECT_GT(run_named(json, "flat").at("simulated").at("makespan").get<double>(), 0.0);

  auto csv = run_hbcast(with_format("csv"));
  EXPECT_EQ(csv.exit_status, 1);
  EXPECT_NE(csv_row(csv.out, "prune-simple").find(",not-applicable,prune-simple: " + kFafardUnreachable),
            std::string::npos)
      << csv.out;
  EXPECT_NE(csv_row(csv.out, "flat").find(",ok,"), std::string::npos) << csv.out;
}

TEST(PartialResults, TimedOutSchedulerIsARowInEveryFormat)
{
  // The whole run on 2,000 hosts takes about a second, 100 times the limit. Where it stops depends on
  // when the supervisor gets the CPU: while the platform loads (no header: mode unknown), or on a
  // loaded machine after the prediction (the header and the predicted figures are kept). Both are a
  // timeout row in every format.
  const std::vector<std::string> command{"simulate", "--random-times", "2000", "--class-values", "1,2,3",
                                         "-s",       "fnf",            "--timeout",      "0.01"};
  auto table = run_hbcast(command);
  EXPECT_EQ(table.exit_status, 1);
  EXPECT_EQ(table.err.rfind("hbcast: scheduler 'fnf' timeout: timed out after 0.01 s", 0), 0u) << table.err;
  const bool stopped_before_loading = table.out.find("mode      unknown (no scheduler loaded the platform)\n") !=
                                      std::string::npos;
  const bool stopped_after_predicting = table.out.find("mode      exact (") != std::string::npos &&
                                        table.out.find("fnf        sender-only t_u") != std::string::npos;
  EXPECT_NE(stopped_before_loading, stopped_after_predicting) << table.out;
  const auto makespan_row = table.out.find("\nfnf   ");
  ASSERT_NE(makespan_row, std::string::npos) << table.out;
  EXPECT_NE(table.out.substr(makespan_row, table.out.find('\n', makespan_row + 1) - makespan_row).find("(timeout, below)"),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("\nfnf        timeout  timed out after 0.01 s"), std::string::npos) << table.out;
  auto arguments = command;
  arguments.insert(arguments.end(), {"--format", "json"});
  EXPECT_EQ(run_json(arguments, 1).at("runs")[0].at("status"), "timeout");
  arguments.back() = "csv";
  auto csv = run_hbcast(arguments);
  EXPECT_EQ(csv.exit_status, 1);
  EXPECT_NE(csv_row(csv.out, "fnf").find(",timeout,timed out after 0.01 s"), std::string::npos) << csv.out;
}

TEST(PartialResults, TimeoutKeepsTheFinishedRows)
{
  // The example, scaled to 100 processors: optimal's search (node-limited) takes several
  // times fnf's whole run. The limit is 3x fnf's own run time, measured here, so that fnf fits
  // whatever the machine's load. Before issue 14 a timeout discarded fnf's finished row too.
  const std::vector<std::string> instance{"--random-times", "100", "--time-range", "1,10", "--format", "json"};
  auto alone = instance;
  alone.insert(alone.begin(), {"simulate", "-s", "fnf"});
  const auto start = std::chrono::steady_clock::now();
  const auto fnf_alone = run_json(alone, 0);
  const double fnf_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string limit = std::to_string(std::max(0.5, 3 * fnf_seconds));

  auto both = instance;
  both.insert(both.begin(), {"simulate", "-s", "fnf,optimal", "--timeout", limit});
  auto result = run_hbcast(both);
  const auto report = nlohmann::json::parse(result.out);
  const auto& fnf = run_named(report, "fnf");
  ASSERT_EQ(fnf.at("status"), "ok") << result.err;
  EXPECT_EQ(fnf.at("simulated"), fnf_alone.at("runs")[0].at("simulated"));
  const auto& optimal = run_named(report, "optimal");
  SCOPED_TRACE("limit " + limit + " s, optimal " + optimal.at("status").get<std::string>());
  if (optimal.at("status") == "timeout") {
    EXPECT_EQ(result.exit_status, 1);
    EXPECT_EQ(result.err.rfind("hbcast: scheduler 'optimal' timeout: timed out after ", 0), 0u) << result.err;
  } else {
    EXPECT_EQ(optimal.at("status"), "ok");
    EXPECT_EQ(result.exit_status, 0);
  }
}

TEST(PartialResults, SweepWhosePointsAllFailExitsOne)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("failing.yaml", "platform:\n  generator: star\n  parameters:\n    nodes: 4\n"
                                                  "schedulers: [fnf, flat]\nsimgrid:\n  - [network/model:FOO]\n");
  const std::string output = dir.path() + "/out.csv";
  auto result = run_hbcast({"sweep", scenario, "-o", output});
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_NE(result.out.find("2 run, 2 failed"), std::string::npos) << result.out;
  EXPECT_EQ(result.err, "hbcast: 2 of 2 points did not succeed (failed or timeout: see the status and error "
                        "columns of '" + output + "')\n");
  // Resuming a complete file with failed rows says so again.
  result = run_hbcast({"sweep", scenario, "-o", output, "--resume"});
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_NE(result.out.find("2 already done, 0 run, 0 failed"), std::string::npos) << result.out;
  // Merging them writes every row and exits 1 too, naming the file to read.
  const std::string merged = dir.path() + "/merged.csv";
  result = run_hbcast({"merge", scenario, output, "-o", merged});
  EXPECT_EQ(result.exit_status, 1);
  EXPECT_EQ(result.err, "hbcast: 2 of 2 points did not succeed (see the status and error columns of '" + merged +
                            "')\n");
  EXPECT_EQ(read_file(merged), read_file(output));
}

TEST(Interruption, SigintOnSimulateKillsTheSchedulerChildAndLeavesNoOutput)
{
  TemporaryDirectory dir;
  // lcf groups 3,000 hosts by latency, O(n^2) route look-ups: many seconds, far longer than the test.
  BackgroundRun run({"simulate", "--random-times", "3000", "--class-values", "1,2,3", "-s", "lcf,fnf", "--dot",
                     dir.path() + "/tree.dot"},
                    dir.path());
  const auto children = run.wait_for_children(1);
  ASSERT_EQ(children.size(), 1u) << "the scheduler's child process";
  EXPECT_EQ(run.interrupt(SIGINT), 130);
  for (pid_t child : children)
    EXPECT_FALSE(process_exists(child)) << "child " << child << " left running";
  EXPECT_EQ(run.out(), "");
  EXPECT_EQ(run.err(), "hbcast: interrupted by SIGINT: the child process was killed\n");
  EXPECT_EQ(files_in(dir.path()), 2u) << "stdout and stderr only: no .dot file, no temporary file";
}

TEST(Interruption, SigtermOnSweepKillsTheWorkersAndLeavesOnlyCompleteRows)
{
  TemporaryDirectory dir;
  const auto scenario = dir.write("slow.yaml", "platform:\n  generator: star\n  parameters:\n    nodes: 3000\n"
                                               "schedulers: [lcf]\nrepetitions: 4\n");
  const std::string output = dir.path() + "/out.csv";
  BackgroundRun run({"sweep", scenario, "-j", "2", "-o", output}, dir.path());
  const auto workers = run.wait_for_children(2);
  ASSERT_EQ(workers.size(), 2u);
  EXPECT_EQ(run.interrupt(SIGTERM), 143);
  for (pid_t worker : workers)
    EXPECT_FALSE(process_exists(worker)) << "worker " << worker << " left running";
  EXPECT_NE(run.err().find("hbcast: interrupted by SIGTERM: workers killed; '" + output +
                           "' holds the 0 points completed, '--resume' runs the rest"),
            std::string::npos)
      << run.err();
  // The header and complete rows only (none here), resumable; no temporary file beside it.
  const std::string results = read_file(output);
  EXPECT_EQ(std::count(results.begin(), results.end(), '\n'), 1);
  EXPECT_EQ(results.rfind("point,scenario,fingerprint,", 0), 0u);
  EXPECT_EQ(files_in(dir.path()), 5u) << "scenario, results, wall times, stdout, stderr";
}

// Issue 16: by default Beaumont-Marchal-Robert's heuristics run on a platform whose direct links do not reach
// every host, over the host pairs of its routes, and their model says so.
TEST(PartialResults, SeedTwoHeuristicsRunOverRoutesByDefault)
{
  const auto json = run_json({"simulate", kSmallPlatform, "-s", "prune-simple,lp-prune", "--format", "json"}, 0);
  EXPECT_EQ(json.at("platform_graph"), "auto");
  ASSERT_EQ(json.at("runs").size(), 2u);
  for (const auto& run : json.at("runs")) {
    EXPECT_EQ(run.at("status"), "ok") << run.dump();
    EXPECT_NE(run.at("own_model").get<std::string>().find("routed: all "), std::string::npos) << run.dump();
  }
  expect_one_line_error(run_hbcast({"simulate", kSmallPlatform, "--platform-graph", "routes"}), "--platform-graph");
}

// Issue 13: the schedulers needing no platform graph run while the shared graph's program is
// solved in a child of its own; the report keeps the requested order, its header comes from the
// first scheduler asked for, and the shared solution gives the trees a lone run gives.
TEST(PartialResults, SharedGraphSolvedAsideKeepsTheRequestAndTheLoneRunsTrees)
{
  const auto shared =
      run_json({"simulate", kSmallPlatform, "-s", "lp-prune,flat,lp-grow-tree,fnf", "--format", "json"}, 0);
  ASSERT_EQ(shared.at("runs").size(), 4u);
  const std::vector<std::string> requested{"lp-prune", "flat", "lp-grow-tree", "fnf"};
  for (std::size_t k = 0; k < requested.size(); ++k)
    EXPECT_EQ(shared.at("runs")[k].at("scheduler"), requested[k]);
  EXPECT_EQ(shared.at("has_platform_graph"), true);  // lp-prune's, not flat's
  for (std::size_t k = 0; k < requested.size(); k += 2) {  // lp-prune and lp-grow-tree
    const std::string& scheduler = requested[k];
    const auto lone = run_json({"simulate", kSmallPlatform, "-s", scheduler, "--format", "json"}, 0);
    const auto& run = shared.at("runs")[k];
    for (const char* figures : {"own_model", "own", "pairwise", "simulated"})
      EXPECT_EQ(run.at(figures), lone.at("runs")[0].at(figures)) << scheduler << " " << figures;
  }
}
