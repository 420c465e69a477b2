#pragma once
// Shared by the tests that run the real `hbcast` binary (its path comes from the compile
// definition HBCAST_EXECUTABLE, or from $HBCAST_TEST_EXECUTABLE when set).
#include "command_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
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
