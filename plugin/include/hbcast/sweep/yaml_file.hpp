#pragma once
#include <hbcast/sweep/scenario.hpp>

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The one-line error of a YAML input (scenario, validation case): "FILE:LINE: key 'KEY': PROBLEM",
/// LINE being where `node` starts.
ScenarioError yaml_error(const std::string& path, const YAML::Node& node, const std::string& key,
                         const std::string& problem);

/// Parses the YAML file `path`. Throws ScenarioError "cannot read WHAT 'PATH'" or
/// "PATH:LINE: malformed YAML: ...".
YAML::Node load_yaml(const std::string& path, const std::string& what);

/// The values of `node`, a scalar or a non-empty list of scalars, as strings in order: every
/// "a value or a list of values" key of scenarios and validation cases is read here. Otherwise
/// throws yaml_error(path, NODE, key, ...) at `node`, or at its first item that is not a scalar.
std::vector<std::string> scalar_or_list(const YAML::Node& node, const std::string& path, const std::string& key);

}  // namespace hbcast::cli
