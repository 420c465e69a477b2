#include <hbcast/util/mix_seed.hpp>

namespace hbcast {

std::uint64_t mix_seed(std::uint64_t value)
{
  value += 0x9E3779B97F4A7C15ULL;
  value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
  value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
  return value ^ (value >> 31);
}

}  // namespace hbcast
