#include <hbcast/experiments/check_fields.hpp>

#include <hbcast/sweep/yaml_file.hpp>
#include <hbcast/util/number_parsing.hpp>

namespace hbcast::cli {

void fail_check(const std::string& case_path, const YAML::Node& node, const std::string& problem)
{
  throw yaml_error(case_path, node, "expectations", problem);
}

std::string check_text(const YAML::Node& check, const char* key, const std::string& case_path)
{
  if (!check[key])
    fail_check(case_path, check, std::string("this check needs '") + key + "'");
  return check[key].as<std::string>();
}

double check_number(const YAML::Node& check, const char* key, const std::string& case_path)
{
  const auto value = parse_number(check_text(check, key, case_path));
  if (!value)
    fail_check(case_path, check[key], std::string("'") + key + "' is not a number");
  return *value;
}

}  // namespace hbcast::cli
