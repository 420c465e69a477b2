#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hbcast {

/// Host names of the form PREFIX<number>SUFFIX with one prefix and suffix, as a SimGrid <cluster>
/// names its hosts: the number is each name's last run of digits, without a leading zero.
struct NumberedHostNames {
  std::string prefix, suffix;
  std::string radical;             ///< the numbers as a <cluster> radical ("0-3,7")
  std::vector<std::size_t> order;  ///< indices into the names, by increasing number
};

/// The names' common pattern, or nothing when one name has no number, the prefixes or suffixes
/// differ, or two names share a number.
std::optional<NumberedHostNames> numbered_host_names(const std::vector<std::string>& names);

}  // namespace hbcast
