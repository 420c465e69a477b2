#pragma once
#include <cstddef>
#include <vector>

namespace hbcast {

/// A run of consecutive elements of the message (bytes in the replay, elements of the user's
/// datatype in libhbcast_mpi).
struct ElementRange {
  std::size_t first = 0;
  std::size_t count = 0;
  bool operator==(const ElementRange& other) const { return first == other.first && count == other.count; }
};

/// Slice j of `count` elements cut into `slices` slices: the first count mod slices slices one
/// element longer, as libhbcast_mpi cuts the user's buffer (slices > count leaves empty slices).
ElementRange slice_range(std::size_t count, std::size_t slices, std::size_t slice);

/// Slices [first_slice, first_slice + slice_count) of the same cut, as one range (clipped to the
/// slices that exist).
ElementRange slices_range(std::size_t count, std::size_t slices, std::size_t first_slice, std::size_t slice_count);

/// The part [floor(from n), floor(to n)) of `range` (n its count), for fractions 0 <= from <= to <= 1.
/// Consecutive fractions give consecutive, disjoint parts that cover the range.
ElementRange fraction_of(const ElementRange& range, double from, double to);

/// Each weight's cumulative share before it, and 1 at the end: weights.size() + 1 fractions from
/// 0 to 1. Tree t of a plan carries fraction_of(range, shares[t], shares[t + 1]) of a range split by
/// weight (the rate-capped and periodic forms); a zero weight carries nothing.
std::vector<double> cumulative_shares(const std::vector<double>& weights);

}  // namespace hbcast
