#include <hbcast/report/report_format.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/simulation/simulation_report.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

using namespace hbcast::cli;

// Every CSV row has the header's columns, whatever the run has: figures, only its predictions (a
// row whose replay a time limit stopped), or nothing (a failure).
TEST(ReportFormat, EveryCsvRowHasTheHeadersColumns)
{
  SimulationReport report;
  report.platform = "p.xml";
  report.host_count = 2;
  report.root = "a";
  report.message_bytes = 1e6;
  report.slice_bytes = 1e6;
  report.port = "one-port";
  report.mode = "exact";
  SchedulerRun replayed;
  replayed.scheduler = "flat";
  replayed.own.makespan = replayed.pairwise.makespan = replayed.simulated.makespan = 1.0;
  SchedulerRun predicted = replayed;
  predicted.scheduler = "fnf";
  predicted.status = "timeout";
  predicted.predicted_only = true;
  predicted.error = "timed out while replaying";
  SchedulerRun failed;
  failed.scheduler = "lcf";
  failed.status = "failed";
  failed.error = "no tree";
  report.runs = {replayed, predicted, failed};

  std::ostringstream csv;
  write_report_csv(csv, report);
  std::istringstream lines(csv.str());
  std::string header;
  std::getline(lines, header);
  const auto columns = [](const std::string& line) {
    std::size_t count = 1;
    for (const char c : line)
      count += c == ',';
    return count;
  };
  int rows = 0;
  for (std::string line; std::getline(lines, line); ++rows)
    EXPECT_EQ(columns(line), columns(header)) << line;
  EXPECT_EQ(rows, 3);
  EXPECT_NO_THROW(ResultsTable::parse(csv.str(), "report.csv"));
}
