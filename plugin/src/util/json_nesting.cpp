#include <hbcast/util/json_nesting.hpp>

#include <algorithm>

namespace hbcast {

std::size_t json_nesting_depth(std::string_view text)
{
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (in_string) {
      if (c == '\\')
        ++k;  // the escaped character, '"' included
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::optional<std::string> json_nesting_problem(std::string_view text)
{
  if (json_nesting_depth(text) <= kMaxJsonNesting)
    return std::nullopt;
  return "JSON nested deeper than " + std::to_string(kMaxJsonNesting) + " levels";
}

}  // namespace hbcast
