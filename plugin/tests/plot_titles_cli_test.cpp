// What a figure says about itself: units on both axes, the --where filters in its title, and a
// warning when each point averages rows that differ in a parameter the figure does not show (a
// sweep over sizes, port models or slice counts plotted without --where or --by).
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

using namespace hbcast::test_support;

namespace {

// A sweep's columns, platform to simgrid being its parameters: 2 sizes x 2 ports x 2 node counts.
std::string sweep_csv()
{
  std::string csv = "point,scenario,fingerprint,platform,nodes,scheduler,message_bytes,slices,port,member_fraction,"
                    "simgrid,repetition,seed,simulated_makespan,status\n";
  int point = 0;
  for (const char* bytes : {"1048576", "4194304"})
    for (const char* port : {"one-port", "multi-port"})
      for (const char* nodes : {"8", "16"}) {
        csv += std::to_string(point) + ",s,f,star," + nodes + ",fnf," + bytes + ",1," + port + ",0,,0,1," +
               std::to_string(1.5 + point) + ",ok\n";
        ++point;
      }
  return csv;
}

}  // namespace

TEST(PlotTitles, AxesCarryUnitsAndTheTitleTheFilters)
{
  TemporaryDirectory dir;
  const std::string results = dir.write("results.csv", sweep_csv());
  const std::string script = dir.path() + "/figure.gp";
  const auto result = run_hbcast({"plot", results, "--x", "message_bytes", "--y", "simulated_makespan", "--where",
                                  "port=one-port", "--where", "nodes=8", "-o", dir.path() + "/figure.svg", "--script",
                                  script});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(result.err, "") << "nothing is averaged across parameters here";
  const std::string text = read_file(script);
  EXPECT_NE(text.find("set xlabel \"message_bytes (bytes)\""), std::string::npos) << text;
  EXPECT_NE(text.find("set ylabel \"simulated_makespan (s)\""), std::string::npos) << text;
  EXPECT_NE(text.find("; rows where port=one-port, nodes=8"), std::string::npos) << text;
}

TEST(PlotTitles, AveragingAcrossParametersIsWarnedAbout)
{
  TemporaryDirectory dir;
  const std::string results = dir.write("results.csv", sweep_csv());
  const auto result = run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "-o",
                                  dir.path() + "/figure.svg"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.err.find("hbcast: warning: each point averages rows that differ in message_bytes (2 values: "
                            "1048576, 4194304), port (2 values: multi-port, one-port)"),
            std::string::npos)
      << result.err;
  // Split by one, filtered on the other: no warning.
  const auto split = run_hbcast({"plot", results, "--x", "nodes", "--y", "simulated_makespan", "--by", "port",
                                 "--where", "message_bytes=1048576", "-o", dir.path() + "/split.svg"});
  ASSERT_EQ(split.exit_status, 0) << split.err;
  EXPECT_EQ(split.err, "");
}
