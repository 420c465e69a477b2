#include <hbcast/sweep/sweep_row.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

using hbcast::cli::RowFormat;

// The point number of a results line, in either format: a whole number that fits, else a
// malformed line (a JSON number past 2^64 - 1 is read as a double, whose conversion would be
// undefined).
TEST(RowFormatPoint, JsonLinesTakeOnlyAWholeNumberThatFits)
{
  const RowFormat jsonl("jsonl");
  EXPECT_EQ(jsonl.point_of(R"({"point": 18446744073709551615})"), 18446744073709551615u);
  EXPECT_EQ(jsonl.point_of(R"({"point": 7, "status": "ok"})"), 7u);
  for (const char* line : {R"({"point": 18446944073709551615})", R"({"point": -1})", R"({"point": 2.5})",
                           R"({"point": "3"})", R"({"status": "ok"})", "not json"})
    EXPECT_THROW(jsonl.point_of(line), std::invalid_argument) << line;
}

TEST(RowFormatPoint, CsvTakesTheFirstCell)
{
  const RowFormat csv("csv");
  EXPECT_EQ(csv.point_of("12,ok,3.5"), 12u);
  for (const char* line : {"-1,ok", "x,ok", "12"})
    EXPECT_THROW(csv.point_of(line), std::invalid_argument) << line;
}
