#include <hbcast/util/one_line_text.hpp>

#include <fmt/format.h>

namespace hbcast {

std::string one_line_text(const std::string& text)
{
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (byte < 0x20 || byte == 0x7f)
      out += fmt::format("\\x{:02x}", byte);
    else
      out += c;
  }
  return out;
}

}  // namespace hbcast
