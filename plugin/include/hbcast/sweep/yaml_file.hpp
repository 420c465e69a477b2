#pragma once
#include <hbcast/sweep/scenario.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The one-line error of a YAML input (scenario, validation case): "FILE:LINE: key 'KEY': PROBLEM",
/// LINE being where `node` starts ("FILE: key ..." for a node that is not in the file).
ScenarioError yaml_error(const std::string& path, const YAML::Node& node, const std::string& key,
                         const std::string& problem);

/// The one-line error of a yaml-cpp exception met while reading the YAML file `path` (a value of
/// another type than its key takes, such as a list where a name belongs): "FILE:LINE: PROBLEM".
/// scenario_from_yaml, load_validation_case and evaluate_checks turn every yaml-cpp exception
/// into this error, so that none reaches the user without the file's name.
ScenarioError yaml_exception_error(const std::string& path, const YAML::Exception& error);

/// Parses the YAML file `path`. Throws ScenarioError "cannot read WHAT 'PATH'" or
/// "PATH:LINE: malformed YAML: ...".
YAML::Node load_yaml(const std::string& path, const std::string& what);

/// The values of `node`, a scalar or a non-empty list of scalars, as strings in order: every
/// "a value or a list of values" key of scenarios and validation cases is read here. Otherwise
/// throws yaml_error(path, NODE, key, ...) at `node`, or at its first item that is not a scalar.
std::vector<std::string> scalar_or_list(const YAML::Node& node, const std::string& path, const std::string& key);

}  // namespace hbcast::cli
