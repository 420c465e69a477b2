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

// A value that is not UTF-8 (Latin-1 bytes) is refused at its line: the fingerprint and the
// results rows are JSON, which takes UTF-8 only. An escape writes UTF-8.
TEST(ScenarioFile, AValueThatIsNotUtf8IsRefusedAtItsLine)
{
  EXPECT_EQ(scenario_refusal("platform: {generator: star}\n\nname: caf\xe9\n"),
            ":3: a value holds byte 0xe9, which is not UTF-8 text (a YAML file is UTF-8)");
  EXPECT_EQ(scenario_refusal("platform: {generator: star}\nname: caf\xc3\xa9\n"), "");
  EXPECT_EQ(scenario_refusal("platform: {generator: star}\nname: \"caf\\xe9\"\n"), "");
  // An alias inside its own anchor is visited once.
  EXPECT_NE(scenario_refusal("platform: {generator: star}\nx: &a [*a]\n").find("unknown key"), std::string::npos);
}

// A grid over kMaxScenarioPoints is refused before it is expanded, at the line of the key that
// multiplies it most: 200,001 repetitions of one scheduler at one size is one point too many;
// 2^63 repetitions of 3 schedulers overflow 64 bits.
TEST(ScenarioFile, AGridOverTheMostPointsIsRefusedAtItsLargestKey)
{
  const std::string head = "platform: {generator: star}\nschedulers: [flat, binomial, fnf]\n";
  std::string node_counts = "2";  // 40 values
  for (int nodes = 3; nodes <= 41; ++nodes)
    node_counts += ", " + std::to_string(nodes);
  const std::pair<std::string, std::string> cases[] = {
      {"platform: {generator: star}\nschedulers: flat\nrepetitions: 200001\n",
       ":3: key 'repetitions': the grid has 200001 points, over the 200000 one scenario may hold: this key "
       "multiplies it by 200001"},
      {head + "repetitions: 9223372036854775808\n",
       ":3: key 'repetitions': the grid has more than 2^64 points"},
      {"platform:\n  generator: star\n  parameters: {nodes: [" + node_counts + "]}\nrepetitions: 30\n"
       "sizes: [1KiB, 2KiB, 3KiB, 4KiB, 5KiB, 6KiB, 7KiB, 8KiB, 9KiB, 10KiB]\nslices: [1, 2, 3, 4, 5]\nport: [one-port, multi-port]\n"
       "member_fraction: [0, 0.5]\nsimgrid: [[], [network/model:CM02]]\nschedulers: [flat, binomial, fnf]\n",
       ":3: key 'parameters': the grid has 1440000 points, over the 200000 one scenario may hold: this key "
       "multiplies it by 40"}};
  for (const auto& [text, expected] : cases) {
    const std::string message = scenario_refusal(text);
    EXPECT_EQ(message.rfind(expected, 0), 0u) << text << " -> " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_EQ(scenario_refusal("platform: {generator: star}\nschedulers: flat\nrepetitions: 1000\n"), "");
}
