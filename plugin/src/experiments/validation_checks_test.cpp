// The verdict rules of a validation case, on hand-made result tables and case files: a check over
// zero rows fails, a check without its bound is refused when the case loads, a known gap fails
// quietly until it passes, and then it fails loudly.
#include <hbcast/experiments/validation_case.hpp>
#include <hbcast/experiments/validation_checks.hpp>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace hbcast::cli;

namespace {

// Two schedulers at two sizes; a row with no value and a failed row that every check must skip.
const char* const kRows = "scheduler,nodes,repetition,value,simulated_makespan,status\n"
                          "fnf,10,0,0.5,2.0,ok\n"
                          "fnf,20,0,1.5,3.0,ok\n"
                          "binomial,10,0,1.0,4.0,ok\n"
                          "binomial,20,0,2.0,5.0,ok\n"
                          "flat,10,0,,8.0,ok\n"
                          "flat,20,0,9.0,9.0,failed\n";

CheckResult evaluate(const std::string& rows, const std::string& check)
{
  const auto results = ResultsTable::parse(rows, "rows.csv");
  const auto checks = evaluate_checks(results, YAML::Load("[" + check + "]"), "case.yaml");
  EXPECT_EQ(checks.size(), 1u);
  return checks.front();
}

// A case file in a temporary directory, loaded as `validate` loads it.
class CaseFile {
public:
  explicit CaseFile(const std::string& expectations)
      : path_(std::filesystem::temp_directory_path() /
              ("hbcast-case-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml"))
  {
    std::ofstream(path_) << "title: t\nsource: s\nscenario: {name: t}\nexpectations:\n" << expectations;
  }
  ~CaseFile() { std::filesystem::remove(path_); }
  ValidationCase load(bool full = false) const { return load_validation_case(path_.string(), full); }
  std::string path() const { return path_.string(); }

private:
  std::filesystem::path path_;
};

// The refusal's message when loading fails, else "".
std::string refusal(const std::string& expectations)
{
  try {
    CaseFile(expectations).load();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(ValidationChecks, EveryCheckOverZeroRowsFails)
{
  // One row, and it did not apply: nothing for any check to judge.
  const std::string none = "scheduler,nodes,repetition,value,simulated_makespan,status\n"
                           "fnf,10,0,1.0,1.0,not-applicable\n";
  const std::vector<std::pair<std::string, std::string>> checks = {
      {"{check: max_abs, column: value, at_most: 1}", "no rows"},
      {"{check: mean, column: value, at_least: 0}", "no rows"},
      {"{check: min, column: value, at_least: 0}", "no rows"},
      {"{check: ordering, column: value, x: nodes, by: scheduler, order: [fnf, binomial]}", "no rows"},
      {"{check: report, column: value, x: nodes, by: scheduler}", "no rows"},
      {"{check: best_ratio, x: nodes, at_most: 1}", "no hbcast row ran"},
      {"{check: ratio_to_best, of: fnf, against: binomial, x: nodes, at_most: 1}", "no row of fnf"},
      {"{check: relative_difference, column: value, of: fnf, to: binomial, x: nodes, at_least: 0, at_most: 1}",
       "no rows of fnf and binomial"},
      {"{check: all_ok}", "0 of 1 ok"}};
  for (const auto& [check, measured] : checks) {
    SCOPED_TRACE(check);
    const auto result = evaluate(none, check);
    EXPECT_EQ(result.verdict, Verdict::fail);
    EXPECT_NE(result.measured.find(measured), std::string::npos) << result.measured;
  }
  // Rows exist, but none that the check selects: still no rows (the empty cell and the failed row
  // do not count).
  for (const std::string check : {"{check: max_abs, column: value, where: {scheduler: flat}, at_most: 1}",
                                   "{check: mean, column: value, where: {scheduler: lcf}, published: 1, tolerance: 1}",
                                   "{check: mean, column: value, where: {scheduler: flat}, at_most: 10, "
                                   "report_only: 'the published figure is for other platforms'}"}) {
    SCOPED_TRACE(check);
    const auto result = evaluate(kRows, check);
    EXPECT_EQ(result.verdict, Verdict::fail);
    EXPECT_EQ(result.measured, "no rows");
  }
  // An ordering whose series lacks a point fails and names it, rather than refusing the case.
  const auto partial = evaluate(std::string(kRows) + "lcf,10,0,3.0,1.0,ok\n",
                                "{check: ordering, column: value, x: nodes, by: scheduler, order: [fnf, lcf]}");
  EXPECT_EQ(partial.verdict, Verdict::fail);
  EXPECT_EQ(partial.measured, "no rows for scheduler 'lcf' at nodes = 20");
}

TEST(ValidationChecks, AggregatesAreJudgedOnTheirRows)
{
  // max |value| over fnf: max(0.5, 1.5); mean over binomial: (1 + 2) / 2.
  const auto worst = evaluate(kRows, "{check: max_abs, column: value, where: {scheduler: fnf}, at_most: 1.5}");
  EXPECT_EQ(worst.verdict, Verdict::pass);
  EXPECT_EQ(worst.measured, "1.5 (n = 2)");
  EXPECT_EQ(evaluate(kRows, "{check: max_abs, column: value, where: {scheduler: fnf}, at_most: 1.4}").verdict,
            Verdict::fail);
  // min over binomial: min(1, 2).
  EXPECT_EQ(evaluate(kRows, "{check: min, column: value, where: {scheduler: binomial}, at_least: 1}").verdict,
            Verdict::pass);
  EXPECT_EQ(evaluate(kRows, "{check: min, column: value, where: {scheduler: binomial}, at_least: 1.01}").measured,
            "1 (n = 2)");
  const auto mean = evaluate(kRows, "{check: mean, column: value, where: {scheduler: binomial}, published: 1.55, "
                                    "tolerance: 0.1}");
  EXPECT_EQ(mean.verdict, Verdict::pass);
  EXPECT_EQ(mean.measured, "1.5 (n = 2)");
  EXPECT_EQ(mean.published, "1.55 +- 0.1");
  EXPECT_EQ(evaluate(kRows, "{check: mean, column: value, where: {scheduler: binomial}, published: 1.7, "
                            "tolerance: 0.1}")
                .verdict,
            Verdict::fail);
  // A published figure that cannot be judged here is shown beside ours, with the reason.
  const auto reported = evaluate(kRows, "{check: mean, column: value, where: {scheduler: binomial}, published: 3, "
                                        "tolerance: 0.1, report_only: 'other platforms'}");
  EXPECT_EQ(reported.verdict, Verdict::report);
  EXPECT_EQ(reported.measured, "1.5 (n = 2), outside");
  EXPECT_EQ(reported.note, "other platforms");
  EXPECT_EQ(verdict_text(reported), "REPORT");
}

TEST(ValidationChecks, AKnownGapFailsQuietlyUntilItPasses)
{
  // fnf / binomial: 2 / 4 at 10 nodes, 3 / 5 at 20, so the worst ratio is 0.6.
  const auto gap = evaluate(kRows, "{check: ratio_to_best, of: fnf, against: binomial, x: nodes, at_most: 0.5, "
                                   "known_gap: 'fnf is slow at 20 nodes'}");
  EXPECT_EQ(gap.verdict, Verdict::fail);
  EXPECT_TRUE(gap.known_gap);
  EXPECT_EQ(gap.note, "fnf is slow at 20 nodes");
  EXPECT_EQ(verdict_text(gap), "FAIL (known gap)");
  EXPECT_FALSE(counts_as_failure(gap));
  // The same check once the gap is closed: a FAIL that counts, so that the list stays true.
  const auto closed = evaluate(kRows, "{check: ratio_to_best, of: fnf, against: binomial, x: nodes, at_most: 0.6, "
                                      "known_gap: 'fnf is slow at 20 nodes'}");
  EXPECT_EQ(closed.verdict, Verdict::fail);
  EXPECT_FALSE(closed.known_gap);
  EXPECT_TRUE(counts_as_failure(closed));
  EXPECT_NE(closed.note.find("but it passes"), std::string::npos) << closed.note;
  // A known gap is a measured shortfall: with nothing measured it is an ordinary FAIL.
  const auto unmeasured = evaluate(kRows, "{check: max_abs, column: value, where: {scheduler: lcf}, at_most: 1, "
                                          "known_gap: 'lcf is slow'}");
  EXPECT_EQ(unmeasured.measured, "no rows");
  EXPECT_TRUE(counts_as_failure(unmeasured));
  // A plain FAIL counts too.
  EXPECT_TRUE(counts_as_failure(evaluate(kRows, "{check: best_ratio, x: nodes, at_most: 1}")));
}

TEST(ValidationChecks, AKnownGapOfOneFormOnly)
{
  const CaseFile file("  - {check: all_ok}\n"
                      "  - {check: max_abs, column: value, at_most: 1, known_gap: {full: 'too large at full size'}}\n");
  const auto fast = file.load(false), full = file.load(true);
  EXPECT_FALSE(fast.expectations[1]["known_gap"]);
  EXPECT_EQ(full.expectations[1]["known_gap"].as<std::string>(), "too large at full size");
  // A built-in experiment's entry is a known gap only: in the other form it goes.
  const auto entries = YAML::Load("[{check: experiment, description: a, known_gap: {full: 'why'}},"
                                  " {check: experiment, description: b, known_gap: 'why'}]");
  EXPECT_EQ(known_gaps_of_form(entries, false).size(), 1u);
  EXPECT_EQ(known_gaps_of_form(entries, true).size(), 2u);
}

TEST(ValidationChecks, ACheckWithoutItsBoundIsRefusedWhenTheCaseLoads)
{
  const std::string judged = "  - {check: all_ok}\n";
  EXPECT_EQ(refusal(judged + "  - {check: best_ratio, x: nodes, at_most: 1.0}\n"), "");
  EXPECT_NE(refusal(judged + "  - {check: best_ratio, x: nodes}\n").find("a best_ratio check needs 'at_most' (its bound)"),
            std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: ratio_to_best, of: a, against: b, x: nodes}\n").find("needs 'at_most'"),
            std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: mean, column: value}\n").find("a mean check needs one bound"),
            std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: mean, column: value, published: 1}\n").find("go together"), std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: max_abs, column: value, at_most: big}\n").find("not a number"),
            std::string::npos);
  // Unknown kinds and keys (a misspelt bound would otherwise leave the check unbounded).
  EXPECT_NE(refusal(judged + "  - {check: max, column: value}\n").find("unknown check 'max'"), std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: best_ratio, x: nodes, at_mots: 1}\n").find("unknown key 'at_mots'"),
            std::string::npos);
  // Reasons are text.
  EXPECT_NE(refusal(judged + "  - {check: mean, column: v, at_least: 1, report_only: true}\n").find("needs its reason"),
            std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: max_abs, column: v, at_most: 1, known_gap: yes}\n").find("needs its reason"),
            std::string::npos);
  EXPECT_NE(refusal(judged + "  - {check: report, column: v, x: n, by: s, known_gap: 'why'}\n")
                .find("a known gap needs a check that gives a verdict"),
            std::string::npos);
  // A case whose checks only report is no check at all.
  EXPECT_NE(refusal("  - {check: report, column: v, x: n, by: s}\n").find("no check gives a verdict"),
            std::string::npos);
}

TEST(ValidationChecks, ABuiltInExperimentListsOnlyItsKnownGaps)
{
  const std::vector<CheckResult> checks = {{"claim A", "3", "<= 2", Verdict::fail, ""},
                                           {"claim B", "1", "<= 2", Verdict::pass, ""},
                                           {"figure C", "-", "see table", Verdict::report, ""}};
  const auto applied = apply_known_gaps(
      checks,
      YAML::Load("[{check: experiment, description: claim A, known_gap: 'the model differs'},"
                 " {check: experiment, description: claim D, known_gap: 'gone'}]"),
      "case.yaml");
  ASSERT_EQ(applied.size(), 4u);
  EXPECT_TRUE(applied[0].known_gap);
  EXPECT_EQ(applied[0].note, "the model differs");
  EXPECT_EQ(applied[1].verdict, Verdict::pass);
  // A known gap naming no check of the experiment fails: the list stays true.
  EXPECT_EQ(applied[3].description, "claim D");
  EXPECT_TRUE(counts_as_failure(applied[3]));
  // A known gap that passes fails.
  EXPECT_TRUE(counts_as_failure(apply_known_gaps(
      checks, YAML::Load("[{check: experiment, description: claim B, known_gap: 'was slow'}]"), "case.yaml")[1]));
  EXPECT_THROW(apply_known_gaps(checks, YAML::Load("[{check: experiment, description: figure C, known_gap: 'x'}]"),
                                "case.yaml"),
               std::exception);
  EXPECT_THROW(apply_known_gaps(checks, YAML::Load("[{check: max_abs, column: v, at_most: 1}]"), "case.yaml"),
               std::exception);
}

// A list or a mapping where a single value belongs is refused naming the case file and the line.
TEST(ValidationChecks, AValueOfAnotherTypeNamesTheCaseFile)
{
  const CaseFile with_list_known_gap("  - {check: max_abs, column: v, at_most: 1, known_gap: [a]}\n");
  try {
    with_list_known_gap.load();
    FAIL() << "a list read as a reason";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find(with_list_known_gap.path() + ":5: "), std::string::npos) << error.what();
  }
  for (const char* check : {"{check: [max_abs], column: v, at_most: 1}", "{check: mean, column: {a: 1}, at_least: 1}"})
    try {
      evaluate(kRows, check);
      ADD_FAILURE() << "accepted " << check;
    } catch (const std::exception& error) {
      EXPECT_EQ(std::string(error.what()).rfind("case.yaml:1: ", 0), 0u) << check << " -> " << error.what();
    }
}
