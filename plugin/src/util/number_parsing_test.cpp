#include <hbcast/util/number_parsing.hpp>

#include <gtest/gtest.h>

using namespace hbcast;

TEST(ParseNumber, AcceptsFiniteDecimalsOnly)
{
  EXPECT_EQ(parse_number("12"), 12.0);
  EXPECT_EQ(parse_number(" -1.5e-3 "), -1.5e-3);
  EXPECT_EQ(parse_number("+4"), 4.0);
  EXPECT_EQ(parse_number("0.10000000000000001"), 0.1);
  for (const char* bad : {"", " ", "abc", "1.5x", "inf", "nan", "0x10", "1e400", "+-1", "1,5"})
    EXPECT_FALSE(parse_number(bad).has_value()) << bad;
}

TEST(ParseWholeNumber, DigitsOnlyUpTo2To64Minus1)
{
  EXPECT_EQ(parse_whole_number("0"), 0u);
  EXPECT_EQ(parse_whole_number("007"), 7u);
  EXPECT_EQ(parse_whole_number("18446744073709551615"), 18446744073709551615u);
  for (const char* bad : {"", " 1", "1 ", "-1", " -1", "+1", "1.0", "1e3", "0x10", "18446744073709551616", "1,5"})
    EXPECT_FALSE(parse_whole_number(bad).has_value()) << bad;
}
