#include <hbcast/report/gantt_chart.hpp>
#include <hbcast/report/gantt_files.hpp>
#include <hbcast/report/tree_files.hpp>

#include <gtest/gtest.h>

#include <sstream>

using namespace hbcast::cli;

namespace {

// The lines of the inline data block $name of a gnuplot script.
std::vector<std::string> block(const std::string& script, const std::string& name)
{
  std::istringstream in(script);
  std::vector<std::string> lines;
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line == "$" + name + " << EOD")
      inside = true;
    else if (inside && line == "EOD")
      break;
    else if (inside)
      lines.push_back(line);
  }
  return lines;
}

// r sends to a over [0, 1) then to b over [1, 2); b is predicted at 2 but simulated at 3 (late).
GanttChart two_transfers()
{
  return {"t", {{"r", "a", 0, 1, 0, 1}, {"r", "b", 1, 2, 1, 3}}};
}

}  // namespace

TEST(GanttChart, RowsAreTheRootThenReceiversByPredictedStart)
{
  EXPECT_EQ(two_transfers().rows(), (std::vector<std::string>{"r", "a", "b"}));
}

TEST(GanttChart, SeriesHoldEveryTransferOnItsRows)
{
  const std::string script = two_transfers().script(FigureFormat::svg);
  EXPECT_EQ(block(script, "send"), (std::vector<std::string>{"0 0 1", "0 1 3"}));
  EXPECT_EQ(block(script, "receive"), (std::vector<std::string>{"1 0 1"}));
  EXPECT_EQ(block(script, "late"), (std::vector<std::string>{"2 1 3"}));
  EXPECT_EQ(block(script, "predicted"), (std::vector<std::string>{"1 0 1", "2 1 2"}));
  EXPECT_NE(script.find("set ytics ('r' 0, 'a' 1, 'b' 2)"), std::string::npos);
  EXPECT_NE(script.find("set terminal svg"), std::string::npos);
  EXPECT_NE(script.find("'receive, late'"), std::string::npos);
}

TEST(GanttChart, OnTimeTransfersAreNotLate)
{
  EXPECT_FALSE((GanttBar{"r", "a", 0, 1, 0, 1 + 1e-12}).late());
  EXPECT_TRUE((GanttBar{"r", "a", 0, 1, 0, 1.001}).late());
  const std::string script = GanttChart{"t", {{"r", "a", 0, 1, 0, 1}}}.script(FigureFormat::png, "x.png");
  EXPECT_TRUE(block(script, "late").empty());
  EXPECT_EQ(script.find("$late with"), std::string::npos);  // an empty block is not plotted
  EXPECT_NE(script.find("set output 'x.png'"), std::string::npos);
}

TEST(GanttFiles, PathsAndRequests)
{
  EXPECT_EQ(scheduler_file_path("out/g.svg", "fnf", true), "out/g.fnf.svg");
  EXPECT_EQ(scheduler_file_path("out/g.svg", "fnf", false), "out/g.svg");
  EXPECT_THROW(check_gantt_request("g.pdf", 1), std::invalid_argument);
  EXPECT_THROW(check_gantt_request("g.png", 4), std::invalid_argument);
  EXPECT_NO_THROW(check_gantt_request("g.PNG", 1));
}
