#include <hbcast/experiments/experiment_parameters.hpp>

#include <hbcast/sweep/yaml_file.hpp>

#include <algorithm>

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

std::string ExperimentParameters::text(const char* key, std::string fallback) const
{
  if (!parameters_[key])
    return fallback;
  if (!parameters_[key].IsScalar() || parameters_[key].Scalar().empty())
    fail(key, "expected a text");
  return parameters_[key].Scalar();
}

std::string ExperimentParameters::choice(const char* key, const std::vector<std::string>& allowed,
                                         std::string fallback) const
{
  if (!parameters_[key])
    return fallback;
  const YAML::Node node = parameters_[key];
  if (node.IsScalar() && std::find(allowed.begin(), allowed.end(), node.Scalar()) != allowed.end())
    return node.Scalar();
  std::string words;
  for (std::size_t x = 0; x < allowed.size(); ++x)
    words += (x == 0 ? "'" : x + 1 == allowed.size() ? " or '" : ", '") + allowed[x] + "'";
  std::string got = "nothing";
  if (node.IsScalar())
    got = "'" + node.Scalar() + "'";
  else if (node.IsSequence() || node.IsMap())
    got = node.IsSequence() ? "a list" : "a map";
  fail(key, words + " (got " + got + ")");
}

}  // namespace hbcast::cli
