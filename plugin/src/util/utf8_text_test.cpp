#include <hbcast/util/utf8_text.hpp>

#include <gtest/gtest.h>

#include <string>

using hbcast::first_byte_not_utf8;

// The well-formed sequences of RFC 3629's table, at each end of their ranges, and the bytes each
// ill-formed one fails at.
TEST(Utf8Text, FindsTheFirstByteOutsideWellFormedUtf8)
{
  EXPECT_EQ(first_byte_not_utf8(""), std::nullopt);
  EXPECT_EQ(first_byte_not_utf8("plain ascii\n"), std::nullopt);
  EXPECT_EQ(first_byte_not_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf \xed\x9f\xbf"), std::nullopt);
  EXPECT_EQ(first_byte_not_utf8("ab\x80"), 2u);             // a continuation byte alone
  EXPECT_EQ(first_byte_not_utf8("caf\xe9!"), 3u);           // Latin-1
  EXPECT_EQ(first_byte_not_utf8("\xc0\xaf"), 0u);           // overlong '/'
  EXPECT_EQ(first_byte_not_utf8("\xe0\x80\xaf"), 0u);       // overlong, three bytes
  EXPECT_EQ(first_byte_not_utf8("\xed\xa0\x80"), 0u);       // a UTF-16 surrogate
  EXPECT_EQ(first_byte_not_utf8("\xf4\x90\x80\x80"), 0u);   // beyond U+10FFFF
  EXPECT_EQ(first_byte_not_utf8("\xf5\x80\x80\x80"), 0u);
  EXPECT_EQ(first_byte_not_utf8("x\xe2\x82"), 1u);          // cut short by the end
  EXPECT_EQ(first_byte_not_utf8("x\xe2\x82y"), 1u);         // cut short by an ASCII byte
  EXPECT_EQ(first_byte_not_utf8(std::string("a\0b", 3)), std::nullopt);
}
