#pragma once
#include <yaml-cpp/yaml.h>

#include <string>

namespace hbcast::cli {

/// A malformed expectation: a ScenarioError "CASE:LINE: key 'expectations': problem".
[[noreturn]] void fail_check(const std::string& case_path, const YAML::Node& node, const std::string& problem);
/// The check's `key` as text; a missing key fails the check.
std::string check_text(const YAML::Node& check, const char* key, const std::string& case_path);
/// The check's `key` as a number; a missing or non-numeric key fails the check.
double check_number(const YAML::Node& check, const char* key, const std::string& case_path);

}  // namespace hbcast::cli
