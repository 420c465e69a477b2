// The library snippet of docs/library.md gives hbcast's figures: built as a program
// (plugin/examples/library_snippet.cpp, which must hold every line of the page's snippet), FNF on
// the shipped grid5000_88.xml simulates in exactly the time `hbcast simulate -s fnf` reports. Without
// exact mode SimGrid's default model (LV08) would give other times.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <sstream>

using namespace hbcast::test_support;

namespace {

// The lines of the first ```cpp block of `markdown`, without their comments and outer blanks.
std::vector<std::string> snippet_lines(const std::string& markdown)
{
  std::istringstream lines(markdown.substr(markdown.find("```cpp")));
  std::vector<std::string> code;
  std::string line;
  std::getline(lines, line);  // the fence
  while (std::getline(lines, line) && line.rfind("```", 0) != 0) {
    line = line.substr(0, line.find("//"));
    line.erase(0, line.find_first_not_of(' '));
    line.erase(line.find_last_not_of(' ') + 1);
    if (!line.empty())
      code.push_back(line);
  }
  return code;
}

}  // namespace

TEST(LibrarySnippet, EveryLineOfThePageIsInTheProgram)
{
  const std::string page = read_file(std::string(HBCAST_SOURCE_DIR) + "/docs/library.md");
  const std::string program = read_file(std::string(HBCAST_SOURCE_DIR) + "/plugin/examples/library_snippet.cpp");
  const auto lines = snippet_lines(page);
  ASSERT_GE(lines.size(), 8u);
  for (const auto& line : lines)
    EXPECT_NE(program.find(line), std::string::npos) << "docs/library.md's line is not in the program: " << line;
  EXPECT_NE(page.find("hbcast::set_exact_mode(engine);"), std::string::npos);
}

TEST(LibrarySnippet, GivesTheMakespanHbcastSimulateGives)
{
  const std::string platform = std::string(std::getenv("HBCAST_PLATFORM_DIR")) + "/grid5000_88.xml";
  const auto snippet = run_command(HBCAST_LIBRARY_SNIPPET, {platform});
  ASSERT_EQ(snippet.exit_status, 0) << snippet.err;
  double predicted = 0.0, simulated = 0.0;
  const auto figures = snippet.out.find("predicted ");
  ASSERT_NE(figures, std::string::npos) << snippet.out;
  ASSERT_EQ(std::sscanf(snippet.out.c_str() + figures, "predicted %lf s, simulated %lf s", &predicted, &simulated), 2)
      << snippet.out;
  const auto cli = run_hbcast({"simulate", platform, "-s", "fnf", "--format", "json"});
  ASSERT_EQ(cli.exit_status, 0) << cli.err;
  const auto run = nlohmann::json::parse(cli.out).at("runs").at(0);
  EXPECT_NEAR(simulated, run.at("simulated").at("makespan").get<double>(), 1e-9);
  EXPECT_NEAR(predicted, run.at("pairwise").at("makespan").get<double>(), 1e-9);
}
