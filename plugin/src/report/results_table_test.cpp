#include <hbcast/report/results_table.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using hbcast::cli::ResultsTable;

namespace {

// The message of the std::invalid_argument that `parse` throws on `text`.
std::string parse_error(const std::string& text)
{
  try {
    ResultsTable::parse(text, "r.csv");
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "accepted: " << text;
  return "";
}

}  // namespace

TEST(ResultsTable, ReadsHeaderAndRowsAsStrings)
{
  auto table = ResultsTable::parse("scheduler,nodes,makespan\nflat,10,1.5\nfnf,20,0.25\n", "r.csv");
  ASSERT_EQ(table.columns(), (std::vector<std::string>{"scheduler", "nodes", "makespan"}));
  ASSERT_EQ(table.row_count(), 2u);
  EXPECT_EQ(table.cell(0, 0), "flat");
  EXPECT_EQ(table.cell(1, table.column("makespan")), "0.25");
  EXPECT_EQ(table.find_column("nodes"), 1u);
  EXPECT_FALSE(table.find_column("seed").has_value());
}

TEST(ResultsTable, ParsesRfc4180QuotedFields)
{
  // A comma, a doubled quote and a line break inside quotes; CRLF line ends; an empty last field.
  auto table = ResultsTable::parse("name,platform,note\r\n"
                                   "\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n"
                                   "plain,\"\",\r\n",
                                   "r.csv");
  ASSERT_EQ(table.row_count(), 2u);
  EXPECT_EQ(table.cell(0, 0), "a,b");
  EXPECT_EQ(table.cell(0, 1), "say \"hi\"");
  EXPECT_EQ(table.cell(0, 2), "two\r\nlines");
  EXPECT_EQ(table.cell(1, 0), "plain");
  EXPECT_EQ(table.cell(1, 1), "");
  EXPECT_EQ(table.cell(1, 2), "");
  // The second record starts on line 4 because the first one spans lines 2 and 3.
  EXPECT_EQ(table.describe_row(1), "row 2 (line 4)");
}

TEST(ResultsTable, ToleratesMissingFinalNewlineBlankLinesAndByteOrderMark)
{
  auto table = ResultsTable::parse("\xEF\xBB\xBF" "a,b\n1,2\n\n3,4", "r.csv");
  EXPECT_EQ(table.columns().front(), "a");
  ASSERT_EQ(table.row_count(), 2u);
  EXPECT_EQ(table.cell(1, 1), "4");
  EXPECT_EQ(table.describe_row(1), "row 2 (line 4)");
}

TEST(ResultsTable, MissingColumnListsTheAvailableOnes)
{
  auto table = ResultsTable::parse("scheduler,nodes\nflat,3\n", "r.csv");
  try {
    table.column("makespan");
    FAIL() << "found a column that does not exist";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "no column 'makespan' in 'r.csv' (columns: scheduler, nodes)");
  }
}

TEST(ResultsTable, RejectsMalformedFilesWithOneLine)
{
  EXPECT_EQ(parse_error(""), "'r.csv' is empty: expected a CSV header row");
  EXPECT_EQ(parse_error("a,b\n1,2\n3\n"), "'r.csv' line 3: 1 fields where the header has 2");
  EXPECT_EQ(parse_error("a,b\n1,\"open\n"), "'r.csv' line 2: unterminated quoted field");
  EXPECT_EQ(parse_error("a,b\n1,\"x\"y\n"), "'r.csv' line 2: unexpected character after a closing quote");
  EXPECT_EQ(parse_error("a,b,a\n1,2,3\n"), "'r.csv' line 1: column 'a' appears twice in the header");
  // A quoted column name holding a line break is quoted escaped, on one line.
  EXPECT_EQ(parse_error("\"two\nlines\",b,\"two\nlines\"\n1,2,3\n"),
            "'r.csv' line 1: column 'two\\nlines' appears twice in the header");
}

TEST(ResultsTable, HeaderOnlyFileHasNoRows)
{
  EXPECT_EQ(ResultsTable::parse("a,b\n", "r.csv").row_count(), 0u);
}

TEST(ResultsTable, UnreadableFileIsNamed)
{
  try {
    ResultsTable::read_file("/nonexistent/results.csv");
    FAIL() << "read a missing file";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "cannot read results file '/nonexistent/results.csv': No such file or directory");
  }
}

TEST(ResultsTable, ReadsJsonLinesWithColumnsInFirstAppearanceOrder)
{
  auto table = ResultsTable::parse_json_lines(
      "{\"point\": 0, \"scheduler\": \"fnf\", \"makespan\": 0.1, \"period\": null}\n\n"
      "{\"point\": 1, \"scheduler\": \"flat\", \"error\": \"x,y\", \"ok\": true}\n",
      "r.jsonl");
  ASSERT_EQ(table.columns(), (std::vector<std::string>{"point", "scheduler", "makespan", "period", "error", "ok"}));
  ASSERT_EQ(table.row_count(), 2u);
  EXPECT_EQ(table.cell(0, 2), "0.1");  // shortest round trip
  EXPECT_EQ(table.cell(0, 3), "");     // null
  EXPECT_EQ(table.cell(0, 4), "");     // absent
  EXPECT_EQ(table.cell(1, 4), "x,y");
  EXPECT_EQ(table.cell(1, 5), "true");
  EXPECT_EQ(table.describe_row(1), "row 2 (line 3)");
  EXPECT_THROW(ResultsTable::parse_json_lines("{\"a\": 1}\n[1, 2]\n", "r.jsonl"), std::invalid_argument);
  EXPECT_THROW(ResultsTable::parse_json_lines("\n", "r.jsonl"), std::invalid_argument);
}

// A cell nested 10^5 deep would overflow the stack when its text is written: refused on its line.
TEST(ResultsTable, RefusesJsonNestedBeyondItsLimit)
{
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  try {
    ResultsTable::parse_json_lines("{\"point\": 0}\n{\"point\": 1, \"a\": " + deep + "}\n", "r.jsonl");
    FAIL() << "read a line nested 10^5 deep";
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "'r.jsonl' line 2: JSON nested deeper than 64 levels");
  }
  const std::string at_limit = std::string(63, '[') + std::string(63, ']');
  EXPECT_EQ(ResultsTable::parse_json_lines("{\"a\": " + at_limit + "}\n", "r.jsonl").row_count(), 1u);
}

TEST(ResultsTable, FilteredKeepsRowsMatchingEveryCondition)
{
  auto table = ResultsTable::parse("s,n,m\nflat,8,1\nfnf,8,2\nfnf,16,3\n", "r.csv");
  auto kept = table.filtered({{"s", "fnf"}, {"n", "8"}});
  ASSERT_EQ(kept.row_count(), 1u);
  EXPECT_EQ(kept.cell(0, 2), "2");
  EXPECT_EQ(kept.describe_row(0), "row 1 (line 3)");
  EXPECT_EQ(table.filtered({}).row_count(), 3u);
  try {
    table.filtered({{"s", "binomial"}});
    ADD_FAILURE() << "no row matches";
  } catch (const std::invalid_argument& error) {
    EXPECT_EQ(std::string(error.what()), "no row of 'r.csv' has s=binomial");
  }
  EXPECT_THROW(table.filtered({{"size", "1"}}), std::invalid_argument);
}

// A cell holding a line break, LF or CR, is written quoted on one line: a CR at its end would
// otherwise read back as part of a CRLF line end, and the cell would lose it.
TEST(ResultsTable, CsvFieldWritesLineBreaksAsSpaces)
{
  EXPECT_EQ(hbcast::cli::csv_field("plain"), "plain");
  EXPECT_EQ(hbcast::cli::csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(hbcast::cli::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(hbcast::cli::csv_field("two\nlines"), "\"two lines\"");
  EXPECT_EQ(hbcast::cli::csv_field("ends in CR\r"), "\"ends in CR \"");
}
