#include <hbcast/cli/experiment_parameters.hpp>

#include <hbcast/cli/scenario.hpp>

namespace hbcast::cli {
namespace {

template <typename T>
T read(const YAML::Node& parameters, const char* key, T fallback, const std::string& path, const char* expected)
{
  if (!parameters[key])
    return fallback;
  try {
    return parameters[key].as<T>();
  } catch (const YAML::Exception&) {
    throw ScenarioError(path + ":" + std::to_string(parameters[key].Mark().line + 1) + ": key '" + key + "': " +
                        expected);
  }
}

}  // namespace

std::size_t size_parameter(const YAML::Node& parameters, const char* key, std::size_t fallback,
                           const std::string& case_path)
{
  return read<std::size_t>(parameters, key, fallback, case_path, "not a whole number");
}

double number_parameter(const YAML::Node& parameters, const char* key, double fallback, const std::string& case_path)
{
  return read<double>(parameters, key, fallback, case_path, "not a number");
}

std::vector<std::vector<double>> number_lists_parameter(const YAML::Node& parameters, const char* key,
                                                        std::vector<std::vector<double>> fallback,
                                                        const std::string& case_path)
{
  return read<std::vector<std::vector<double>>>(parameters, key, std::move(fallback), case_path,
                                                "not a list of lists of numbers");
}

}  // namespace hbcast::cli
