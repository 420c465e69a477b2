#include <hbcast/sweep/sweep_point.hpp>

#include <hbcast/util/mix_seed.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <limits>
#include <stdexcept>
#include <string_view>

namespace hbcast::cli {
namespace {

// Every combination of the generator's list-valued parameters, in key order then value order.
std::vector<std::map<std::string, std::string>> parameter_combinations(
    const std::map<std::string, std::vector<std::string>>& parameters)
{
  std::vector<std::map<std::string, std::string>> combinations{{}};
  for (const auto& [key, values] : parameters) {
    std::vector<std::map<std::string, std::string>> extended;
    for (const auto& partial : combinations)
      for (const auto& value : values) {
        auto next = partial;
        next[key] = value;
        extended.push_back(std::move(next));
      }
    combinations = std::move(extended);
  }
  return combinations;
}

constexpr std::string_view kMpiPrefix = "mpi:";

}  // namespace

bool is_mpi_baseline(const SweepPoint& point)
{
  return point.scheduler.compare(0, kMpiPrefix.size(), kMpiPrefix) == 0;
}

std::string mpi_algorithm(const SweepPoint& point)
{
  return point.scheduler.substr(kMpiPrefix.size());
}

namespace {

constexpr std::size_t kOverflow = std::numeric_limits<std::size_t>::max();

std::size_t saturating_product(std::size_t a, std::size_t b)
{
  return b != 0 && a > kOverflow / b ? kOverflow : a * b;
}

}  // namespace

std::size_t platform_combination_count(const Scenario& scenario)
{
  std::size_t combinations = 1;
  for (const auto& entry : scenario.platform.parameters)
    combinations = saturating_product(combinations, entry.second.size());
  return combinations;
}

std::size_t scenario_point_count(const Scenario& scenario)
{
  const auto times = saturating_product;
  const std::size_t combinations = platform_combination_count(scenario);
  std::size_t per_size = times(times(times(scenario.slices.size(), scenario.ports.size()),
                                     scenario.member_fractions.size()),
                               scenario.schedulers.size());
  per_size = per_size > kOverflow - scenario.mpi_baselines.size() ? kOverflow
                                                                   : per_size + scenario.mpi_baselines.size();
  return times(times(times(times(combinations, scenario.repetitions), scenario.simgrid.size()), scenario.sizes.size()),
               per_size);
}

std::vector<SweepPoint> expand_scenario(const Scenario& scenario)
{
  std::vector<SweepPoint> points;
  const auto combinations = parameter_combinations(scenario.platform.parameters);
  for (std::size_t combination = 0; combination < combinations.size(); ++combination)
    for (std::size_t repetition = 0; repetition < scenario.repetitions; ++repetition) {
      const std::uint64_t seed = mix_seed(mix_seed(scenario.seed ^ mix_seed(combination)) + repetition);
      for (const auto& simgrid : scenario.simgrid)
        for (double size : scenario.sizes) {
          SweepPoint point;
          point.generator_parameters = combinations[combination];
          point.message_bytes = size;
          point.simgrid = simgrid;
          point.repetition = repetition;
          point.seed = seed;
          const auto add = [&points](SweepPoint added) {
            added.id = points.size();
            points.push_back(std::move(added));
          };
          for (std::size_t slices : scenario.slices)
            for (const auto& port : scenario.ports)
              for (double fraction : scenario.member_fractions)
                for (const auto& scheduler : scenario.schedulers) {
                  point.scheduler = scheduler;
                  point.slices = slices;
                  point.port = port;
                  point.member_fraction = fraction;
                  add(point);
                }
          for (const auto& algorithm : scenario.mpi_baselines) {
            point.scheduler = std::string(kMpiPrefix) + algorithm;
            point.slices = 1;
            point.port = "";
            point.member_fraction = 0.0;
            add(point);
          }
        }
    }
  return points;
}

Shard parse_shard(const std::string& text)
{
  const auto slash = text.find('/');
  const auto index = parse_whole_number(std::string_view(text).substr(0, slash));
  const auto count = slash == std::string::npos ? std::nullopt : parse_whole_number(text.substr(slash + 1));
  if (!index || !count || *index >= *count)
    throw std::invalid_argument("shard '" + text + "' is not I/N with 0 <= I < N");
  return {static_cast<std::size_t>(*index), static_cast<std::size_t>(*count)};
}

}  // namespace hbcast::cli
