#include <hbcast/sweep/yaml_file.hpp>

#include <hbcast/util/one_line_text.hpp>

#include <fstream>

namespace hbcast::cli {

ScenarioError yaml_error(const std::string& path, const YAML::Node& node, const std::string& key,
                         const std::string& problem)
{
  // A node looked up under a key its map lacks is invalid: yaml-cpp throws on its Mark().
  const YAML::Mark mark = node.IsDefined() ? node.Mark() : YAML::Mark::null_mark();
  const std::string where = mark.is_null() ? path : path + ":" + std::to_string(mark.line + 1);
  return ScenarioError(one_line_text(where + ": key '" + key + "': " + problem));
}

ScenarioError yaml_exception_error(const std::string& path, const YAML::Exception& error)
{
  const std::string where = error.mark.is_null() ? path : path + ":" + std::to_string(error.mark.line + 1);
  const std::string problem = dynamic_cast<const YAML::BadConversion*>(&error) != nullptr
                                  ? "a value of another type than its key takes (a list or a mapping where a "
                                    "single value belongs, or the reverse)"
                                  : "YAML error: " + error.msg;
  return ScenarioError(one_line_text(where + ": " + problem));
}

YAML::Node load_yaml(const std::string& path, const std::string& what)
{
  if (!std::ifstream(path).good())
    throw ScenarioError("cannot read " + what + " '" + path + "'");
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::Exception& error) {
    throw ScenarioError(one_line_text(path + ":" + std::to_string(error.mark.line + 1) + ": malformed YAML: " + error.msg));
  }
}

std::vector<std::string> scalar_or_list(const YAML::Node& node, const std::string& path, const std::string& key)
{
  std::vector<std::string> values;
  if (node.IsScalar())
    values.push_back(node.as<std::string>());
  else if (node.IsSequence())
    for (const auto& item : node) {
      if (!item.IsScalar())
        throw yaml_error(path, item, key, "expected a value or a list of values");
      values.push_back(item.as<std::string>());
    }
  else
    throw yaml_error(path, node, key, "expected a value or a list of values");
  if (values.empty())
    throw yaml_error(path, node, key, "the list is empty");
  return values;
}

}  // namespace hbcast::cli
