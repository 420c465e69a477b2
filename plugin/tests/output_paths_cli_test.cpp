// Every output path is checked before any work starts: its folder exists and is writable, it is
// not empty, two outputs do not name one file, and no output is an input of the run (the
// platform, a plan, a scenario, results). Run as a user would, on every command that writes.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>

using namespace hbcast::test_support;
namespace fs = std::filesystem;

namespace {

const std::string kStar = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="star" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><host id="c" speed="1Gf"/>
    <link id="ab" bandwidth="100MBps" latency="1ms"/><link id="ac" bandwidth="50MBps" latency="1ms"/>
    <link id="bc" bandwidth="10MBps" latency="1ms"/>
    <route src="a" dst="b"><link_ctn id="ab"/></route>
    <route src="a" dst="c"><link_ctn id="ac"/></route>
    <route src="b" dst="c"><link_ctn id="bc"/></route>
  </zone>
</platform>
)";

std::vector<std::string> simulate(const std::string& platform, std::vector<std::string> more)
{
  std::vector<std::string> arguments{"simulate", platform, "-s", "fnf"};
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

}  // namespace

TEST(OutputPaths, MissingFolderIsRefusedBeforeAnyRun)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  const std::string missing = dir.path() + "/no/such/folder";
  for (const std::string option : {"--plan", "--dot"}) {
    SCOPED_TRACE(option);
    expect_one_line_error(run_hbcast(simulate(platform, {option, missing + "/x.out"})),
                          "the folder '" + missing + "' does not exist");
  }
  expect_one_line_error(run_hbcast(simulate(platform, {"--gantt", missing + "/x.svg"})),
                        "the folder '" + missing + "' does not exist");
  // With SMPI's baselines asked for too: refused before them, not after.
  const auto result = run_hbcast(simulate(platform, {"--mpi-baselines", "--plan", missing + "/x.json"}));
  expect_one_line_error(result, "--plan: cannot write '" + missing + "/x.json': the folder '" + missing +
                                    "' does not exist");
}

TEST(OutputPaths, FolderThatIsAFileOrReadOnlyIsRefused)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  const std::string file = dir.write("plain", "x");
  expect_one_line_error(run_hbcast(simulate(platform, {"--dot", file + "/tree.dot"})),
                        "'" + file + "' is not a folder");
  if (geteuid() != 0) {  // root writes anywhere
    const std::string locked = dir.path() + "/locked";
    fs::create_directory(locked);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    expect_one_line_error(run_hbcast(simulate(platform, {"--plan", locked + "/plan.json"})),
                          "the folder '" + locked + "' is not writable");
    fs::permissions(locked, fs::perms::owner_all);
  }
}

TEST(OutputPaths, ThePlatformIsNeverOverwritten)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  for (const std::string option : {"--plan", "--dot"}) {
    SCOPED_TRACE(option);
    expect_one_line_error(run_hbcast(simulate(platform, {option, platform})),
                          "'" + platform + "' is the platform being simulated");
    EXPECT_EQ(read_file(platform), kStar);
  }
  // The same file by another name: a relative path through a symlinked folder.
  fs::create_directory_symlink(dir.path(), dir.path() + "/again");
  expect_one_line_error(run_hbcast(simulate(platform, {"--plan", dir.path() + "/again/./star.xml"})),
                        "is the platform being simulated");
  EXPECT_EQ(read_file(platform), kStar);
  // A hard link to it is the same file too.
  fs::create_hard_link(platform, dir.path() + "/hard.xml");
  expect_one_line_error(run_hbcast(simulate(platform, {"--dot", dir.path() + "/hard.xml"})),
                        "is the platform being simulated");
  EXPECT_EQ(read_file(platform), kStar);
}

TEST(OutputPaths, TwoOutputsOfOneFileAreRefused)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  const std::string out = dir.path() + "/same.out";
  expect_one_line_error(run_hbcast(simulate(platform, {"--dot", out, "--plan", out})),
                        "--dot and --plan name the same file '" + out + "'");
  EXPECT_FALSE(fs::exists(out));
}

TEST(OutputPaths, EmptyPathsAreRefused)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  for (const std::string option : {"--plan", "--dot", "--gantt"}) {
    SCOPED_TRACE(option);
    expect_one_line_error(run_hbcast(simulate(platform, {option, ""})), option + ": an empty file name");
  }
  expect_one_line_error(run_hbcast({"generate", "star", "--nodes", "3", "-o", ""}), "an empty file name");
}

TEST(OutputPaths, OtherCommandsCheckTheirOutputsFirst)
{
  TemporaryDirectory dir;
  const std::string missing = dir.path() + "/missing";
  expect_one_line_error(run_hbcast({"generate", "star", "--nodes", "3", "-o", missing + "/p.xml"}),
                        "the folder '" + missing + "' does not exist");
  const std::string results = dir.write("results.csv", "scheduler,nodes,simulated_makespan\nfnf,4,1.0\nfnf,8,2.0\n");
  expect_one_line_error(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o",
                                     dir.path() + "/plot.svg", "--script", results}),
                        "--script '" + results + "' is the results being plotted");
  expect_one_line_error(
      run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o", missing + "/plot.svg"}),
      "the folder '" + missing + "' does not exist");
  const std::string scenario = dir.write("s.yaml", "platform:\n  generator: star\n  parameters:\n    nodes: [4]\n"
                                                   "schedulers: [fnf]\nsizes: [1MB]\n");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", scenario}), "is the scenario being swept");
  expect_one_line_error(run_hbcast({"sweep", scenario, "-o", missing + "/r.csv"}),
                        "the folder '" + missing + "' does not exist");
  expect_one_line_error(run_hbcast({"merge", scenario, results, "-o", results}), "is an input being merged");
}
