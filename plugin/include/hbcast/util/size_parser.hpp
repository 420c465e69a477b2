#pragma once
#include <string>

namespace hbcast {

/// Parses a message size: a positive number with an optional unit, B, kB/KB/MB/GB/TB (powers of
/// 1000) or KiB/MiB/GiB/TiB (powers of 1024): "4MiB", "1e6", "2.5MB". The result must be a whole
/// number of bytes >= 1. Throws std::invalid_argument with a one-line message otherwise.
double parse_size(const std::string& text);

/// Every unit parse_size takes, for help texts and messages: "B, kB, KB, MB, GB, TB, KiB, MiB, GiB or TiB".
std::string size_units_text();

/// "4 MiB", "1.5 MB", "800 B": a short human form of a byte count.
std::string format_size(double bytes);

}  // namespace hbcast
