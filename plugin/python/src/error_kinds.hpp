#pragma once
#include <nlohmann/json.hpp>

#include <exception>
#include <stdexcept>
#include <string>

namespace hbcast::python {

/// An error to raise in Python as the hbcast.Error subclass `kind` ("PlatformError", "TreeError",
/// "PlanError", "ScenarioError", "ResultsError", "OptionError", "SimulationError", "Interrupted",
/// or "Error"), with the message the command line prints after "hbcast: error: ". Errors cross
/// process boundaries as JSON {"kind": ..., "message": ...}.
class KindedError : public std::runtime_error {
public:
  KindedError(std::string kind, const std::string& message)
      : std::runtime_error(message), kind_(std::move(kind))
  {
  }
  const std::string& kind() const { return kind_; }

private:
  std::string kind_;
};

/// The kind of an exception thrown by the library, from its type.
std::string kind_of(const std::exception& error);

/// {"kind": ..., "message": ...} for the exception being handled (call inside a catch block).
nlohmann::json current_error_json();

/// Throws the KindedError that `error` ({"kind", "message"}) describes.
[[noreturn]] void throw_error_json(const nlohmann::json& error);

}  // namespace hbcast::python
