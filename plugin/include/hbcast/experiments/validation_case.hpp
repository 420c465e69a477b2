#pragma once
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// A figure drawn from a case's results (see `hbcast plot`).
struct FigureRequest {
  std::string x;
  std::string y;
  std::string by;
  std::string kind = "line";  ///< "line" or "bar" (checked when the case is loaded)
  std::string title;
};

/// One published result to reproduce (a file in validation/cases/): where it comes from, how to
/// produce the data (a sweep scenario, or a built-in model-level experiment) and what must hold.
/// The `fast` block overrides the scenario (or parameters) for ctest; `full` for `--full`.
struct ValidationCase {
  std::string path;
  std::string id;      ///< the file name without .yaml
  std::string title;
  std::string source;  ///< paper (seed file) and table or figure
  std::string kind;    ///< "sweep" or a built-in experiment (validation_experiments.hpp)
  YAML::Node scenario;      ///< kind sweep: the scenario, overrides applied
  YAML::Node parameters;    ///< built-in kinds: their parameters, overrides applied
  YAML::Node expectations;  ///< a list of checks (see validation_checks.hpp)
  std::vector<FigureRequest> figures;
};

/// Loads a case in its fast (ctest) or full (published sizes) form. Throws ScenarioError
/// naming the file, key and line.
ValidationCase load_validation_case(const std::string& path, bool full);
/// The case files of `directory`/cases, sorted by name.
std::vector<std::string> find_validation_cases(const std::string& directory);

}  // namespace hbcast::cli
