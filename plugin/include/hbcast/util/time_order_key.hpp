#pragma once
#include <cstdint>
#include <cstring>

namespace hbcast {

/// An unsigned key that orders as the time: the IEEE bits, sign bit set for a time >= 0, all bits
/// flipped for a negative one; -0.0 counts as 0.0, as it compares. Equal keys, equal times, so
/// radix and counting sorts of times can work on the keys.
inline std::uint64_t time_order_key(double time)
{
  if (time == 0.0)
    time = 0.0;
  std::uint64_t bits = 0;
  std::memcpy(&bits, &time, sizeof bits);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

}  // namespace hbcast
