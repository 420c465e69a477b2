#include <hbcast/util/json_nesting.hpp>

#include <gtest/gtest.h>

#include <string>

using hbcast::json_nesting_depth;

TEST(JsonNesting, CountsBracketsAndBracesOutsideStrings)
{
  EXPECT_EQ(json_nesting_depth(""), 0u);
  EXPECT_EQ(json_nesting_depth("12"), 0u);
  EXPECT_EQ(json_nesting_depth(R"("[[{")"), 0u);
  EXPECT_EQ(json_nesting_depth(R"({"a": 1})"), 1u);
  EXPECT_EQ(json_nesting_depth(R"({"a": [1, {"b": [[]]}], "c": {}})"), 5u);
  // An escaped quote does not end the string; an escaped backslash does not escape the quote.
  EXPECT_EQ(json_nesting_depth(R"({"a\"[[": "\\", "b": [[1]]})"), 3u);
  // Malformed: unbalanced closers do not go below 0, unclosed openers still count.
  EXPECT_EQ(json_nesting_depth("]]]}[["), 2u);
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(json_nesting_depth(deep), 100000u);
  EXPECT_EQ(hbcast::json_nesting_problem(std::string(64, '[') + std::string(64, ']')), std::nullopt);
  EXPECT_EQ(hbcast::json_nesting_problem(std::string(65, '[')), "JSON nested deeper than 64 levels");
}
