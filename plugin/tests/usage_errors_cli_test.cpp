// Usage errors found before any work, with messages that say the rule: generator sizes and shapes
// SimGrid 3.32 cannot route, scheduler parameters, sizes, and the small traps of a first try
// (--root random, help pointers, trailing blanks, DOT labels, tracing several schedulers, the
// contention section, the Gantt chart of a large platform). Run as a user would.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <regex>
#include <sstream>

using namespace hbcast::test_support;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = HBCAST_TEST_FIXTURE_DIR;

bool has_trailing_blank(const std::string& text)
{
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line.back() == ' ')
      return true;
  return false;
}

}  // namespace

TEST(GeneratorBounds, AbsurdSizesAreRefusedBeforeWriting)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/p.xml";
  expect_rejected({"generate"},
                  {{{"fat-tree", "--leaves", "100000", "--hosts-per-leaf", "100000", "-o", out},
                    "leaves x hosts-per-leaf = 1e+10 hosts, more than the 1000000"},
                   {{"backbone", "--clusters", "1000000", "--nodes", "1000000", "-o", out},
                    "clusters x nodes = 1e+12 hosts"},
                   {{"backbone", "--clusters", "100000", "--nodes", "1", "-o", out},
                    "about 4e+12 bytes of XML (a zone route per pair of clusters)"},
                   {{"random", "--nodes", "2000000", "-o", out}, "nodes = 2e+06 hosts"},
                   {{"star", "--nodes", "0", "-o", out}, "star platform: 'nodes' must be at least 2"}},
                  out);
}

TEST(GeneratorBounds, DragonflyShapesSimGridCannotRouteAreRefused)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/p.xml";
  expect_rejected({"generate", "dragonfly"},
                  {{{"--groups", "3", "--group-links", "1", "--chassis", "2", "--chassis-links", "1", "--routers", "2",
                     "--router-links", "1", "--nodes", "2", "-o", out},
                    "SimGrid 3.32 cannot route this shape: it reaches group g through router g of a chassis, so "
                    "routers (2) must be at least groups (3)"},
                   {{"--group-links", "0", "-o", out}, "each must be at least 1"}},
                  out);
  // SimGrid's own example shape routes, and every pair of it is simulated.
  const auto made = run_hbcast({"generate", "dragonfly", "--groups", "3", "--group-links", "4", "--chassis", "4",
                                "--chassis-links", "3", "--routers", "5", "--router-links", "1", "--nodes", "2", "-o",
                                out});
  ASSERT_EQ(made.exit_status, 0) << made.err;
  const auto simulated = run_hbcast({"simulate", out, "-s", "flat,binomial", "--size", "1MB"});
  EXPECT_EQ(simulated.exit_status, 0) << simulated.err;
}

TEST(SchedulerParameters, AreCheckedBeforeThePlatformLoads)
{
  // A platform that does not exist: a usage error must come first.
  const std::vector<std::string> command{"simulate", "/nonexistent/platform.xml", "-s", "lcf-m,bounded-degree"};
  expect_rejected(command,
                  {{{"--param", "degree=0"}, "--param degree: must be a whole number >= 1"},
                   {{"--param", "degree=1.5"}, "--param degree: must be a whole number >= 1"},
                   {{"--param", "m=-1"}, "--param m: must be a whole number >= 0 (copies LCF(m) makes"},
                   {{"--param", "m=2", "--param", "m=3"}, "--param m is given twice (2 and 3): give it once"}},
                  "/nonexistent/platform.xml");
  // m=0 is the default (k'): accepted when given.
  const auto zero = run_hbcast({"simulate", "-s", "lcf-m", "--param", "m=0", "--format", "json"});
  EXPECT_EQ(zero.exit_status, 0) << zero.err;
}

TEST(SmallTraps, UsageErrorsPointToTheCommandsHelp)
{
  const auto result = run_hbcast({"simulate", "--slices", "0"});
  expect_one_line_error(result, "(see 'hbcast simulate --help')");
  expect_one_line_error(run_hbcast({"generate", "star", "--nodes"}), "(see 'hbcast generate star --help')");
}

TEST(SmallTraps, SizeUnitsAreTheOnesListed)
{
  const auto help = run_hbcast({"simulate", "--help"});
  EXPECT_NE(help.out.find("B, kB, KB, MB, GB, TB, KiB, MiB, GiB or TiB"), std::string::npos) << help.out;
  expect_one_line_error(run_hbcast({"simulate", "--size", "3PB"}),
                        "unknown unit 'PB' (use B, kB, KB, MB, GB, TB, KiB, MiB, GiB or TiB)");
}

TEST(SmallTraps, RandomRootIsDrawnWithTheSeedAndRecorded)
{
  const auto first = run_hbcast({"simulate", "-s", "fnf", "--root", "random", "--seed", "7", "--format", "json"});
  ASSERT_EQ(first.exit_status, 0) << first.err;
  const auto again = run_hbcast({"simulate", "-s", "fnf", "--root", "random", "--seed", "7", "--format", "json"});
  const auto report = nlohmann::json::parse(first.out);
  EXPECT_EQ(report.at("root_choice"), "random (seed 7)");
  EXPECT_EQ(report.at("root"), nlohmann::json::parse(again.out).at("root"));
}

TEST(SmallTraps, TablesHaveNoTrailingBlanksAndContentionListsEachSchedulerOnce)
{
  const auto result = run_hbcast({"simulate", "-s", "fnf,binomial,flat,link-fnf"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_FALSE(has_trailing_blank(result.out)) << result.out;
  const auto start = result.out.find("\nContention");
  const auto section = result.out.substr(start, result.out.find("\n\n", start + 1) - start);
  for (const std::string name : {"fnf", "binomial", "flat", "link-fnf"}) {
    const std::regex named("(^|[ ,\\n])" + name + "([ ,\\n]|$)");
    const auto count = std::distance(std::sregex_iterator(section.begin(), section.end(), named), std::sregex_iterator());
    EXPECT_EQ(count, 1) << name << " in\n" << section;
  }
}

TEST(SmallTraps, DotLabelsAreReadableAndAttributesExact)
{
  TemporaryDirectory dir;
  const std::string dot = dir.path() + "/tree.dot";
  ASSERT_EQ(run_hbcast({"simulate", "-s", "fnf", "--dot", dot}).exit_status, 0);
  const std::string text = read_file(dot);
  EXPECT_FALSE(std::regex_search(text, std::regex("label=\"[^\"]*t=[0-9.]{12,}"))) << text.substr(0, 600);
  EXPECT_TRUE(std::regex_search(text, std::regex("ready=\"[0-9.e-]{12,}\""))) << text.substr(0, 600);
}

TEST(SmallTraps, TracingSeveralSchedulersKeepsOneTraceEach)
{
  TemporaryDirectory dir;
  const std::string trace = dir.path() + "/run.trace";
  const auto result = run_hbcast({"simulate", "-s", "fnf,binomial", "--cfg=tracing:yes",
                                  "--cfg=tracing/uncategorized:yes", "--cfg=tracing/filename:" + trace});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_TRUE(fs::exists(dir.path() + "/run.fnf.trace"));
  EXPECT_TRUE(fs::exists(dir.path() + "/run.binomial.trace"));
  EXPECT_FALSE(fs::exists(trace));
  EXPECT_NE(read_file(dir.path() + "/run.binomial.trace").find("bandwidth_used"), std::string::npos);
}

TEST(SmallTraps, TheGanttChartOfALargePlatformKeepsAReadableHeight)
{
  TemporaryDirectory dir;
  const std::string platform = dir.path() + "/big.xml";
  ASSERT_EQ(run_hbcast({"generate", "backbone", "--clusters", "4", "--nodes", "100", "-o", platform}).exit_status, 0);
  const std::string chart = dir.path() + "/gantt.svg";
  const auto result = run_hbcast({"simulate", platform, "-s", "binomial", "--gantt", chart});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  std::smatch height;
  const std::string svg = read_file(chart);
  ASSERT_TRUE(std::regex_search(svg, height, std::regex("height=\"([0-9]+)")));
  EXPECT_LE(std::stoi(height[1]), 1300) << "80 rows at most";
  EXPECT_NE(svg.find("(80 of 400 hosts: the root and those informed last)"), std::string::npos);
}
