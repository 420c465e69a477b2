#pragma once

#include <string>

namespace hbcast {

/// `text` as a one-line error message quotes it: newlines and other control characters escaped
/// (\n, \xHH), so that a key or value read from a file cannot break the message over several lines.
std::string one_line_text(const std::string& text);

}  // namespace hbcast
