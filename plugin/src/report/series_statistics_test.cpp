#include <hbcast/report/series_statistics.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace hbcast::cli;

namespace {

// fnf and flat at 9 and 10 nodes; flat has a failed and a timed-out repetition (empty makespan).
const char* const kResults = "scheduler,nodes,repetition,status,makespan\n"
                             "fnf,10,0,ok,1\n"
                             "fnf,10,1,ok,3\n"
                             "fnf,9,0,ok,2\n"
                             "flat,10,0,ok,5\n"
                             "flat,9,0,failed,\n"
                             "flat,9,1,ok,4\n"
                             "flat,10,1,timeout,\n";

std::string summarize_error(const std::string& csv, const SeriesRequest& request)
{
  try {
    summarize_series(ResultsTable::parse(csv, "r.csv"), request);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

}  // namespace

TEST(StudentT, TabulatedQuantilesThenNormal)
{
  EXPECT_NEAR(student_t_quantile_975(1), 12.706, 5e-4);
  EXPECT_NEAR(student_t_quantile_975(4), 2.776, 5e-4);
  EXPECT_NEAR(student_t_quantile_975(10), 2.228, 5e-4);
  EXPECT_NEAR(student_t_quantile_975(30), 2.042, 5e-4);
  EXPECT_DOUBLE_EQ(student_t_quantile_975(31), 1.96);
  EXPECT_DOUBLE_EQ(student_t_quantile_975(1000), 1.96);
  EXPECT_THROW(student_t_quantile_975(0), std::invalid_argument);
  for (std::size_t dof = 1; dof < 30; ++dof)  // the table decreases towards the normal quantile
    EXPECT_GT(student_t_quantile_975(dof), student_t_quantile_975(dof + 1)) << dof;
}

TEST(SampleSummary, MeanSpreadAndConfidenceInterval)
{
  // {1,2,3,4,5}: mean 3; squared deviations 4+1+0+1+4 = 10, s^2 = 10/4 = 2.5, s = 1.58114;
  // s/sqrt(5) = sqrt(0.5) = 0.707107; half-width = t(0.975, 4) * 0.707107 = 2.7764 * 0.707107 = 1.96321.
  auto summary = summarize_sample({3, 1, 5, 2, 4});
  EXPECT_EQ(summary.count, 5u);
  EXPECT_DOUBLE_EQ(summary.mean, 3);
  EXPECT_DOUBLE_EQ(summary.min, 1);
  EXPECT_DOUBLE_EQ(summary.max, 5);
  EXPECT_NEAR(summary.standard_deviation, 1.58114, 1e-5);
  EXPECT_NEAR(summary.ci95_half_width, 1.96321, 1e-5);
}

TEST(SampleSummary, SingleRunHasNoSpread)
{
  auto summary = summarize_sample({7.5});
  EXPECT_DOUBLE_EQ(summary.mean, 7.5);
  EXPECT_DOUBLE_EQ(summary.standard_deviation, 0);
  EXPECT_DOUBLE_EQ(summary.ci95_half_width, 0);
  EXPECT_THROW(summarize_sample({}), std::invalid_argument);
}

TEST(SummarizeSeries, GroupsOkRowsBySeriesAndNumericX)
{
  auto set = summarize_series(ResultsTable::parse(kResults, "r.csv"), {"nodes", "makespan", "scheduler"});
  ASSERT_TRUE(set.numeric_x);
  // Numeric order (9 before 10), not text order.
  EXPECT_EQ(set.x_labels, (std::vector<std::string>{"9", "10"}));
  EXPECT_EQ(set.x_values, (std::vector<double>{9, 10}));
  ASSERT_EQ(set.series.size(), 2u);
  // Series in order of first appearance, named COLUMN=value.
  EXPECT_EQ(set.series[0].name, "scheduler=fnf");
  EXPECT_EQ(set.series[1].name, "scheduler=flat");

  const auto& fnf = set.series[0].points;
  ASSERT_EQ(fnf.size(), 2u);
  EXPECT_EQ(fnf[0].x_index, 0u);
  EXPECT_DOUBLE_EQ(fnf[0].summary.mean, 2);
  EXPECT_EQ(fnf[1].summary.count, 2u);  // repetitions 1 and 3 at 10 nodes: mean 2, bars 1..3
  EXPECT_DOUBLE_EQ(fnf[1].summary.mean, 2);
  EXPECT_DOUBLE_EQ(fnf[1].low, 1);
  EXPECT_DOUBLE_EQ(fnf[1].high, 3);

  const auto& flat = set.series[1].points;  // failed and timed-out rows are left out
  ASSERT_EQ(flat.size(), 2u);
  EXPECT_EQ(flat[0].summary.count, 1u);
  EXPECT_DOUBLE_EQ(flat[0].summary.mean, 4);
  EXPECT_DOUBLE_EQ(flat[1].summary.mean, 5);

  EXPECT_EQ(set.fewest_runs, 1u);
  EXPECT_EQ(set.most_runs, 2u);
  EXPECT_EQ(describe_statistics(set), "mean over 1-2 runs, bars: min-max");
}

TEST(SummarizeSeries, TextXIsCategoricalInFirstAppearanceOrder)
{
  auto set = summarize_series(ResultsTable::parse(kResults, "r.csv"), {"scheduler", "makespan", ""});
  EXPECT_FALSE(set.numeric_x);
  EXPECT_EQ(set.x_labels, (std::vector<std::string>{"fnf", "flat"}));
  ASSERT_EQ(set.series.size(), 1u);
  EXPECT_EQ(set.series[0].name, "makespan");
  ASSERT_EQ(set.series[0].points.size(), 2u);
  EXPECT_DOUBLE_EQ(set.series[0].points[0].summary.mean, 2);    // (1 + 3 + 2) / 3
  EXPECT_DOUBLE_EQ(set.series[0].points[1].summary.mean, 4.5);  // (5 + 4) / 2
}

TEST(SummarizeSeries, ConfidenceIntervalBars)
{
  // Four runs 1, 2, 3, 6: mean 3; squared deviations 4+1+0+9 = 14, s^2 = 14/3, s = 2.16025;
  // s/sqrt(4) = 1.08012; half-width = t(0.975, 3) * 1.08012 = 3.1824 * 1.08012 = 3.43738.
  auto set = summarize_series(ResultsTable::parse("x,y\na,1\na,2\na,3\na,6\n", "r.csv"),
                              {"x", "y", "", ErrorBars::ci95});
  const auto& point = set.series.at(0).points.at(0);
  EXPECT_NEAR(point.low, 3 - 3.43738, 1e-5);
  EXPECT_NEAR(point.high, 3 + 3.43738, 1e-5);
  EXPECT_EQ(describe_statistics(set), "mean over 4 runs, bars: 95% CI of the mean (Student t)");
}

TEST(SummarizeSeries, EqualNumbersWrittenDifferentlyAreOnePoint)
{
  auto set = summarize_series(ResultsTable::parse("size,y\n1e3,1\n1000,3\n20,5\n", "r.csv"), {"size", "y", ""});
  EXPECT_EQ(set.x_labels, (std::vector<std::string>{"20", "1e3"}));
  EXPECT_DOUBLE_EQ(set.series[0].points[1].summary.mean, 2);
}

TEST(SummarizeSeries, EmptyYMeansNotApplicable)
{
  // Sweep results leave the period empty for atomic messages (1 slice): those rows are not
  // plotted, so slices=1 does not even appear on the x axis.
  auto set = summarize_series(ResultsTable::parse("slices,status,period\n1,ok,\n4,ok,2\n4,ok,4\n8,ok,1\n", "r.csv"),
                              {"slices", "period", ""});
  EXPECT_EQ(set.x_labels, (std::vector<std::string>{"4", "8"}));
  EXPECT_DOUBLE_EQ(set.series[0].points[0].summary.mean, 3);
  EXPECT_EQ(set.fewest_runs, 1u);
  EXPECT_EQ(set.most_runs, 2u);
}

TEST(SummarizeSeries, WithoutStatusColumnEveryRowCounts)
{
  auto set = summarize_series(ResultsTable::parse("x,y\n1,2\n1,4\n", "r.csv"), {"x", "y", ""});
  EXPECT_DOUBLE_EQ(set.series[0].points[0].summary.mean, 3);
  EXPECT_EQ(describe_statistics(set), "mean over 2 runs, bars: min-max");
}

TEST(SummarizeSeries, ErrorsNameTheProblem)
{
  EXPECT_EQ(summarize_error(kResults, {"nodes", "period", ""}),
            "no column 'period' in 'r.csv' (columns: scheduler, nodes, repetition, status, makespan)");
  EXPECT_EQ(summarize_error(kResults, {"nodes", "makespan", "port"}),
            "no column 'port' in 'r.csv' (columns: scheduler, nodes, repetition, status, makespan)");
  EXPECT_EQ(summarize_error("x,status,y\n1,ok,2\n1,ok,fast\n", {"x", "y", ""}),
            "'r.csv' row 2 (line 3): column 'y' is 'fast', not a number");
  EXPECT_EQ(summarize_error("x,status,y\n1,ok,\n2,failed,3\n", {"x", "y", ""}),
            "column 'y' is empty in every ok row of 'r.csv'");
  EXPECT_EQ(summarize_error("x,y\n1, \n", {"x", "y", ""}), "column 'y' is empty in every row of 'r.csv'");
  EXPECT_EQ(summarize_error("x,status,y\n1,failed,\n", {"x", "y", ""}), "no row of 'r.csv' has status 'ok'");
  EXPECT_EQ(summarize_error("x,y\n", {"x", "y", ""}), "'r.csv' has no data row");
}
