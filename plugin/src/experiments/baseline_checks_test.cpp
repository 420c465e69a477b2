// best_ratio and relative_difference on hand-made result tables: the answers are worked out below.
#include <hbcast/experiments/baseline_checks.hpp>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

using namespace hbcast::cli;

namespace {

// Two slice counts; the MPI rows have no slices and so belong to both groups.
const char* const kBaselineRows = "scheduler,slices,repetition,simulated_makespan,status\n"
                          "fnf,1,0,2.0,ok\n"
                          "binomial,1,0,3.0,ok\n"
                          "fnf,16,0,1.0,ok\n"
                          "lp-prune,16,0,,not-applicable\n"
                          "mpi:binomial_tree,,0,3.00003,ok\n"
                          "mpi:ompi_pipeline,,0,1.6,ok\n"
                          "mpi:SMP_linear,,0,,failed\n";

CheckResult best_ratio(const std::string& rows, const std::string& check)
{
  return check_best_ratio(ResultsTable::parse(rows, "rows.csv"), YAML::Load(check), "case.yaml");
}

}  // namespace

TEST(BestRatio, BestTreeOverBestMpiInEveryGroupWithTheFailuresNamed)
{
  const auto result = best_ratio(kBaselineRows, "{x: slices, at_most: 2}");
  EXPECT_EQ(result.verdict, Verdict::pass);
  EXPECT_EQ(result.measured, "0.625 to 1.25 (2 groups)");  // 1.0 / 1.6 and 2.0 / 1.6
  EXPECT_NE(result.table.find("| slices=1, repetition=0 | fnf 2 | mpi:ompi_pipeline 1.6 | 1.25 | mpi:SMP_linear |"),
            std::string::npos)
      << result.table;
  EXPECT_NE(result.table.find("| slices=16, repetition=0 | fnf 1 | mpi:ompi_pipeline 1.6 | 0.625 |"), std::string::npos);
}

TEST(BestRatio, FailsAboveItsBoundOrWithoutOneSide)
{
  EXPECT_EQ(best_ratio(kBaselineRows, "{x: slices, at_most: 1.0}").verdict, Verdict::fail);  // 1.25 at 1 slice
  EXPECT_EQ(best_ratio(kBaselineRows, "{x: slices, at_most: 1.25}").verdict, Verdict::pass);
  EXPECT_THROW(best_ratio(kBaselineRows, "{x: slices}"), std::exception);  // no bound: not a check
  const std::string no_mpi = "scheduler,slices,repetition,simulated_makespan,status\nfnf,1,0,2.0,ok\n";
  const auto lonely = best_ratio(no_mpi, "{x: slices, at_most: 1}");
  EXPECT_EQ(lonely.verdict, Verdict::fail);
  EXPECT_EQ(lonely.measured, "at slices=1, repetition=0: no MPI row ran");
  const std::string tree_failed = std::string(kBaselineRows) + "ecef,1,0,,failed\n";
  EXPECT_EQ(best_ratio(tree_failed, "{x: slices, at_most: 1}").measured, "at slices=1, repetition=0: ecef did not run");
}

TEST(RelativeDifference, SmpiAgainstTheSameTreeInTheSelectedGroups)
{
  const auto rows = ResultsTable::parse(std::string(kBaselineRows) + "mpich-binomial,1,0,3.0,ok\nmpich-binomial,16,0,2.0,ok\n",
                                        "rows.csv");
  const auto check = [&](const std::string& yaml) {
    return check_relative_difference(rows, YAML::Load(yaml), "case.yaml");
  };
  // (3.00003 - 3.0) / 3.0 = 1e-5 at one slice; at 16 slices the trees differ: (3.00003 - 2) / 2.
  const auto atomic = check("{column: simulated_makespan, of: 'mpi:binomial_tree', to: mpich-binomial, x: slices, "
                            "where: {slices: '1'}, at_least: 0, at_most: 1.1e-5}");
  EXPECT_EQ(atomic.verdict, Verdict::pass) << atomic.measured;
  EXPECT_EQ(atomic.measured, "1e-05 to 1e-05");
  const auto both = check("{column: simulated_makespan, of: 'mpi:binomial_tree', to: mpich-binomial, x: slices, "
                          "at_least: 0, at_most: 1.1e-5}");
  EXPECT_EQ(both.verdict, Verdict::fail);
  EXPECT_EQ(both.measured, "1e-05 to 0.5");
}

TEST(RatioToBest, OneSchedulerOverTheBestOfTheOthersInEveryGroup)
{
  const auto rows = ResultsTable::parse("scheduler,clusters,repetition,simulated_makespan,status\n"
                                        "link-ecef,1,0,1.2,ok\nbinomial,1,0,1.0,ok\nfnf,1,0,4.0,ok\n"
                                        "link-ecef,4,0,0.5,ok\nbinomial,4,0,2.0,ok\nfnf,4,0,1.0,ok\n"
                                        "lcf,4,0,,not-applicable\n",
                                        "rows.csv");
  const auto check = [&](const std::string& yaml) {
    return check_ratio_to_best(rows, YAML::Load(yaml), "case.yaml");
  };
  // 1.2 / min(1.0, 4.0) at one cluster; 0.5 / min(2.0, 1.0) at four (lcf did not apply there).
  const auto result = check("{of: link-ecef, against: [binomial, fnf, lcf], x: clusters, at_most: 1.2}");
  EXPECT_EQ(result.verdict, Verdict::pass);
  EXPECT_EQ(result.measured, "0.5 to 1.2 (2 groups)");
  EXPECT_NE(result.table.find("| clusters=1, repetition=0 | link-ecef 1.2 | binomial 1 | 1.2 |"), std::string::npos)
      << result.table;
  EXPECT_NE(result.table.find("| clusters=4, repetition=0 | link-ecef 0.5 | fnf 1 | 0.5 |"), std::string::npos)
      << result.table;
  EXPECT_EQ(check("{of: link-ecef, against: [binomial, fnf], x: clusters, at_most: 1.0}").verdict, Verdict::fail);
  EXPECT_EQ(check("{of: link-ecef, against: fnf, x: clusters, where: {clusters: '1'}, at_most: 1}").measured, "0.3");
  // The best of two against the best of the rest: min(1.2, 1.0) / 4.0 at one cluster.
  const auto best_of_two = check("{of: [link-ecef, binomial], against: fnf, x: clusters, where: {clusters: '1'}, at_most: 1}");
  EXPECT_EQ(best_of_two.measured, "0.25");
  EXPECT_NE(best_of_two.table.find("| binomial 1 | fnf 4 | 0.25 |"), std::string::npos) << best_of_two.table;
}

TEST(RatioToBest, FailsWhenASideIsMissingOrARowFailed)
{
  const auto failed = ResultsTable::parse("scheduler,clusters,repetition,simulated_makespan,status\n"
                                          "link-ecef,1,0,1.2,ok\nbinomial,1,0,,failed\nfnf,1,0,2.0,ok\n",
                                          "rows.csv");
  const auto result = check_ratio_to_best(failed, YAML::Load("{of: link-ecef, against: [binomial, fnf], x: clusters, at_most: 1}"),
                                          "case.yaml");
  EXPECT_EQ(result.verdict, Verdict::fail);
  EXPECT_EQ(result.measured, "at clusters=1, repetition=0: binomial did not run");
  const auto alone = check_ratio_to_best(failed, YAML::Load("{of: link-fnf, against: fnf, x: clusters, at_most: 1}"), "case.yaml");
  EXPECT_EQ(alone.measured, "at clusters=1, repetition=0: no row of link-fnf");
  EXPECT_THROW(check_ratio_to_best(failed, YAML::Load("{of: link-ecef, x: clusters, at_most: 1}"), "case.yaml"), std::exception);
  // A ratio without its bound is not a check.
  EXPECT_THROW(check_ratio_to_best(failed, YAML::Load("{of: link-ecef, against: fnf, x: clusters}"), "case.yaml"),
               std::exception);
}
