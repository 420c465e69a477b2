#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hbcast {

/// The deepest JSON nesting that hbcast reads from a user's file. nlohmann's parser takes any depth,
/// but writing or walking a value is recursive: a line of 10^5 '[' would overflow the stack.
inline constexpr std::size_t kMaxJsonNesting = 64;

/// The deepest nesting of arrays and objects in JSON `text` (0 for a scalar), counting brackets and
/// braces outside strings. Malformed text is measured as far as it goes: the parser judges it.
std::size_t json_nesting_depth(std::string_view text);

/// "JSON nested deeper than 64 levels" when `text` is nested past kMaxJsonNesting, else nullopt.
std::optional<std::string> json_nesting_problem(std::string_view text);

}  // namespace hbcast
