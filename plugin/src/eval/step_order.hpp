#pragma once
// Internal to the contention analysis: the time order of a link's rate steps.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hbcast {

/// A rate change of the contention sweep, 4 bytes: 2 k where transfer k's data phase starts,
/// 2 k + 1 where it ends. times[code] is its time, so a step needs no copy of it.
using StepCode = std::uint32_t;

/// Buffers of sort_steps_by_time, reused from link to link.
struct StepSortScratch {
  std::vector<StepCode> buffer;
  std::vector<std::uint32_t> histograms;
  std::vector<std::uint64_t> time_keys;   // the few distinct times' keys
  std::vector<std::uint32_t> time_index;  // their hash table
  std::vector<std::uint32_t> order;
};

/// Orders steps given in ascending code order by (time, code): equal times keep the code order,
/// so the sweep adds rates in the same order whatever the sort (its sums, bit for bit). Long
/// ranges of at most 512 distinct times: a counting sort by time. Others: an LSD radix sort of the codes on 32 bits of their times that tell them apart (keys read
/// again each pass), whose rare runs of times equal on those bits are finished by comparison.
void sort_steps_by_time(StepCode* first, StepCode* last, const double* times, StepSortScratch& scratch);

/// The steps 2 k and 2 k + 1 of every transfer k < `transfers` with offset[k + 1] > offset[k] (one
/// that crosses links), in the order sort_steps_by_time gives them. The counting path writes them
/// straight in order, never listing them first (half the fresh memory of a cold analysis' sort).
std::vector<StepCode> crossing_steps_by_time(const std::uint32_t* offset, std::size_t transfers, const double* times,
                                             StepSortScratch& scratch);

}  // namespace hbcast
