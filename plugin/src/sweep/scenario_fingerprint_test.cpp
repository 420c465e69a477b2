#include <hbcast/sweep/results_check.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/scenario_fingerprint.hpp>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

using namespace hbcast::cli;

namespace {

const std::string kBase = "platform:\n  generator: star\n  parameters:\n    nodes: [4, 6]\nschedulers: [fnf, flat]\n";

Scenario scenario_of(const std::string& yaml, const std::string& path = "dir/s.yaml")
{
  return scenario_from_yaml(YAML::Load(yaml), path);
}

std::string refusal(const Scenario& written, const Scenario& checked, const std::string& format_name)
{
  const RowFormat format(format_name);
  const auto points = expand_scenario(written);
  std::vector<std::string> lines;
  for (const auto& point : points)
    lines.push_back(format.line(failed_row(written, point, "ok", "")));
  try {
    check_rows_match("r", lines, format, format.header(checked), checked, expand_scenario(checked));
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(ScenarioFingerprint, ChangesWithThePointsNotWithTheFileName)
{
  const Scenario base = scenario_of(kBase);
  EXPECT_EQ(base.fingerprint.size(), 32u);
  EXPECT_EQ(scenario_of(kBase, "elsewhere/other.yaml").fingerprint, base.fingerprint);
  for (const std::string& changed :
       {kBase + "repetitions: 2\n", kBase + "seed: 2\n", kBase + "timeout: 30\n", kBase + "root: random\n",
        kBase + "sizes: 1MiB\n", kBase + "port: multi\n"}) {
    SCOPED_TRACE(changed);
    EXPECT_NE(scenario_of(changed).fingerprint, base.fingerprint);
  }
  std::string other_schedulers = kBase;
  other_schedulers.replace(other_schedulers.find("fnf"), 3, "binomial");
  EXPECT_NE(scenario_of(other_schedulers).fingerprint, base.fingerprint);
}

TEST(ResultsCheck, AcceptsItsOwnRowsAndNamesTheFirstDifference)
{
  const Scenario base = scenario_of(kBase);
  for (const char* format : {"csv", "jsonl"}) {
    SCOPED_TRACE(format);
    EXPECT_EQ(refusal(base, base, format), "");
    std::string other_schedulers = kBase;
    other_schedulers.replace(other_schedulers.find("fnf"), 3, "binomial");
    EXPECT_EQ(refusal(base, scenario_of(other_schedulers), format),
              "'r' does not match this scenario: point 0 has scheduler 'fnf' where the scenario has 'binomial' "
              "(the scenario changed since it was written: use another -o, or restore the scenario)");
    const Scenario longer = scenario_of(kBase + "timeout: 30\n");
    EXPECT_EQ(refusal(base, longer, format),
              "'r' does not match this scenario: point 0 has fingerprint " + base.fingerprint +
                  " where the scenario's is " + longer.fingerprint +
                  " (the scenario changed since it was written: use another -o, or restore the scenario)");
    const Scenario fewer = scenario_of("platform:\n  generator: star\n  parameters:\n    nodes: [4, 6]\n"
                                       "schedulers: fnf\n");
    EXPECT_NE(refusal(base, fewer, format), "") << "fewer points: other ids, other fingerprint";
  }
}
