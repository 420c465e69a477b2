#include <hbcast/sweep/yaml_file.hpp>

#include <hbcast/util/one_line_text.hpp>
#include <hbcast/util/utf8_text.hpp>

#include <fmt/format.h>

#include <fstream>
#include <optional>
#include <set>
#include <vector>

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

namespace {

// The first scalar (key or value) under `node` that is not well-formed UTF-8: from raw bytes, or
// from an escape such as "\ud800" (a lone surrogate), which yaml-cpp writes as bytes no UTF-8
// reader takes. The results and fingerprints written from a YAML file's values are JSON: UTF-8.
// An alias shares its anchor's node, and may sit inside it (`&a [*a]`): each list or mapping is
// visited once, known by where it starts in the file.
std::optional<YAML::Node> first_scalar_not_utf8(const YAML::Node& node, std::set<int>& visited)
{
  if (node.IsScalar())
    return first_byte_not_utf8(node.Scalar()) ? std::optional<YAML::Node>(node) : std::nullopt;
  if (!(node.IsSequence() || node.IsMap()) || !visited.insert(node.Mark().pos).second)
    return std::nullopt;
  for (const auto& item : node) {
    // A sequence's items are nodes; a map's are key-value pairs, whose first and second are nodes.
    for (const YAML::Node& part : node.IsMap() ? std::vector<YAML::Node>{item.first, item.second}
                                               : std::vector<YAML::Node>{item})
      if (auto bad = first_scalar_not_utf8(part, visited))
        return bad;
  }
  return std::nullopt;
}

}  // namespace

YAML::Node load_yaml(const std::string& path, const std::string& what)
{
  if (!std::ifstream(path).good())
    throw ScenarioError("cannot read " + what + " '" + path + "'");
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& error) {
    throw ScenarioError(one_line_text(path + ":" + std::to_string(error.mark.line + 1) + ": malformed YAML: " + error.msg));
  }
  std::set<int> visited;
  if (const auto bad = first_scalar_not_utf8(root, visited)) {
    const std::string& text = bad->Scalar();
    const auto byte = static_cast<unsigned char>(text[*first_byte_not_utf8(text)]);
    throw ScenarioError(one_line_text(fmt::format("{}:{}: a value holds byte 0x{:02x}, which is not UTF-8 text (a YAML "
                                                  "file is UTF-8)",
                                                  path, bad->Mark().line + 1, byte)));
  }
  return root;
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
