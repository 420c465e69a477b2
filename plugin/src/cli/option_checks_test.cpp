#include <hbcast/cli/option_checks.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace hbcast::cli;

namespace {

// What CLI11 makes of `arguments` for one option checked by `validator`: "" or its message.
std::string parse_with(const CLI::Validator& validator, const std::string& value)
{
  CLI::App app;
  std::string slot;
  app.add_option("--value", slot)->check(validator);
  try {
    app.parse(std::vector<std::string>{value, "--value"});  // CLI11 takes arguments in reverse
  } catch (const CLI::ParseError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(OptionChecks, WholeNumbersSayTheirRule)
{
  EXPECT_EQ(parse_with(whole_number_at_least(1), "3"), "");
  EXPECT_EQ(parse_with(whole_number_at_least(1), "0"), "--value: must be a whole number >= 1, not '0'");
  EXPECT_EQ(parse_with(whole_number_at_least(0), "-3"), "--value: must be a whole number >= 0, not '-3'");
  EXPECT_EQ(parse_with(whole_number_at_least(0), "1.5"), "--value: must be a whole number >= 0, not '1.5'");
}

TEST(OptionChecks, NumbersAreFiniteAndBounded)
{
  EXPECT_EQ(parse_with(number_at_least(0, "a number of seconds"), "0"), "");
  EXPECT_EQ(parse_with(number_at_least(0, "a number of seconds"), "-1"),
            "--value: must be a number of seconds >= 0, not '-1'");
  EXPECT_EQ(parse_with(number_at_least(0), "inf"), "--value: must be a number >= 0, not 'inf'");
  EXPECT_EQ(parse_with(number_above(0), "0"), "--value: must be a number > 0, not '0'");
  EXPECT_EQ(parse_with(number_above(0), "0.5"), "");
}

TEST(OptionChecks, ListsTakeOneCommaSeparatedValuePerOccurrence)
{
  CLI::App app;
  std::vector<std::string> names;
  std::string positional;
  as_list(app.add_option("-s", names));
  app.add_option("platform", positional);
  app.parse(std::vector<std::string>{"file.xml", "c", "-s", "a,b", "-s"});  // -s a,b -s c file.xml
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(positional, "file.xml");
}
