#include <hbcast/simulation/scheduler_parameters.hpp>

#include <hbcast/util/number_parsing.hpp>
#include <hbcast/sched/scheduler_registry.hpp>

#include <algorithm>
#include <stdexcept>

namespace hbcast::cli {
namespace {

bool takes(const std::vector<std::string>& schedulers, const std::string& name)
{
  return std::any_of(schedulers.begin(), schedulers.end(), [&](const std::string& scheduler) {
    const SchedulerInfo* info = find_scheduler(scheduler);
    return info != nullptr && std::any_of(info->parameters.begin(), info->parameters.end(),
                                          [&](const SchedulerParameter& parameter) { return parameter.name == name; });
  });
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
    if (!takes(schedulers, name))
      throw std::invalid_argument("--param " + name + ": no requested scheduler takes a parameter '" + name +
                                  "' (see 'hbcast schedulers')");
    parameters[name] = *value;
  }
  return parameters;
}

}  // namespace hbcast::cli
