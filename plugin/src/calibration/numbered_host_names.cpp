#include <hbcast/calibration/numbered_host_names.hpp>

#include <algorithm>
#include <cctype>
#include <utility>

namespace hbcast {

std::optional<NumberedHostNames> numbered_host_names(const std::vector<std::string>& names)
{
  NumberedHostNames result;
  std::vector<std::pair<unsigned long long, std::size_t>> numbers;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string& name = names[k];
    const auto end = name.find_last_of("0123456789");
    if (end == std::string::npos)
      return std::nullopt;
    auto start = end;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1])))
      --start;
    const std::string digits = name.substr(start, end + 1 - start);
    if ((digits.size() > 1 && digits[0] == '0') || digits.size() > 15)
      return std::nullopt;
    const std::string prefix = name.substr(0, start), suffix = name.substr(end + 1);
    if (k == 0) {
      result.prefix = prefix;
      result.suffix = suffix;
    } else if (prefix != result.prefix || suffix != result.suffix) {
      return std::nullopt;
    }
    numbers.emplace_back(std::stoull(digits), k);
  }
  std::sort(numbers.begin(), numbers.end());
  for (std::size_t k = 0; k < numbers.size(); ++k) {
    if (k > 0 && numbers[k].first == numbers[k - 1].first)
      return std::nullopt;
    result.order.push_back(numbers[k].second);
  }
  for (std::size_t k = 0; k < numbers.size();) {
    std::size_t j = k;
    while (j + 1 < numbers.size() && numbers[j + 1].first == numbers[j].first + 1)
      ++j;
    result.radical += (result.radical.empty() ? "" : ",") + std::to_string(numbers[k].first) +
                      (j > k ? "-" + std::to_string(numbers[j].first) : "");
    k = j + 1;
  }
  return result;
}

}  // namespace hbcast
