#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace hbcast {

/// A finite decimal number ("12", "-1.5e-3", "+4"), or nullopt; surrounding blanks are allowed.
std::optional<double> parse_number(std::string_view text);

/// A whole number in [0, 2^64) in decimal digits only ("12"; no sign, blank or point), or nullopt.
std::optional<std::uint64_t> parse_whole_number(std::string_view text);

}  // namespace hbcast
