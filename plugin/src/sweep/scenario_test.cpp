#include <hbcast/sweep/scenario.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace hbcast::cli;

namespace {

// load_scenario on `text` written to a scratch file; returns the refusal's message ("" if loaded).
std::string scenario_refusal(const std::string& text)
{
  const auto path = std::filesystem::temp_directory_path() /
                    ("hbcast_scenario_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                     "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml");
  std::ofstream(path) << text;
  std::string message;
  try {
    load_scenario(path.string());
  } catch (const ScenarioError& error) {
    message = error.what();
  }
  std::filesystem::remove(path);
  return message.empty() ? message : message.substr(message.find(".yaml") + 5);
}

}  // namespace

// A null key among a generator's parameters reads as the parameter "null", which the generator
// does not know: the error names the file and the line of its value (a lookup of "null" in the
// map finds no node there, and yaml-cpp's "invalid node" escaped without the file's name).
TEST(ScenarioFile, ANullParameterKeyIsRefusedAtItsLine)
{
  const std::string message =
      scenario_refusal("platform:\n  generator: fat-tree\n  parameters:\n    leaves: [4, 8]\n    ~: x\n");
  EXPECT_EQ(message.rfind(":5: key 'null': ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

// A list or a mapping where a single value belongs, a key among them, is refused naming the file
// and the line (yaml-cpp's "bad conversion" escaped without them).
TEST(ScenarioFile, AValueOfAnotherTypeIsRefusedAtItsLine)
{
  const std::pair<std::string, std::string> cases[] = {
      {"[name]: a\nplatform: {generator: star}\n", ":1: a value of another type"},
      {"name: [a]\nplatform: {generator: star}\n", ":1: a value of another type"},
      {"name: a\nplatform: {generator: star, parameters: {[nodes]: 4}}\n", ":2: a value of another type"},
      {"platform:\n  generator: {a: b}\n", ":2: a value of another type"}};
  for (const auto& [text, expected] : cases) {
    const std::string message = scenario_refusal(text);
    EXPECT_EQ(message.rfind(expected, 0), 0u) << text << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}
