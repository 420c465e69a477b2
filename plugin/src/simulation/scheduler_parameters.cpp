#include <hbcast/simulation/scheduler_parameters.hpp>

#include <hbcast/util/number_parsing.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {
namespace {

// The definition of parameter `name` in the first requested scheduler that takes it, or null.
const SchedulerParameter* definition(const std::vector<std::string>& schedulers, const std::string& name)
{
  for (const auto& scheduler : schedulers)
    if (const SchedulerInfo* info = find_scheduler(scheduler))
      for (const auto& parameter : info->parameters)
        if (parameter.name == name)
          return &parameter;
  return nullptr;
}

std::string number_text(double value)
{
  std::ostringstream text;
  text << value;
  return text.str();
}

}  // namespace

std::map<std::string, double> parse_scheduler_parameters(const std::vector<std::string>& texts,
                                                         const std::vector<std::string>& schedulers)
{
  std::map<std::string, double> parameters;
  for (const auto& text : texts) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
      throw std::invalid_argument("--param '" + text + "' is not of the form NAME=VALUE");
    const std::string name = text.substr(0, equals);
    const auto value = parse_number(text.substr(equals + 1));
    if (!value)
      throw std::invalid_argument("--param " + name + ": '" + text.substr(equals + 1) + "' is not a number");
    const SchedulerParameter* parameter = definition(schedulers, name);
    if (parameter == nullptr)
      throw std::invalid_argument("--param " + name + ": no requested scheduler takes a parameter '" + name +
                                  "' (see 'hbcast schedulers')");
    if (!std::isfinite(*value) || *value < parameter->minimum ||
        (parameter->whole_number && *value != std::floor(*value)))
      throw std::invalid_argument("--param " + name + ": must be " +
                                  (parameter->whole_number ? "a whole number" : "a number") + " >= " +
                                  number_text(parameter->minimum) + " (" + parameter->summary + "), not '" +
                                  text.substr(equals + 1) + "'");
    if (const auto given = parameters.find(name); given != parameters.end())
      throw std::invalid_argument("--param " + name + " is given twice (" + number_text(given->second) + " and " +
                                  text.substr(equals + 1) + "): give it once");
    parameters[name] = *value;
  }
  return parameters;
}

}  // namespace hbcast::cli
