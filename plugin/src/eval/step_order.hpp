#pragma once
// Internal to the contention analysis: the time order of its rate steps.
#include "step_clock.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hbcast {

/// The steps 2 k and 2 k + 1 of every transfer k < `transfers` with offset[k + 1] > offset[k] (one
/// that crosses links), ordered by (time, code) (the clock has no -0.0): equal times keep the code
/// order, so the sweep adds rates in the same order whatever the path (its sums, bit for bit). A
/// ranked clock (at most StepClock::kFewTimes distinct times): a counting sort by rank, written
/// straight in order (the codes are never listed first). Otherwise an LSD radix sort of the codes
/// on the 32 bits of their times that tell them apart (keys read again each pass), whose rare runs
/// of times equal on those bits are finished by comparison.
std::vector<StepCode> crossing_steps_by_time(const std::uint32_t* offset, std::size_t transfers,
                                             const StepClock& clock);

}  // namespace hbcast
