// `hbcast plot` as a user runs it: figures drawn by gnuplot from a hand-written results CSV whose
// means are known, and every bad input an exit status 2 with exactly one line on stderr.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace hbcast::test_support;

namespace {

// 3 schedulers x 3 sizes x 4 repetitions. Each (scheduler, nodes) centre c gets the repetitions
// c-0.25, c-0.125, c+0.125, c+0.25: mean c, min c-0.25, max c+0.25, all exact in binary. One failed
// row (empty makespan) must be left out; the quoted platform field holds a comma and quotes.
std::string results_csv()
{
  const std::pair<const char*, double> centres[] = {
      {"flat", 1.375}, {"flat", 2.75}, {"flat", 5.5},  {"binomial", 1.625}, {"binomial", 2.125},
      {"binomial", 2.625}, {"fnf", 1.125}, {"fnf", 1.5}, {"fnf", 1.875}};
  const int nodes[] = {8, 16, 32};
  const double offsets[] = {-0.25, -0.125, 0.125, 0.25};
  std::string csv = "scheduler,platform,nodes,repetition,status,simulated_makespan\n";
  for (int k = 0; k < 9; ++k)
    for (int repetition = 0; repetition < 4; ++repetition)
      csv += std::string(centres[k].first) + ",\"grid \"\"a\"\", 5000\"," + std::to_string(nodes[k % 3]) + "," +
             std::to_string(repetition) + ",ok," + std::to_string(centres[k].second + offsets[repetition]) + "\n";
  return csv + "fnf,\"grid \"\"a\"\", 5000\",32,4,failed,\n";
}


void expect_success(const CommandResult& result)
{
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
}


bool contains(const std::string& text, const std::string& fragment)
{
  return text.find(fragment) != std::string::npos;
}

std::size_t big_endian_u32(const std::string& bytes, std::size_t offset)
{
  std::size_t value = 0;
  for (std::size_t k = 0; k < 4; ++k)
    value = value << 8 | static_cast<unsigned char>(bytes[offset + k]);
  return value;
}

class PlotCommand : public ::testing::Test {
protected:
  TemporaryDirectory dir;
  std::string results = dir.write("results.csv", results_csv());
  std::string path(const std::string& name) const { return dir.path() + "/" + name; }
};

}  // namespace

TEST_F(PlotCommand, RendersPng)
{
  expect_success(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "scheduler",
                             "-o", path("fig.png")}));
  const std::string png = read_file(path("fig.png"));
  ASSERT_GE(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian_u32(png, 16), 900u);  // width
  EXPECT_EQ(big_endian_u32(png, 20), 600u);  // height
}

TEST_F(PlotCommand, RendersSvgWithLegendAndStatistics)
{
  expect_success(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "scheduler",
                             "-o", path("fig.svg")}));
  const std::string svg = read_file(path("fig.svg"));
  EXPECT_TRUE(svg.rfind("<?xml", 0) == 0 || svg.rfind("<svg", 0) == 0) << svg.substr(0, 80);
  EXPECT_TRUE(contains(svg, "</svg>"));
  for (const char* series : {"scheduler=flat", "scheduler=binomial", "scheduler=fnf"})
    EXPECT_TRUE(contains(svg, series)) << series;
  EXPECT_TRUE(contains(svg, "mean over 4 runs, bars: min-max"));
}

TEST_F(PlotCommand, BarChartWithConfidenceIntervals)
{
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--by", "nodes",
                             "--kind", "bar", "--error", "ci95", "--title", "Makespan \"by\" scheduler", "-o",
                             path("bars.SVG"), "--script", path("bars.gp")}));
  const std::string svg = read_file(path("bars.SVG"));
  EXPECT_TRUE(contains(svg, "bars: 95% CI of the mean (Student t)"));
  EXPECT_TRUE(contains(svg, "nodes=32"));
  const std::string script = read_file(path("bars.gp"));
  EXPECT_TRUE(contains(script, "set style histogram clustered gap 1 errorbars"));
  // flat at 8 nodes: mean 1.375, s = sqrt((0.0625+0.015625)*2/3) = 0.228218, half-width
  // t(0.975, 3) * s / sqrt(4) = 3.1824 * 0.228218 / 2 = 0.363140: bars 1.011860 .. 1.738140.
  // The x column of a bar chart is the category index.
  EXPECT_TRUE(contains(script, "0 1.375 1.01185994")) << script;
  EXPECT_TRUE(contains(script, " 1.73814005")) << script;
  EXPECT_TRUE(contains(script, "\"flat\"\n"));
}

TEST_F(PlotCommand, ScriptHoldsTheMeansAndRendersTheSameFigure)
{
  expect_success(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "scheduler",
                             "-o", path("fig.png"), "--script", path("fig.gp")}));
  const std::string script = read_file(path("fig.gp"));
  EXPECT_TRUE(contains(script, "set terminal pngcairo size 900,600"));
  EXPECT_TRUE(contains(script, "set output \"" + path("fig.png") + "\""));
  EXPECT_TRUE(contains(script, "$data1 << EOD\n# scheduler=flat\n"));
  // Rows: x, mean, min, max, runs, label. The failed fnf row at 32 nodes is not counted.
  EXPECT_TRUE(contains(script, "8 1.375 1.125 1.625 4 \"8\"\n"));
  EXPECT_TRUE(contains(script, "16 2.125 1.875 2.375 4 \"16\"\n"));
  EXPECT_TRUE(contains(script, "32 1.875 1.625 2.125 4 \"32\"\n"));
  EXPECT_TRUE(contains(script, "with yerrorlines"));
  EXPECT_TRUE(contains(script, "title \"scheduler=fnf\""));
  // Saved scripts are self-contained: gnuplot alone reproduces the figure.
  std::filesystem::remove(path("fig.png"));
  EXPECT_EQ(std::system(("gnuplot " + path("fig.gp")).c_str()), 0);
  EXPECT_EQ(read_file(path("fig.png")).substr(1, 3), "PNG");
}

TEST_F(PlotCommand, TextXIsCategorical)
{
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "-o",
                             path("fig.svg"), "--script", path("fig.gp")}));
  const std::string script = read_file(path("fig.gp"));
  EXPECT_TRUE(contains(script, "set xtics (\"flat\" 0, \"binomial\" 1, \"fnf\" 2)")) << script;
  // One series named after the metric; flat over all sizes: (1.375 + 2.75 + 5.5) / 3 = 3.2083...
  EXPECT_TRUE(contains(script, "title \"simulated_makespan\""));
  EXPECT_TRUE(contains(script, "0 3.2083333333333335 1.125 5.75 12 \"flat\"\n")) << script;
}

TEST_F(PlotCommand, ReplacesAnExistingFigureLeavingNoTemporaryFile)
{
  const std::string figure = dir.write("fig.png", "old figure");
  expect_success(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "scheduler", "-o", figure}));
  EXPECT_EQ(read_file(figure).substr(1, 3), "PNG");
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"fig.png", "results.csv"}));
}

TEST_F(PlotCommand, MissingResultsFile)
{
  expect_one_line_error(run_hbcast({"plot", path("none.csv"), "--x", "nodes", "--y", "simulated_makespan", "-o",
                                    path("fig.png")}),
                        "cannot read results file '" + path("none.csv") + "': No such file or directory");
}

TEST_F(PlotCommand, MissingColumnListsTheColumns)
{
  expect_one_line_error(
      run_hbcast({"plot", results, "--x", "size", "--y", "simulated_makespan", "-o", path("fig.png")}),
      "no column 'size' in '" + results +
          "' (columns: scheduler, platform, nodes, repetition, status, simulated_makespan)");
  expect_one_line_error(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "port",
                                    "-o", path("fig.png")}),
                        "no column 'port'");
}

TEST_F(PlotCommand, NonNumericMetricNamesRowAndColumn)
{
  expect_one_line_error(run_hbcast({"plot", results, "--x", "nodes", "--y", "platform", "-o", path("fig.png")}),
                        "row 1 (line 2): column 'platform' is 'grid \"a\", 5000', not a number");
}

TEST_F(PlotCommand, UnsupportedExtension)
{
  expect_one_line_error(
      run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o", path("fig.pdf")}),
      "use a .png or .svg file name");
  EXPECT_FALSE(std::filesystem::exists(path("fig.pdf")));
}

TEST_F(PlotCommand, UnwritableOutputDirectory)
{
  expect_one_line_error(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o",
                                    path("missing/fig.png")}),
                        "cannot write '" + path("missing/fig.png") + "'");
  // Root ignores permission bits, so use a regular file where a directory should be.
  expect_one_line_error(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o",
                                    results + "/fig.svg"}),
                        "cannot write '" + results + "/fig.svg': '" + results + "' is not a folder");
}

TEST_F(PlotCommand, GnuplotMissingKeepsTheOldFigure)
{
  const std::string figure = dir.write("fig.png", "old figure");
  const std::string saved_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", dir.path().c_str(), 1);  // the child inherits a PATH without gnuplot
  const CommandResult result =
      run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o", figure});
  setenv("PATH", saved_path.c_str(), 1);
  expect_one_line_error(result, "gnuplot not found: install gnuplot-nox");
  EXPECT_EQ(read_file(figure), "old figure");
}

TEST_F(PlotCommand, GnuplotFailureReportsItsErrorLineAndKeepsTheOldFigure)
{
  const std::string figure = dir.write("fig.png", "old figure");
  // A stand-in gnuplot that half-writes an image and fails the way gnuplot does: a warning, the
  // echoed command with a caret, then the located message.
  const std::string fake = dir.write("gnuplot", "#!/bin/sh\nprintf 'partial' \n"
                                                "printf '         line 2: warning: Skipping data file\\n\\n' >&2\n"
                                                "printf 'gnuplot> plot $data1 using 1:2\\n               ^\\n' >&2\n"
                                                "printf '         line 2: x range is invalid\\n\\n' >&2\nexit 1\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  const std::string saved_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", dir.path().c_str(), 1);
  const CommandResult result =
      run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o", figure});
  setenv("PATH", saved_path.c_str(), 1);
  expect_one_line_error(result, "gnuplot failed: line 2: x range is invalid");
  EXPECT_EQ(read_file(figure), "old figure");
}

// Issue 14, item 17: a row filter, JSON Lines input, bars from 0, readable category labels.
TEST_F(PlotCommand, WhereKeepsOnlyTheMatchingRows)
{
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--where", "nodes=8",
                             "-o", path("fig.svg"), "--script", path("fig.gp")}));
  // flat at 8 nodes only: mean 1.375, min 1.125, max 1.625 (not 3.208 over every size).
  const std::string script = read_file(path("fig.gp"));
  EXPECT_TRUE(contains(script, "0 1.375 1.125 1.625 4 \"flat\"\n")) << script;
  EXPECT_TRUE(contains(script, "2 1.125 0.875 1.375 4 \"fnf\"\n")) << script;
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--where", "nodes=8",
                             "--where", "scheduler=fnf", "-o", path("fig.svg"), "--script", path("one.gp")}));
  const std::string one = read_file(path("one.gp"));
  EXPECT_TRUE(contains(one, "0 1.125 0.875 1.375 4 \"fnf\"\n")) << one;
  EXPECT_FALSE(contains(one, "\"flat\"")) << one;
}

TEST_F(PlotCommand, WhereErrorsNameTheProblem)
{
  const std::vector<std::string> base{"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "-o",
                                      path("fig.svg")};
  expect_rejected(base, {{{"--where", "nodes"}, "--where 'nodes' is not of the form COLUMN=VALUE"},
                         {{"--where", "bogus=1"}, "no column 'bogus'"},
                         {{"--where", "nodes=7"}, "has nodes=7"}},
                  path("fig.svg"));
}

TEST_F(PlotCommand, ReadsJsonLinesLikeCsv)
{
  std::string jsonl;
  const std::pair<const char*, double> rows[] = {{"flat", 1.25}, {"flat", 1.5}, {"fnf", 1.0}, {"fnf", 2.0}};
  for (const auto& [scheduler, makespan] : rows)
    jsonl += std::string("{\"point\": 1, \"scheduler\": \"") + scheduler + "\", \"nodes\": 8, \"status\": \"ok\", "
             "\"simulated_makespan\": " + std::to_string(makespan) + ", \"simulated_period\": null}\n";
  jsonl += "{\"point\": 2, \"scheduler\": \"fnf\", \"nodes\": 8, \"status\": \"failed\", \"error\": \"x\"}\n";
  const std::string input = dir.write("results.jsonl", jsonl);
  expect_success(run_hbcast({"plot", input, "--x", "scheduler", "--y", "simulated_makespan", "-o", path("fig.svg"),
                             "--script", path("fig.gp")}));
  const std::string script = read_file(path("fig.gp"));
  EXPECT_TRUE(contains(script, "0 1.375 1.25 1.5 2 \"flat\"\n")) << script;
  EXPECT_TRUE(contains(script, "1 1.5 1 2 2 \"fnf\"\n")) << script;  // the failed row is left out
}

TEST_F(PlotCommand, BarChartsStartAtZero)
{
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--kind", "bar",
                             "-o", path("bars.svg"), "--script", path("bars.gp")}));
  EXPECT_TRUE(contains(read_file(path("bars.gp")), "set yrange [0:*]\n"));
}

TEST_F(PlotCommand, LongCategoryLabelsAreRotatedShortOnesAndNumbersNot)
{
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--kind", "bar",
                             "-o", path("bars.svg"), "--script", path("long.gp")}));
  EXPECT_TRUE(contains(read_file(path("long.gp")), "set xtics rotate by -35"));  // "binomial": 8 characters
  expect_success(run_hbcast({"plot", results, "--x", "scheduler", "--y", "simulated_makespan", "--where",
                             "scheduler=fnf", "-o", path("fig.svg"), "--script", path("short.gp")}));
  EXPECT_FALSE(contains(read_file(path("short.gp")), "rotate"));
  expect_success(run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "scheduler", "-o", path("fig.svg"),
                             "--script", path("numeric.gp")}));
  EXPECT_FALSE(contains(read_file(path("numeric.gp")), "rotate"));
}
