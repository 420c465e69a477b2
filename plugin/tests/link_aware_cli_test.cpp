// `hbcast simulate` with the link-aware schedulers, the contention section and --gantt, as users
// run them (the real binary), on the shipped grid5000_88.xml and a generated backbone cluster.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace hbcast::test_support;

namespace {

bool contains(const std::string& text, const std::string& fragment)
{
  return text.find(fragment) != std::string::npos;
}

}  // namespace

TEST(LinkAwareCli, LinkAwareTreesReplayAtTheirPredictionOnGrid5000AndFnfContends)
{
  const auto result = run_hbcast({"simulate", "-s", "link-fnf,link-ecef,fnf", "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const auto& run : report["runs"]) {
    const double predicted = run["pairwise"]["makespan"];
    const double simulated = run["simulated"]["makespan"];
    const double lateness = run["lateness"]["seconds"];
    if (run["scheduler"] == "fnf") {
      // Per-node lateness: FNF's latest node is an IDPOT host (behind the slowest WAN links).
      EXPECT_GT(lateness, 1.0);
      EXPECT_EQ(run["lateness"]["host"].get<std::string>().rfind("idpot", 0), 0u) << run["lateness"];
      EXPECT_GT(run["contention"]["oversubscribed_links"].get<int>(), 0);
      EXPECT_TRUE(contains(run["contention"]["worst_links"][0]["link"].get<std::string>(), "wan_"));
      EXPECT_GT(simulated, 1.5 * predicted);
    } else {
      EXPECT_EQ(run["contention"]["oversubscribed_links"], 0) << run["scheduler"];
      EXPECT_LE(lateness, 1e-9 * predicted) << run["scheduler"];
      EXPECT_NEAR(simulated, predicted, 1e-9 * predicted) << run["scheduler"];
    }
  }
}

TEST(LinkAwareCli, TableHasAContentionSectionAndCsvTheWorstLink)
{
  const auto table = run_hbcast({"simulate", "-s", "link-fnf,binomial"});
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_TRUE(contains(table.out, "\nContention (shared links asked for more than their bandwidth"));
  EXPECT_TRUE(contains(table.out, "\nnone: link-fnf\n")) << table.out;
  EXPECT_TRUE(contains(table.out, "latest node")) << table.out;
  EXPECT_TRUE(contains(table.out, "\nbinomial 2 links over-subscribed; worst: wan_")) << table.out;
  const auto csv = run_hbcast({"simulate", "-s", "link-ecef,binomial", "--format", "csv"});
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_TRUE(contains(csv.out, ",oversubscribed_links,worst_link,worst_link_ratio,model,"));
  EXPECT_TRUE(contains(csv.out, ",0,,,")) << csv.out;  // link-ecef: none, no worst link
  EXPECT_TRUE(contains(csv.out, ",wan_")) << csv.out;   // binomial: a WAN link
}

TEST(LinkAwareCli, GanttChartsOnePerScheduler)
{
  TemporaryDirectory dir;
  const auto result =
      run_hbcast({"simulate", "-s", "link-fnf,fnf", "--gantt", dir.path() + "/g.svg", "--format", "csv"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  for (const char* name : {"/g.link-fnf.svg", "/g.fnf.svg"}) {
    const std::string svg = read_file(dir.path() + name);
    EXPECT_TRUE(contains(svg, "<svg")) << name;
    EXPECT_TRUE(contains(svg, "orsay0-0")) << name;  // the root's row
  }
  EXPECT_TRUE(contains(read_file(dir.path() + "/g.fnf.svg"), "receive, late"));
  EXPECT_TRUE(contains(read_file(dir.path() + "/g.link-fnf.svg"), "no shared link over-subscribed"));
}

TEST(LinkAwareCli, GanttErrors)
{
  TemporaryDirectory dir;
  expect_one_line_error(run_hbcast({"simulate", "-s", "fnf", "--gantt", dir.path() + "/g.pdf"}),
                        "--gantt: cannot tell the figure format");
  expect_one_line_error(run_hbcast({"simulate", "-s", "fnf", "--slices", "4", "--gantt", dir.path() + "/g.png"}),
                        "--gantt draws atomic broadcasts");
}

TEST(LinkAwareCli, GenerateErrorsNameTheParameter)
{
  TemporaryDirectory dir;
  expect_one_line_error(run_hbcast({"generate", "backbone", "--nodes", "0", "-o", dir.path() + "/b.xml"}),
                        "backbone platform: 'nodes' must be at least 1");
  expect_one_line_error(run_hbcast({"generate", "fat-tree", "--leaves", "x", "-o", dir.path() + "/f.xml"}),
                        "'leaves' must be a whole number");
}

TEST(LinkAwareCli, SlicedRunsAreAnalysedAndTheLinkAwareOnesExact)
{
  // 16 slices on the shipped grid: every run carries its contention analysis and its prediction
  // with links; the paced link-aware trees over-subscribe nothing and replay at it; any run that
  // deviates names an over-subscribed link.
  for (const char* port : {"one", "multi"}) {
    const auto result = run_hbcast({"simulate", "-s", "link-fnf,link-binomial,binomial,fnf", "--slices", "16",
                                    "--size", "8MiB", "--port", port, "--format", "json"});
    ASSERT_EQ(result.exit_status, 0) << result.err;
    const auto report = nlohmann::json::parse(result.out);
    for (const auto& run : report["runs"]) {
      const double simulated = run["simulated"]["makespan"];
      const auto& link = run["link_prediction"];
      ASSERT_TRUE(run.contains("contention")) << run["scheduler"];
      ASSERT_GT(link["period"].get<double>(), 0.0) << run["scheduler"];
      const bool exact = link["exact"];
      // Over-subscribed or not, the prediction is exact on a platform this small (max-min sharing
      // where a link is over-subscribed).
      EXPECT_TRUE(exact) << run["scheduler"];
      if (run["scheduler"].get<std::string>().rfind("link-", 0) == 0) {
        EXPECT_TRUE(exact) << run["scheduler"] << " " << port;
      }
      if (exact) {
        EXPECT_NEAR(simulated, link["makespan"].get<double>(), 1e-9 * simulated) << run["scheduler"] << " " << port;
      }
      if (std::abs(simulated - run["pairwise"]["makespan"].get<double>()) > 1e-9 * simulated) {
        EXPECT_GT(run["contention"]["oversubscribed_links"].get<int>(), 0) << run["scheduler"] << " " << port;
      }
    }
  }
  const auto csv = run_hbcast({"simulate", "-s", "link-fnf", "--slices", "4", "--format", "csv"});
  ASSERT_EQ(csv.exit_status, 0) << csv.err;
  EXPECT_TRUE(contains(csv.out, ",link_makespan,link_period,link_exact,period_bottleneck,status,error\n")) << csv.out;
  EXPECT_TRUE(contains(csv.out, ",true,")) << csv.out;
}
