#include "step_order.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace hbcast {
namespace {

constexpr std::size_t kWideDigitRange = 8192;

// Buffers of the radix path.
struct StepSortScratch {
  std::vector<StepCode> buffer;
  std::vector<std::uint32_t> histograms;
};

unsigned bit_width(std::uint64_t bits) { return bits == 0 ? 0 : 64 - static_cast<unsigned>(__builtin_clzll(bits)); }

// Stable LSD radix sort of [first, last) on bits [shift, shift + 32) of their times' keys, a digit a
// pass: 8-bit digits (4 passes) for short ranges, 11-bit ones (3 passes) once the range dwarfs
// their histograms. The keys are read from `times` each pass (no 8-byte items: half the memory to
// touch). A digit every step shares costs no pass.
void radix_sort_codes(StepCode* first, StepCode* last, const StepClock& times, unsigned shift, StepSortScratch& scratch)
{
  const auto n = static_cast<std::size_t>(last - first);
  const unsigned digit_bits = n < kWideDigitRange ? 8 : 11;
  const unsigned passes = (32 + digit_bits - 1) / digit_bits;
  const std::size_t slots = (std::size_t{1} << digit_bits) + 1;
  const std::uint64_t mask = (std::uint64_t{1} << digit_bits) - 1;
  auto digit = [&](StepCode code, unsigned pass) {
    const std::uint64_t window = (time_order_key(times[code]) >> shift) & 0xFFFFFFFFu;
    return (window >> (digit_bits * pass)) & mask;
  };
  auto& position = scratch.histograms;  // per pass, one histogram
  position.assign(passes * slots, 0);
  for (const StepCode* step = first; step != last; ++step)
    for (unsigned pass = 0; pass < passes; ++pass)
      ++position[pass * slots + digit(*step, pass) + 1];
  scratch.buffer.resize(n);
  StepCode* from = first;
  StepCode* to = scratch.buffer.data();
  for (unsigned pass = 0; pass < passes; ++pass) {
    std::uint32_t* histogram = position.data() + pass * slots;
    if (std::find(histogram, histogram + slots, n) != histogram + slots)
      continue;
    std::partial_sum(histogram, histogram + slots, histogram);
    for (const StepCode* step = from; step != from + n; ++step)
      to[histogram[digit(*step, pass)]++] = *step;
    std::swap(from, to);
  }
  if (from != first)
    std::copy(from, from + n, first);
}

// The radix path (long ranges of more than kFewTimes distinct times).
void sort_by_many_times(StepCode* first, StepCode* last, const StepClock& times)
{
  StepSortScratch scratch;
  const auto n = static_cast<std::size_t>(last - first);
  // The bits above the highest one where two keys differ are common: the next 32 down order the
  // items (up to ties on them), and the code below them keeps the sort stable.
  std::uint64_t common_ones = ~std::uint64_t{0}, any_ones = 0;
  for (const StepCode* step = first; step != last; ++step) {
    const std::uint64_t key = time_order_key(times[*step]);
    common_ones &= key;
    any_ones |= key;
  }
  const unsigned varying = bit_width(common_ones ^ any_ones);
  if (varying == 0)
    return;  // one time: already in code order
  const unsigned shift = varying > 32 ? varying - 32 : 0;
  radix_sort_codes(first, last, times, shift, scratch);
  if (shift == 0)
    return;  // the 32 bits were the whole difference
  // Times equal on the 32 bits may differ below them (rounding): order each such run by time.
  auto high_bits = [&](StepCode code) { return time_order_key(times[code]) >> shift; };
  auto earlier = [&times](StepCode a, StepCode b) { return times[a] < times[b]; };
  for (std::size_t begin = 0, end = 1; begin < n; begin = end++) {
    const std::uint64_t run_bits = high_bits(first[begin]);
    while (end < n && high_bits(first[end]) == run_bits)
      ++end;
    if (end - begin > 1 && !std::is_sorted(first + begin, first + end, earlier))
      std::stable_sort(first + begin, first + end, earlier);
  }
}

// Calls visit(code) for both steps of every transfer that crosses links, in code order.
template <typename Visit>
void for_each_crossing_step(const std::uint32_t* offset, std::size_t transfers, Visit&& visit)
{
  for (std::size_t k = 0; k < transfers; ++k)
    if (offset[k + 1] > offset[k]) {
      visit(static_cast<StepCode>(2 * k));
      visit(static_cast<StepCode>(2 * k + 1));
    }
}

// A counting sort by rank, written straight in order (the codes are never listed first: half
// the fresh memory of a cold analysis' sort).
void sort_by_rank(const std::uint32_t* offset, std::size_t transfers, const StepClock& clock, StepCode* out)
{
  std::vector<std::uint32_t> position(clock.distinct_times() + 1, 0);
  for_each_crossing_step(offset, transfers, [&](StepCode code) { ++position[clock.rank(code) + 1]; });
  std::partial_sum(position.begin(), position.end(), position.begin());
  for_each_crossing_step(offset, transfers, [&](StepCode code) { out[position[clock.rank(code)]++] = code; });
}

}  // namespace

std::vector<StepCode> crossing_steps_by_time(const std::uint32_t* offset, std::size_t transfers, const StepClock& clock)
{
  std::size_t count = 0;
  for (std::size_t k = 0; k < transfers; ++k)
    count += offset[k + 1] > offset[k] ? 2 : 0;
  std::vector<StepCode> steps(count);
  if (clock.ranked()) {
    sort_by_rank(offset, transfers, clock, steps.data());
    return steps;
  }
  StepCode* next = steps.data();
  for_each_crossing_step(offset, transfers, [&next](StepCode code) { *next++ = code; });
  sort_by_many_times(steps.data(), steps.data() + count, clock);  // over 512 times: over 512 steps
  return steps;
}

}  // namespace hbcast
