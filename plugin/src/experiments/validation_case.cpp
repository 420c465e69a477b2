#include <hbcast/experiments/validation_case.hpp>

#include <hbcast/experiments/validation_checks.hpp>
#include <hbcast/experiments/validation_experiments.hpp>
#include <hbcast/report/gnuplot_figure.hpp>
#include <hbcast/sweep/yaml_file.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace hbcast::cli {
namespace {

const std::set<std::string> kCaseKeys = {"title",      "source", "kind", "scenario", "parameters",
                                         "expectations", "figures", "fast", "full"};

[[noreturn]] void fail(const std::string& path, const YAML::Node& node, const std::string& key, const std::string& problem)
{
  throw yaml_error(path, node, key, problem);
}

// "sweep", then the built-in experiments.
std::vector<std::string> case_kinds()
{
  std::vector<std::string> kinds{"sweep"};
  for (const auto& [kind, experiment] : validation_experiments())
    kinds.push_back(kind);
  return kinds;
}

std::string required_text(const std::string& path, const YAML::Node& root, const std::string& key)
{
  if (!root[key] || !root[key].IsScalar())
    fail(path, root, key, "missing (a text)");
  return root[key].as<std::string>();
}

// Applies `overrides` (a mapping) on top of a copy of `base`, one top-level key at a time.
YAML::Node with_overrides(const YAML::Node& base, const YAML::Node& overrides)
{
  YAML::Node merged = YAML::Clone(base);
  for (const auto& entry : overrides)
    merged[entry.first.as<std::string>()] = YAML::Clone(entry.second);
  return merged;
}

std::vector<FigureRequest> read_figures(const std::string& path, const YAML::Node& node)
{
  std::vector<FigureRequest> figures;
  if (!node)
    return figures;
  if (!node.IsSequence())
    fail(path, node, "figures", "expected a list of {x, y, by, kind, title}");
  for (const auto& item : node) {
    FigureRequest figure;
    if (!item["x"] || !item["y"])
      fail(path, item, "figures", "each figure needs x and y");
    figure.x = item["x"].as<std::string>();
    figure.y = item["y"].as<std::string>();
    figure.by = item["by"] ? item["by"].as<std::string>() : "";
    figure.kind = item["kind"] ? item["kind"].as<std::string>() : "line";
    try {
      figure_kind_of(figure.kind);
    } catch (const std::invalid_argument& error) {
      fail(path, item["kind"], "figures", error.what());
    }
    figure.title = item["title"] ? item["title"].as<std::string>() : "";
    figures.push_back(figure);
  }
  return figures;
}

ValidationCase read_validation_case(const std::string& path, bool full)
{
  const YAML::Node root = load_yaml(path, "validation case");
  if (!root.IsMap())
    fail(path, root, "case", "expected a mapping");
  for (const auto& entry : root)
    if (kCaseKeys.count(entry.first.as<std::string>()) == 0)
      fail(path, entry.first, entry.first.as<std::string>(), "unknown key");
  ValidationCase result;
  result.path = path;
  result.id = std::filesystem::path(path).stem().string();
  result.title = required_text(path, root, "title");
  result.source = required_text(path, root, "source");
  result.kind = root["kind"] ? root["kind"].as<std::string>() : "sweep";
  if (result.kind != "sweep" && find_validation_experiment(result.kind) == nullptr)
    fail(path, root["kind"], "kind",
         "unknown kind '" + result.kind + "' (" + fmt::format("{}", fmt::join(case_kinds(), ", ")) + ")");
  const YAML::Node overrides = full ? root["full"] : root["fast"];
  const char* data_key = result.kind == "sweep" ? "scenario" : "parameters";
  if (!root[data_key] || !root[data_key].IsMap())
    fail(path, root, data_key, "missing (a mapping)");
  YAML::Node data = overrides ? with_overrides(root[data_key], overrides) : YAML::Clone(root[data_key]);
  (result.kind == "sweep" ? result.scenario : result.parameters) = data;
  if (!root["expectations"] || !root["expectations"].IsSequence())
    fail(path, root, "expectations", "missing (a list of checks)");
  check_expectations(root["expectations"], path, result.kind != "sweep");
  result.expectations = known_gaps_of_form(root["expectations"], full);
  result.figures = read_figures(path, root["figures"]);
  return result;
}

}  // namespace

ValidationCase load_validation_case(const std::string& path, bool full)
{
  try {
    return read_validation_case(path, full);
  } catch (const YAML::Exception& error) {
    throw yaml_exception_error(path, error);
  }
}

std::vector<std::string> find_validation_cases(const std::string& directory)
{
  std::vector<std::string> cases;
  const auto folder = std::filesystem::path(directory) / "cases";
  if (!std::filesystem::is_directory(folder))
    throw ScenarioError("no validation cases in '" + folder.string() + "'");
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".yaml")
      cases.push_back(entry.path().string());
  std::sort(cases.begin(), cases.end());
  return cases;
}

}  // namespace hbcast::cli
