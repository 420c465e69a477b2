#include <hbcast/util/utf8_text.hpp>

namespace hbcast {

std::optional<std::size_t> first_byte_not_utf8(std::string_view text)
{
  std::size_t k = 0;
  while (k < text.size()) {
    const auto lead = static_cast<unsigned char>(text[k]);
    // Continuation bytes and the range of the second byte, by lead byte (RFC 3629, section 4).
    std::size_t continuation = 0;
    unsigned char low = 0x80, high = 0xbf;
    if (lead < 0x80) {
      ++k;
      continue;
    }
    if (lead >= 0xc2 && lead <= 0xdf) {
      continuation = 1;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      continuation = 2;
      low = lead == 0xe0 ? 0xa0 : 0x80;
      high = lead == 0xed ? 0x9f : 0xbf;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      continuation = 3;
      low = lead == 0xf0 ? 0x90 : 0x80;
      high = lead == 0xf4 ? 0x8f : 0xbf;
    } else {
      return k;
    }
    if (k + continuation >= text.size())  // cut short by the end of the text
      return k;
    for (std::size_t j = 1; j <= continuation; ++j) {
      const auto byte = static_cast<unsigned char>(text[k + j]);
      if (byte < (j == 1 ? low : 0x80) || byte > (j == 1 ? high : 0xbf))
        return k;
    }
    k += continuation + 1;
  }
  return std::nullopt;
}

}  // namespace hbcast
