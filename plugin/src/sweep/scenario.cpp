#include <hbcast/sweep/scenario.hpp>

#include <hbcast/model/port_model.hpp>
#include <hbcast/sweep/scenario_fingerprint.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/simulation/slice_limits.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/simulation/smpi_run.hpp>
#include <hbcast/sweep/yaml_file.hpp>
#include <hbcast/util/number_parsing.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <set>

namespace hbcast::cli {
namespace {

const std::set<std::string> kTopLevelKeys = {"name",  "platform", "schedulers", "sizes", "slices",  "port",
                                             "simgrid", "root",   "repetitions", "seed", "timeout", "lp_bound",
                                             "member_fraction", "link_contention", "mpi_baselines", "max_slices"};
const std::set<std::string> kPlatformKeys = {"file", "generator", "parameters"};

std::string known(const std::set<std::string>& keys)
{
  return fmt::format("{}", fmt::join(keys, ", "));
}

class ScenarioReader {
public:
  explicit ScenarioReader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(const YAML::Node& node, const std::string& key, const std::string& problem) const
  {
    throw yaml_error(path_, node, key, problem);
  }

  void check_keys(const YAML::Node& map, const std::set<std::string>& allowed, const std::string& where) const
  {
    if (!map.IsMap())
      fail(map, where, "expected a mapping of keys to values");
    for (const auto& entry : map) {
      const auto key = entry.first.as<std::string>();
      if (allowed.count(key) == 0)
        fail(entry.first, key, "unknown key (known: " + known(allowed) + ")");
    }
  }

  /// A scalar or a list of scalars, as strings.
  std::vector<std::string> strings(const YAML::Node& node, const std::string& key) const
  {
    return scalar_or_list(node, path_, key);
  }

  template <class T>
  std::vector<T> converted(const YAML::Node& node, const std::string& key, const std::function<T(const std::string&)>& convert) const
  {
    std::vector<T> values;
    for (const auto& text : strings(node, key)) {
      try {
        values.push_back(convert(text));
      } catch (const std::exception& error) {
        fail(node, key, error.what());
      }
    }
    return values;
  }

  const std::string& path() const { return path_; }

private:
  std::string path_;
};

// 0 (a broadcast) or a multicast to that fraction of the hosts other than the root.
double member_fraction(const std::string& text)
{
  const auto value = parse_number(text);
  if (!value || !(*value >= 0.0 && *value <= 1.0))
    throw std::invalid_argument("'" + text + "' is not a fraction in [0, 1] (0: broadcast)");
  return *value;
}

// A slice count, or "auto" (0: each tree's own, the K minimising its predicted makespan).
std::size_t slice_count_or_auto(const std::string& text)
{
  if (text == "auto")
    return 0;
  const auto value = parse_whole_number(text);
  if (!value || *value < 1)
    throw std::invalid_argument("'" + text + "' is neither a positive integer nor 'auto'");
  return *value;
}

std::size_t positive_integer(const std::string& text)
{
  const auto value = parse_whole_number(text);
  if (!value || *value < 1)
    throw std::invalid_argument("'" + text + "' is not a positive integer");
  return *value;
}

double positive_seconds(const std::string& text)
{
  const auto value = parse_number(text);
  if (!value || !(*value > 0))
    throw std::invalid_argument("'" + text + "' is not a positive number of seconds");
  return *value;
}

std::string port_name(const std::string& text)
{
  auto port = parse_port_model(text);
  if (!port)
    throw std::invalid_argument("port '" + text + "' is not one or multi");
  return to_string(*port);
}

std::string scheduler_name(const std::string& text)
{
  if (text != "all" && find_scheduler(text) == nullptr)
    throw std::invalid_argument("unknown scheduler '" + text + "' (see 'hbcast schedulers')");
  return text;
}

void read_platform(const ScenarioReader& reader, const YAML::Node& node, Scenario& scenario)
{
  reader.check_keys(node, kPlatformKeys, "platform");
  if (node["file"] && node["generator"])
    reader.fail(node, "platform", "give either 'file' or 'generator', not both");
  if (node["file"]) {
    auto file = std::filesystem::path(node["file"].as<std::string>());
    if (file.is_relative())
      file = std::filesystem::path(reader.path()).parent_path() / file;
    if (!std::ifstream(file).good())
      reader.fail(node["file"], "file", "cannot read platform file '" + file.string() + "'");
    scenario.platform.file = file.lexically_normal().string();
    if (node["parameters"])
      reader.fail(node["parameters"], "parameters", "only a generator takes parameters");
    return;
  }
  if (!node["generator"])
    reader.fail(node, "platform", "give a 'file' or a 'generator'");
  scenario.platform.generator = node["generator"].as<std::string>();
  // Each parameter's node, for the line of its errors (a lookup by name misses a key that is not
  // a string, such as a null key).
  std::map<std::string, YAML::Node> parameter_nodes;
  if (node["parameters"]) {
    if (!node["parameters"].IsMap())
      reader.fail(node["parameters"], "parameters", "expected a mapping of parameter names to values");
    for (const auto& entry : node["parameters"]) {
      const auto name = entry.first.as<std::string>();
      scenario.platform.parameters[name] = reader.strings(entry.second, name);
      parameter_nodes[name] = entry.second;
    }
  }
  // Let the generator itself validate every value: alone first (other keys at their defaults),
  // so that an error is reported under the key and line that caused it; then with the other
  // keys' first values, for the constraints between keys.
  const auto probe_fails = [&](const std::map<std::string, std::string>& probe) -> std::optional<std::string> {
    try {
      check_platform_parameters(scenario.platform.generator, probe);
      return std::nullopt;
    } catch (const std::exception& error) {
      return std::string(error.what());
    }
  };
  for (const auto& [key, values] : scenario.platform.parameters)
    for (const auto& value : values)
      if (auto error = probe_fails({{key, value}}))
        reader.fail(parameter_nodes.at(key), key, *error);
  for (const auto& [key, values] : scenario.platform.parameters)
    for (const auto& value : values) {
      std::map<std::string, std::string> probe;
      for (const auto& [other, other_values] : scenario.platform.parameters)
        probe[other] = other_values.front();
      probe[key] = value;
      if (auto error = probe_fails(probe))
        reader.fail(parameter_nodes.at(key), key, *error);
    }
  if (scenario.platform.parameters.empty())
    try {
      check_platform_parameters(scenario.platform.generator, {});
    } catch (const std::exception& error) {
      reader.fail(node["generator"], "generator", error.what());
    }
}

void read_simgrid(const ScenarioReader& reader, const YAML::Node& node, Scenario& scenario)
{
  if (!node.IsSequence())
    reader.fail(node, "simgrid", "expected a list of configurations, each a list of key:value");
  for (const auto& configuration : node) {
    std::vector<std::string> entries;
    if (configuration.IsSequence() && configuration.size() == 0) {
      scenario.simgrid.push_back(entries);
      continue;
    }
    for (const auto& entry : reader.strings(configuration, "simgrid")) {
      if (entry.find(':') == std::string::npos)
        reader.fail(configuration, "simgrid", "'" + entry + "' is not of the form key:value");
      entries.push_back(entry);
    }
    scenario.simgrid.push_back(entries);
  }
}

// "all" (every algorithm SMPI 3.32 has) or a list of them, each once.
void read_mpi_baselines(const ScenarioReader& reader, const YAML::Node& node, Scenario& scenario)
{
  const auto& known_algorithms = smpi_bcast_algorithms();
  for (const auto& name : reader.strings(node, "mpi_baselines")) {
    if (name == "all") {
      scenario.mpi_baselines = known_algorithms;
      return;
    }
    if (std::find(known_algorithms.begin(), known_algorithms.end(), name) == known_algorithms.end())
      reader.fail(node, "mpi_baselines",
                  fmt::format("unknown MPI_Bcast algorithm '{}' (all, or: {})", name, fmt::join(known_algorithms, ", ")));
    if (std::find(scenario.mpi_baselines.begin(), scenario.mpi_baselines.end(), name) != scenario.mpi_baselines.end())
      reader.fail(node, "mpi_baselines", "'" + name + "' is listed twice");
    scenario.mpi_baselines.push_back(name);
  }
}

// Every slice count must fit every size (at least one byte per slice).
void check_slices_fit_sizes(const ScenarioReader& reader, const YAML::Node& node, const Scenario& scenario)
{
  const double smallest = *std::min_element(scenario.sizes.begin(), scenario.sizes.end());
  for (std::size_t slices : scenario.slices)
    try {
      if (slices == 0)  // auto: within the message's bytes by construction
        continue;
      check_slice_count(smallest, slices);
    } catch (const std::invalid_argument&) {
      reader.fail(node, "slices", fmt::format("{} slices of the smallest size ({:.17g} bytes): a slice carries at "
                                              "least one byte",
                                              slices, smallest));
    }
}

// The grid must fit kMaxScenarioPoints; the error names the key that multiplies it most.
void check_grid_size(const ScenarioReader& reader, const YAML::Node& root, const Scenario& scenario)
{
  const std::size_t points = scenario_point_count(scenario);
  if (points <= kMaxScenarioPoints)
    return;
  const std::vector<std::pair<std::string, std::size_t>> factors{
      {"repetitions", scenario.repetitions},   {"parameters", platform_combination_count(scenario)},
      {"schedulers", scenario.schedulers.size()}, {"sizes", scenario.sizes.size()},
      {"slices", scenario.slices.size()},      {"port", scenario.ports.size()},
      {"member_fraction", scenario.member_fractions.size()}, {"simgrid", scenario.simgrid.size()}};
  const auto largest = std::max_element(factors.begin(), factors.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  const YAML::Node node = largest->first == "parameters" ? root["platform"]["parameters"] : root[largest->first];
  const std::string count = points == std::numeric_limits<std::size_t>::max() ? "more than 2^64"
                                                                              : fmt::format("{}", points);
  reader.fail(node ? node : root, largest->first,
              fmt::format("the grid has {} points, over the {} one scenario may hold: this key multiplies it by "
                          "{}; split the scenario into several, or shorten it",
                          count, kMaxScenarioPoints, largest->second));
}

}  // namespace

Scenario load_scenario(const std::string& path)
{
  return scenario_from_yaml(load_yaml(path, "scenario file"), path);
}

namespace {

Scenario read_scenario(const YAML::Node& root, const std::string& path)
{
  ScenarioReader reader(path);
  reader.check_keys(root, kTopLevelKeys, "scenario");
  Scenario scenario;
  scenario.path = path;
  scenario.name = root["name"] ? root["name"].as<std::string>() : std::filesystem::path(path).stem().string();
  if (!root["platform"])
    reader.fail(root, "platform", "missing (a file or a generator)");
  read_platform(reader, root["platform"], scenario);
  scenario.schedulers = root["schedulers"]
                            ? reader.converted<std::string>(root["schedulers"], "schedulers", scheduler_name)
                            : std::vector<std::string>{"all"};
  // "all" is every scheduler run by default; the ones run only when named (best, the plans) may
  // be listed beside it.
  if (std::find(scenario.schedulers.begin(), scenario.schedulers.end(), "all") != scenario.schedulers.end()) {
    std::vector<std::string> expanded;
    for (const SchedulerInfo* scheduler : schedulers_of_all())
      expanded.push_back(scheduler->name);
    for (const auto& name : scenario.schedulers)
      if (name != "all" && std::find(expanded.begin(), expanded.end(), name) == expanded.end())
        expanded.push_back(name);
    scenario.schedulers = std::move(expanded);
  }
  scenario.sizes = root["sizes"] ? reader.converted<double>(root["sizes"], "sizes", parse_size)
                                 : std::vector<double>{4.0 * 1048576};
  scenario.slices = root["slices"] ? reader.converted<std::size_t>(root["slices"], "slices", slice_count_or_auto)
                                   : std::vector<std::size_t>{1};
  if (root["max_slices"])
    scenario.max_slices = reader.converted<std::size_t>(root["max_slices"], "max_slices", positive_integer).at(0);
  if (root["slices"])
    check_slices_fit_sizes(reader, root["slices"], scenario);
  scenario.ports = root["port"] ? reader.converted<std::string>(root["port"], "port", port_name)
                                : std::vector<std::string>{"one-port"};
  if (root["member_fraction"])
    scenario.member_fractions = reader.converted<double>(root["member_fraction"], "member_fraction", member_fraction);
  if (root["simgrid"])
    read_simgrid(reader, root["simgrid"], scenario);
  else
    scenario.simgrid.push_back({});
  if (root["root"])
    scenario.root = root["root"].as<std::string>();
  if (root["repetitions"])
    scenario.repetitions = reader.converted<std::size_t>(root["repetitions"], "repetitions", positive_integer).at(0);
  if (root["seed"])
    scenario.seed = reader.converted<std::uint64_t>(root["seed"], "seed", parse_generator_seed).at(0);
  const auto boolean = [](const std::string& text) {
    if (text != "true" && text != "false")
      throw std::invalid_argument("'" + text + "' is not true or false");
    return text == "true";
  };
  if (root["lp_bound"])
    scenario.lp_bound = reader.converted<bool>(root["lp_bound"], "lp_bound", boolean).at(0);
  if (root["link_contention"])
    scenario.link_contention = reader.converted<bool>(root["link_contention"], "link_contention", boolean).at(0);
  if (root["mpi_baselines"]) {
    read_mpi_baselines(reader, root["mpi_baselines"], scenario);
    const auto& fractions = scenario.member_fractions;
    if (std::find(fractions.begin(), fractions.end(), 0.0) == fractions.end())
      reader.fail(root["mpi_baselines"], "mpi_baselines",
                  "MPI_Bcast is a broadcast: 'member_fraction' must include 0 for its rows");
  }
  if (root["timeout"])
    scenario.timeout_seconds = reader.converted<double>(root["timeout"], "timeout", positive_seconds).at(0);
  check_grid_size(reader, root, scenario);
  scenario.fingerprint = scenario_fingerprint(scenario, expand_scenario(scenario));
  return scenario;
}

}  // namespace

Scenario scenario_from_yaml(const YAML::Node& root, const std::string& path)
{
  try {
    return read_scenario(root, path);
  } catch (const YAML::Exception& error) {
    throw yaml_exception_error(path, error);
  }
}

}  // namespace hbcast::cli
