#pragma once
// Internal to the contention analysis: the time order of a link's rate steps.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hbcast {

/// A rate change of the contention sweep, 4 bytes: 2 k where transfer k's data phase starts,
/// 2 k + 1 where it ends. times[code] is its time, so a step needs no copy of it.
using StepCode = std::uint32_t;

/// The steps 2 k and 2 k + 1 of every transfer k < `transfers` with offset[k + 1] > offset[k] (one
/// that crosses links), ordered by (time, code): equal times keep the code order, so the sweep
/// adds rates in the same order whatever the path (its sums, bit for bit). Short lists: insertion
/// sort. At most 512 distinct times: a counting sort, written straight in order (the codes are
/// never listed first: half the fresh memory of a cold analysis' sort). Others: an LSD radix sort
/// of the codes on the 32 bits of their times that tell them apart (keys read again each pass),
/// whose rare runs of times equal on those bits are finished by comparison.
std::vector<StepCode> crossing_steps_by_time(const std::uint32_t* offset, std::size_t transfers, const double* times);

}  // namespace hbcast
