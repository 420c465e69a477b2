#include "step_order.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace hbcast {
namespace {

constexpr std::size_t kShortRange = 64;
constexpr std::size_t kWideDigitRange = 8192;
constexpr std::size_t kFewTimes = 512;  // distinct times the counting path takes

// Buffers of the sort paths.
struct StepSortScratch {
  std::vector<StepCode> buffer;
  std::vector<std::uint32_t> histograms;
  std::vector<std::uint64_t> time_keys;   // the few distinct times' keys
  std::vector<std::uint32_t> time_index;  // their hash table
  std::vector<std::uint32_t> order;
};

// A time's bits as an unsigned key in the order of the times (negative ones flipped whole).
std::uint64_t time_key(double time)
{
  std::uint64_t bits;
  std::memcpy(&bits, &time, sizeof bits);
  return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

unsigned bit_width(std::uint64_t bits) { return bits == 0 ? 0 : 64 - static_cast<unsigned>(__builtin_clzll(bits)); }

// Stable insertion sort by time: short ranges, where it beats any setup.
void insertion_sort(StepCode* first, StepCode* last, const double* times)
{
  for (StepCode* next = first + 1; next < last; ++next) {
    const StepCode code = *next;
    const double time = times[code];
    StepCode* hole = next;
    for (; hole != first && times[hole[-1]] > time; --hole)
      *hole = hole[-1];
    *hole = code;
  }
}

// Stable LSD radix sort of [first, last) on bits [shift, shift + 32) of their times' keys, a digit a
// pass: 8-bit digits (4 passes) for short ranges, 11-bit ones (3 passes) once the range dwarfs
// their histograms. The keys are read from `times` each pass (no 8-byte items: half the memory to
// touch). A digit every step shares costs no pass.
void radix_sort_codes(StepCode* first, StepCode* last, const double* times, unsigned shift, StepSortScratch& scratch)
{
  const auto n = static_cast<std::size_t>(last - first);
  const unsigned digit_bits = n < kWideDigitRange ? 8 : 11;
  const unsigned passes = (32 + digit_bits - 1) / digit_bits;
  const std::size_t slots = (std::size_t{1} << digit_bits) + 1;
  const std::uint64_t mask = (std::uint64_t{1} << digit_bits) - 1;
  auto digit = [&](StepCode code, unsigned pass) {
    const std::uint64_t window = (time_key(times[code]) >> shift) & 0xFFFFFFFFu;
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

// The distinct time keys of a range, each with the steps at it, while there are at most kFewTimes:
// an open-addressing table (multiplicative hash, linear probing, a quarter full at most).
class FewTimes {
public:
  explicit FewTimes(StepSortScratch& scratch) : keys_(scratch.time_keys), index_(scratch.time_index)
  {
    keys_.clear();
    index_.assign(4 * kFewTimes, 0);
  }

  /// The key's index in order of first sight (kFewTimes when there would be one too many).
  std::uint32_t index_of(std::uint64_t key)
  {
    std::size_t slot = (key * 0x9E3779B97F4A7C15ULL) >> (64 - kSlotBits);
    for (;; slot = (slot + 1) & (index_.size() - 1)) {
      if (index_[slot] == 0)
        break;
      if (keys_[index_[slot] - 1] == key)
        return index_[slot] - 1;
    }
    if (keys_.size() == kFewTimes)
      return kFewTimes;
    keys_.push_back(key);
    index_[slot] = static_cast<std::uint32_t>(keys_.size());
    return index_[slot] - 1;
  }
  const std::vector<std::uint64_t>& keys() const { return keys_; }

private:
  static constexpr unsigned kSlotBits = 11;  // 4 kFewTimes slots
  std::vector<std::uint64_t>& keys_;
  std::vector<std::uint32_t>& index_;  // key index + 1; 0: empty
};

// A counting sort by time into `out` when the steps for_each_step visits (it stops when the visit
// returns false) have at most kFewTimes distinct times (a tree on uniform links: every transfer of
// a round starts and ends at once): two passes, no radix pass. False, `out` untouched, when they
// have more.
template <typename ForEachStep>
bool sort_by_few_times(ForEachStep&& for_each_step, const double* times, StepCode* out, StepSortScratch& scratch)
{
  FewTimes few(scratch);
  auto& position = scratch.histograms;  // steps before each key, by index of first sight
  position.assign(kFewTimes, 0);
  const bool counted = for_each_step([&](StepCode code) {
    const std::uint32_t index = few.index_of(time_key(times[code]));
    if (index == kFewTimes)
      return false;
    ++position[index];
    return true;
  });
  if (!counted)
    return false;
  auto& by_key = scratch.order;  // indices of first sight in key order
  by_key.resize(few.keys().size());
  std::iota(by_key.begin(), by_key.end(), 0);
  std::sort(by_key.begin(), by_key.end(), [&](std::uint32_t a, std::uint32_t b) { return few.keys()[a] < few.keys()[b]; });
  std::uint32_t before = 0;
  for (std::uint32_t index : by_key)
    before += std::exchange(position[index], before);
  for_each_step([&](StepCode code) {
    out[position[few.index_of(time_key(times[code]))]++] = code;
    return true;
  });
  return true;
}

// The radix path (long ranges of more than kFewTimes distinct times).
void sort_by_many_times(StepCode* first, StepCode* last, const double* times, StepSortScratch& scratch)
{
  const auto n = static_cast<std::size_t>(last - first);
  // The bits above the highest one where two keys differ are common: the next 32 down order the
  // items (up to ties on them), and the code below them keeps the sort stable.
  std::uint64_t common_ones = ~std::uint64_t{0}, any_ones = 0;
  for (const StepCode* step = first; step != last; ++step) {
    const std::uint64_t key = time_key(times[*step]);
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
  auto high_bits = [&](StepCode code) { return time_key(times[code]) >> shift; };
  auto earlier = [times](StepCode a, StepCode b) { return times[a] < times[b]; };
  for (std::size_t begin = 0, end = 1; begin < n; begin = end++) {
    const std::uint64_t run_bits = high_bits(first[begin]);
    while (end < n && high_bits(first[end]) == run_bits)
      ++end;
    if (end - begin > 1 && !std::is_sorted(first + begin, first + end, earlier))
      std::stable_sort(first + begin, first + end, earlier);
  }
}

}  // namespace

std::vector<StepCode> crossing_steps_by_time(const std::uint32_t* offset, std::size_t transfers, const double* times)
{
  StepSortScratch scratch;
  auto for_each_step = [offset, transfers](auto&& visit) {
    for (std::size_t k = 0; k < transfers; ++k)
      if (offset[k + 1] > offset[k] &&
          !(visit(static_cast<StepCode>(2 * k)) && visit(static_cast<StepCode>(2 * k + 1))))
        return false;
    return true;
  };
  std::size_t count = 0;
  for (std::size_t k = 0; k < transfers; ++k)
    count += offset[k + 1] > offset[k] ? 2 : 0;
  std::vector<StepCode> steps(count);
  // The counting path writes its order straight here: the codes are never listed first.
  if (count >= kShortRange && sort_by_few_times(for_each_step, times, steps.data(), scratch))
    return steps;
  StepCode* next = steps.data();
  for_each_step([&next](StepCode code) {
    *next++ = code;
    return true;
  });
  if (count < kShortRange)
    insertion_sort(steps.data(), steps.data() + count, times);
  else
    sort_by_many_times(steps.data(), steps.data() + count, times, scratch);
  return steps;
}

}  // namespace hbcast
