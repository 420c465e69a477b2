#include <hbcast/cli/option_checks.hpp>

#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <cmath>

namespace hbcast::cli {
namespace {

std::string in_quotes(const std::string& text)
{
  return "'" + text + "'";
}

}  // namespace

CLI::Validator whole_number_at_least(std::uint64_t minimum)
{
  const std::string rule = fmt::format("must be a whole number >= {}", minimum);
  return CLI::Validator(
      [minimum, rule](std::string& text) {
        const auto value = parse_whole_number(text);
        return value && *value >= minimum ? std::string() : rule + ", not " + in_quotes(text);
      },
      fmt::format("INTEGER >= {}", minimum));
}

CLI::Validator slice_count_or_auto()
{
  return CLI::Validator(
      [](std::string& text) {
        const auto value = parse_whole_number(text);
        return text == "auto" || (value && *value >= 1) ? std::string()
                                                        : "must be a whole number >= 1 or 'auto', not " + in_quotes(text);
      },
      "K|auto");
}

CLI::Validator number_at_least(double minimum, const std::string& what)
{
  const std::string rule = fmt::format("must be {} >= {}", what, minimum);
  return CLI::Validator(
      [minimum, rule](std::string& text) {
        const auto value = parse_number(text);
        return value && std::isfinite(*value) && *value >= minimum ? std::string() : rule + ", not " + in_quotes(text);
      },
      fmt::format("NUMBER >= {}", minimum));
}

CLI::Validator number_above(double minimum, const std::string& what)
{
  const std::string rule = fmt::format("must be {} > {}", what, minimum);
  return CLI::Validator(
      [minimum, rule](std::string& text) {
        const auto value = parse_number(text);
        return value && std::isfinite(*value) && *value > minimum ? std::string() : rule + ", not " + in_quotes(text);
      },
      fmt::format("NUMBER > {}", minimum));
}

CLI::Validator file_name()
{
  return CLI::Validator([](std::string& text) { return text.empty() ? std::string("an empty file name") : std::string(); },
                        "FILE");
}

CLI::Option* as_list(CLI::Option* option)
{
  return option->delimiter(',')->allow_extra_args(false);
}

}  // namespace hbcast::cli
