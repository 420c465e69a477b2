#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace hbcast {

/// The offset of the first byte of `text` that does not belong to well-formed UTF-8 (RFC 3629:
/// no overlong forms, no surrogates, nothing beyond U+10FFFF), or nullopt when all of it is. JSON
/// output takes only well-formed UTF-8.
std::optional<std::size_t> first_byte_not_utf8(std::string_view text);

}  // namespace hbcast
