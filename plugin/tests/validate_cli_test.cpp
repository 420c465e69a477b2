// `hbcast validate` as ctest runs it: a known gap that still fails lets the run pass and is shown
// as one, a known gap that passes fails the run, and a case whose check has no bound is refused
// before anything runs.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace hbcast::test_support;
namespace fs = std::filesystem;

namespace {

// FNF against the exhaustive optimum on small random instances (seed 000, Theorem 4.4): with two
// speed classes FNF is optimal on every instance; with three it is not (a few of 200 instances).
std::string fnf_case(int classes, const std::string& known_gap)
{
  return "title: t\nsource: s\nkind: fnf-optimality\n"
         "parameters: {instances: 200, min_nodes: 4, max_nodes: 7, classes: " +
         std::to_string(classes) + ", seed: 4}\nexpectations:\n" + known_gap;
}

std::string known_gap(int classes)
{
  return "  - {check: experiment, description: 'FNF equals the exhaustive optimum (" + std::to_string(classes) +
         " speed classes, 4-7 processors, fastest source)', known_gap: 'FNF is not optimal with three classes'}\n";
}

CommandResult validate(const TemporaryDirectory& dir, const std::string& name)
{
  return run_hbcast({"validate", name, "--dir", dir.path() + "/validation", "--output-dir", dir.path() + "/out"});
}

}  // namespace

TEST(Validate, AKnownGapThatStillFailsPassesTheRunAndIsShownAsOne)
{
  TemporaryDirectory dir;
  fs::create_directories(dir.path() + "/validation/cases");
  dir.write("validation/cases/three_classes.yaml", fnf_case(3, known_gap(3)));
  const auto result = validate(dir, "three_classes");
  EXPECT_EQ(result.exit_status, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("FAIL (known gap) FNF equals the exhaustive optimum"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("why: FNF is not optimal with three classes"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("1 case(s), 0 failed check(s), 1 known gap(s)"), std::string::npos) << result.out;
  const std::string report = read_file(dir.path() + "/out/REPORT.md");
  EXPECT_NE(report.find("| FAIL (known gap) | FNF is not optimal with three classes |"), std::string::npos) << report;
}

TEST(Validate, AKnownGapThatPassesFailsTheRun)
{
  TemporaryDirectory dir;
  fs::create_directories(dir.path() + "/validation/cases");
  dir.write("validation/cases/two_classes.yaml", fnf_case(2, known_gap(2)));
  const auto result = validate(dir, "two_classes");
  EXPECT_EQ(result.exit_status, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("but it passes: take it off the list"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("1 case(s), 1 failed check(s), 0 known gap(s)"), std::string::npos) << result.out;
  // Without the known gap the same case passes.
  dir.write("validation/cases/two_classes.yaml", fnf_case(2, "  []\n"));
  EXPECT_EQ(validate(dir, "two_classes").exit_status, 0);
}

TEST(Validate, ACaseWithAnUnboundedCheckIsRefusedBeforeAnythingRuns)
{
  TemporaryDirectory dir;
  fs::create_directories(dir.path() + "/validation/cases");
  dir.write("validation/cases/a_fine.yaml", fnf_case(2, "  []\n"));
  dir.write("validation/cases/b_unbounded.yaml",
            "title: t\nsource: s\nscenario: {name: t, times: [1, 2, 3], sizes: [1MB], schedulers: [fnf]}\n"
            "expectations:\n  - {check: all_ok}\n  - {check: best_ratio, x: slices}\n");
  const auto result = run_hbcast({"validate", "--dir", dir.path() + "/validation", "--output-dir", dir.path() + "/out"});
  expect_one_line_error(result, "b_unbounded.yaml:6");
  EXPECT_NE(result.err.find("a best_ratio check needs 'at_most' (its bound)"), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(dir.path() + "/out/REPORT.md"));
}
