#pragma once
#include <cstdint>

namespace hbcast {

/// A well-mixed 64-bit hash step (SplitMix64's output function), used to derive seeds: the sweep's
/// per-point seeds and the random root of `simulate` both go through it.
std::uint64_t mix_seed(std::uint64_t value);

}  // namespace hbcast
