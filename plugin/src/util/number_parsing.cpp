#include <hbcast/util/number_parsing.hpp>

#include <charconv>
#include <cmath>
#include <system_error>

namespace hbcast {

std::optional<double> parse_number(std::string_view text)
{
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos)
    return std::nullopt;
  text = text.substr(first, text.find_last_not_of(" \t") + 1 - first);
  if (text.size() > 1 && text[0] == '+' && text[1] != '-')
    text.remove_prefix(1);  // from_chars rejects an explicit plus sign
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::optional<std::uint64_t> parse_whole_number(std::string_view text)
{
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

}  // namespace hbcast
