#pragma once
#include <hbcast/sweep/scenario.hpp>

#include <yaml-cpp/yaml.h>

#include <string>

namespace hbcast::cli {

/// The one-line error of a YAML input (scenario, validation case): "FILE:LINE: key 'KEY': PROBLEM",
/// LINE being where `node` starts.
ScenarioError yaml_error(const std::string& path, const YAML::Node& node, const std::string& key,
                         const std::string& problem);

/// Parses the YAML file `path`. Throws ScenarioError "cannot read WHAT 'PATH'" or
/// "PATH:LINE: malformed YAML: ...".
YAML::Node load_yaml(const std::string& path, const std::string& what);

}  // namespace hbcast::cli
