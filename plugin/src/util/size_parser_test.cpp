#include <hbcast/util/size_parser.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>

using hbcast::format_size;
using hbcast::parse_size;

TEST(SizeParser, AcceptsUnits)
{
  EXPECT_DOUBLE_EQ(parse_size("4MiB"), 4194304.0);
  EXPECT_DOUBLE_EQ(parse_size("1e6"), 1e6);
  EXPECT_DOUBLE_EQ(parse_size("2.5MB"), 2.5e6);
  EXPECT_DOUBLE_EQ(parse_size("1 KiB"), 1024.0);
  EXPECT_DOUBLE_EQ(parse_size("7B"), 7.0);
  EXPECT_DOUBLE_EQ(parse_size("1GiB"), 1073741824.0);
}

TEST(SizeParser, RejectsImpossibleSizesWithOneLine)
{
  for (const char* bad : {"0", "-5", "abc", "", "1.5", "nan", "inf", "3XB", "1e300"}) {
    try {
      parse_size(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& error) {
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
      EXPECT_NE(std::string(error.what()).find(std::string("'") + bad + "'"), std::string::npos) << error.what();
    }
  }
}

// A size holding a newline or another control character is quoted escaped, on one line.
TEST(SizeParser, QuotesControlCharactersEscaped)
{
  const std::pair<std::string, std::string> cases[] = {
      {"-\n\xfd", "size '-\\n\xfd' is not a number"},
      {"4\tMiB", "size '4\\x09MiB' has an unknown unit '\\x09MiB'"},
      {"0\x7f", "size '0\\x7f' has an unknown unit '\\x7f'"}};
  for (const auto& [bad, expected] : cases) {
    try {
      parse_size(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& error) {
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).rfind(expected, 0), 0u) << error.what();
    }
  }
}

// The text after a NUL byte is part of the size: "4\0GiB" is not 4 bytes (a C string ends at the NUL).
TEST(SizeParser, TextAfterANulByteIsPartOfTheUnit)
{
  for (const std::string& bad : {std::string("4\0", 2), std::string("4\0GiB", 5), std::string("4 MiB\0x", 8)}) {
    try {
      const double bytes = parse_size(bad);
      ADD_FAILURE() << "accepted a size with a NUL byte as " << bytes << " bytes";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("unknown unit '"), std::string::npos) << error.what();
      EXPECT_NE(std::string(error.what()).find("\\x00"), std::string::npos) << error.what();
    }
  }
}

TEST(SizeParser, FormatsWholeBinaryUnits)
{
  EXPECT_EQ(format_size(4194304.0), "4 MiB");
  EXPECT_EQ(format_size(1000.0), "1000 B");
  EXPECT_EQ(format_size(1536.0), "1.5 KiB");
}
