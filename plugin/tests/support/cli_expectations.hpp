#pragma once
// Shared by the tests that run the real `hbcast` binary (its path comes from the compile
// definition HBCAST_EXECUTABLE, or from $HBCAST_TEST_EXECUTABLE when set).
#include "command_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace hbcast::test_support {

/// The `hbcast` binary under test: $HBCAST_TEST_EXECUTABLE when set (scripts/sanitize.sh runs these
/// tests on its sanitized binary), else the one built beside the tests.
inline const char* hbcast_executable()
{
  const char* chosen = std::getenv("HBCAST_TEST_EXECUTABLE");
  return chosen != nullptr && *chosen != '\0' ? chosen : HBCAST_EXECUTABLE;
}

/// The factor by which tests scale their wall-clock limits: $HBCAST_TEST_TIME_SCALE (a number >= 1;
/// scripts/sanitize.sh sets it, since a sanitized `hbcast` runs several times slower), else 1.
inline double test_time_scale()
{
  const char* text = std::getenv("HBCAST_TEST_TIME_SCALE");
  if (text == nullptr || *text == '\0')
    return 1.0;
  const double scale = std::strtod(text, nullptr);
  return scale > 1.0 ? scale : 1.0;
}

/// `seconds` of wall clock, scaled by test_time_scale() and rounded up.
inline int scaled_seconds(int seconds)
{
  return static_cast<int>(std::ceil(seconds * test_time_scale()));
}

/// Nothing in a normal run; `--budget` at the default 50 s scaled by test_time_scale() otherwise,
/// for the tests that expect every scheduler to finish within the default run budget.
inline std::vector<std::string> scaled_budget_arguments()
{
  if (test_time_scale() == 1.0)
    return {};
  return {"--budget", std::to_string(scaled_seconds(50))};
}

/// stderr without the progress heartbeat's lines ("hbcast: 5 s, [27/33] simulating ..."), which a
/// `simulate` or `lp` longer than the heartbeat's period prints when stderr is not a terminal.
inline std::string without_heartbeat(const std::string& err)
{
  return std::regex_replace(err, std::regex("hbcast: [0-9]+ s, [^\n]*\n"), "");
}

inline CommandResult run_hbcast(const std::vector<std::string>& arguments)
{
  return run_command(hbcast_executable(), arguments);
}

/// The bad-input contract: exit 2, nothing on stdout, exactly one line on stderr that starts
/// "hbcast: error: " and names the problem, and never a SimGrid backtrace.
inline void expect_one_line_error(const CommandResult& result, const std::string& expected_fragment)
{
  EXPECT_EQ(result.exit_status, 2) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_EQ(result.err.rfind("hbcast: error: ", 0), 0u) << result.err;
  EXPECT_NE(result.err.find(expected_fragment), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("Backtrace"), std::string::npos) << result.err;
}

/// Bad values of one command: `command` plus each case's arguments must fail with
/// expect_one_line_error naming the case's fragment, and leave no `output` file behind.
inline void expect_rejected(const std::vector<std::string>& command,
                            const std::vector<std::pair<std::vector<std::string>, std::string>>& cases,
                            const std::string& output)
{
  for (const auto& [arguments, fragment] : cases) {
    std::vector<std::string> full = command;
    full.insert(full.end(), arguments.begin(), arguments.end());
    std::string traced;
    for (const auto& argument : arguments)
      traced += (traced.empty() ? "" : " ") + argument;
    SCOPED_TRACE(traced);
    expect_one_line_error(run_hbcast(full), fragment);
    EXPECT_FALSE(std::filesystem::exists(output)) << output;
  }
}

}  // namespace hbcast::test_support
