#include <hbcast/cli/experiment_parameters.hpp>

#include <hbcast/cli/yaml_file.hpp>

namespace hbcast::cli {

void ExperimentParameters::fail(const char* key, const std::string& what) const
{
  throw yaml_error(path_, parameters_[key], key, what);
}

std::size_t ExperimentParameters::count(const char* key, std::size_t fallback) const
{
  if (!parameters_[key])
    return fallback;
  try {
    return parameters_[key].as<std::size_t>();
  } catch (const YAML::Exception&) {
    fail(key, "not a whole number");
  }
}

double ExperimentParameters::number(const char* key, double fallback) const
{
  if (!parameters_[key])
    return fallback;
  try {
    return parameters_[key].as<double>();
  } catch (const YAML::Exception&) {
    fail(key, "not a number");
  }
}

std::vector<double> ExperimentParameters::numbers(const char* key, std::vector<double> fallback) const
{
  if (!parameters_[key])
    return fallback;
  try {
    return parameters_[key].as<std::vector<double>>();
  } catch (const YAML::Exception&) {
    fail(key, "not a list of numbers");
  }
}

std::vector<std::vector<double>> ExperimentParameters::number_lists(const char* key,
                                                                   std::vector<std::vector<double>> fallback) const
{
  if (!parameters_[key])
    return fallback;
  try {
    return parameters_[key].as<std::vector<std::vector<double>>>();
  } catch (const YAML::Exception&) {
    fail(key, "not a list of lists of numbers");
  }
}

}  // namespace hbcast::cli
