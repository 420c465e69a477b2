#pragma once
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>
#include <vector>

namespace hbcast::cli {

/// Typed access to a built-in validation experiment's `parameters:`; a bad value is a
/// ScenarioError naming the case file, the key and its line.
class ExperimentParameters {
public:
  ExperimentParameters(const YAML::Node& parameters, std::string case_path)
      : parameters_(parameters), path_(std::move(case_path)) {}

  std::size_t count(const char* key, std::size_t fallback) const;
  double number(const char* key, double fallback) const;
  std::vector<double> numbers(const char* key, std::vector<double> fallback) const;
  /// A list of lists of numbers, e.g. class_values: [[1, 2, 3], [1, 1.5, 2.5]].
  std::vector<std::vector<double>> number_lists(const char* key, std::vector<std::vector<double>> fallback) const;
  const std::string& path() const { return path_; }
  /// One of the words in `allowed`, e.g. completion: release; `fallback` when the key is absent.
  std::string choice(const char* key, const std::vector<std::string>& allowed, std::string fallback) const;
  /// Free text, e.g. a reason; `fallback` when the key is absent.
  std::string text(const char* key, std::string fallback) const;

private:
  [[noreturn]] void fail(const char* key, const std::string& what) const;
  YAML::Node parameters_;
  std::string path_;
};

}  // namespace hbcast::cli
