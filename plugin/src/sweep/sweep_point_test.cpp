#include <hbcast/sweep/sweep_point.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>

using namespace hbcast::cli;

// scenario_point_count, which bounds a grid before it is expanded, is the length of the expansion,
// on random grids of every axis (each list of 1 to 3 values, 0 to 2 MPI baselines).
TEST(ScenarioPointCount, IsTheExpansionsLengthOnRandomGrids)
{
  for (std::uint32_t seed = 1; seed <= 200; ++seed) {
    std::mt19937 random(seed);
    const auto length = [&random](std::size_t lowest) { return std::uniform_int_distribution<std::size_t>(lowest, 3)(random); };
    Scenario scenario;
    for (std::size_t key = 0, keys = length(0); key < keys; ++key)
      scenario.platform.parameters["p" + std::to_string(key)] = std::vector<std::string>(length(1), "v");
    scenario.schedulers.assign(length(1), "flat");
    scenario.sizes.assign(length(1), 1024.0);
    scenario.slices.assign(length(1), 1);
    scenario.ports.assign(length(1), "one-port");
    scenario.member_fractions.assign(length(1), 0.0);
    scenario.simgrid.assign(length(1), {});
    scenario.repetitions = length(1);
    scenario.mpi_baselines.assign(length(0) % 3, "binomial_tree");
    EXPECT_EQ(scenario_point_count(scenario), expand_scenario(scenario).size()) << "seed " << seed;
  }
}

// 2 x 2^63 overflows 64 bits: the count saturates instead of wrapping to 0.
TEST(ScenarioPointCount, SaturatesOnOverflow)
{
  Scenario scenario;
  scenario.schedulers = {"flat"};
  scenario.sizes = {1.0};
  scenario.slices = {1};
  scenario.ports = {"one-port"};
  scenario.simgrid = {{}};
  scenario.repetitions = std::size_t{1} << 32;
  EXPECT_EQ(scenario_point_count(scenario), std::size_t{1} << 32);
  scenario.platform.parameters["p"] = std::vector<std::string>(2, "v");
  scenario.repetitions = std::size_t{1} << 63;
  EXPECT_EQ(scenario_point_count(scenario), std::numeric_limits<std::size_t>::max());
}
