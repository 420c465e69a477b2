#include <hbcast/sweep/yaml_file.hpp>

#include <fstream>

namespace hbcast::cli {

ScenarioError yaml_error(const std::string& path, const YAML::Node& node, const std::string& key,
                         const std::string& problem)
{
  return ScenarioError(path + ":" + std::to_string(node.Mark().line + 1) + ": key '" + key + "': " + problem);
}

YAML::Node load_yaml(const std::string& path, const std::string& what)
{
  if (!std::ifstream(path).good())
    throw ScenarioError("cannot read " + what + " '" + path + "'");
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::Exception& error) {
    throw ScenarioError(path + ":" + std::to_string(error.mark.line + 1) + ": malformed YAML: " + error.msg);
  }
}

}  // namespace hbcast::cli
