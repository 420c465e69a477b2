#include "error_kinds.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/simulation/interrupted.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/external_program.hpp>

#include <yaml-cpp/exceptions.h>

namespace hbcast::python {

std::string kind_of(const std::exception& error)
{
  if (const auto* kinded = dynamic_cast<const KindedError*>(&error))
    return kinded->kind();
  if (dynamic_cast<const cli::Interrupted*>(&error))
    return "Interrupted";
  if (dynamic_cast<const PlatformError*>(&error))
    return "PlatformError";
  if (dynamic_cast<const InvalidTree*>(&error))
    return "TreeError";
  if (dynamic_cast<const SchedulerNotApplicable*>(&error))
    return "SchedulerError";
  if (dynamic_cast<const PlanError*>(&error))
    return "PlanError";
  if (dynamic_cast<const cli::ScenarioError*>(&error) || dynamic_cast<const YAML::Exception*>(&error))
    return "ScenarioError";
  if (dynamic_cast<const ProgramNotFound*>(&error))
    return "SimulationError";
  if (dynamic_cast<const std::invalid_argument*>(&error) || dynamic_cast<const std::out_of_range*>(&error))
    return "OptionError";
  return "Error";
}

nlohmann::json current_error_json()
{
  try {
    throw;
  } catch (const std::exception& error) {
    return {{"kind", kind_of(error)}, {"message", error.what()}};
  } catch (...) {
    return {{"kind", "Error"}, {"message", "unknown error"}};
  }
}

void throw_error_json(const nlohmann::json& error)
{
  throw KindedError(error.value("kind", std::string("Error")), error.value("message", std::string("unknown error")));
}

}  // namespace hbcast::python
