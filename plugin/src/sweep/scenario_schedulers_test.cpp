#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/sweep/scenario.hpp>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <string>

using namespace hbcast::cli;

namespace {

Scenario scenario_with_schedulers(const std::string& schedulers)
{
  return scenario_from_yaml(YAML::Load("platform:\n  generator: star\n  parameters:\n    nodes: [4]\nschedulers: " +
                                       schedulers + "\n"),
                            "dir/s.yaml");
}

}  // namespace

// `all` is every scheduler run by default, in the registry's order; a scheduler run only when named
// (best) listed beside it comes after them, once.
TEST(ScenarioSchedulers, AllWithANamedOnlyScheduler)
{
  const Scenario all = scenario_with_schedulers("all");
  std::vector<std::string> expected;
  for (const auto* scheduler : hbcast::schedulers_of_all())
    expected.push_back(scheduler->name);
  EXPECT_EQ(all.schedulers, expected);
  EXPECT_EQ(std::count(all.schedulers.begin(), all.schedulers.end(), "best"), 0);

  const Scenario with_best = scenario_with_schedulers("[best, all, fnf]");
  expected.push_back("best");
  EXPECT_EQ(with_best.schedulers, expected);  // fnf is in all already
}
