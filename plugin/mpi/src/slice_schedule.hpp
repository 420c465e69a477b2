#pragma once
#include <hbcast/core/slice_interleaving.hpp>

#include <cstddef>
#include <vector>

namespace hbcast::mpi {

/// A slice of the message, in elements of the user's datatype.
struct SliceRange {
  std::size_t first = 0;
  std::size_t count = 0;
};

/// `count` elements cut into min(slices, count) slices at element boundaries, in order; the
/// first count mod k slices one element longer. No slice for count 0.
std::vector<SliceRange> split_elements(std::size_t count, std::size_t slices);

using hbcast::interleave_trees;  // the replay's interleaving (core/slice_interleaving.hpp)

}  // namespace hbcast::mpi
