#pragma once
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

/// The tree each of `slices` slices follows: smooth weighted round robin over `weights`, so tree
/// t carries about weights[t] / sum of the slices, spread evenly (ties to the lower index).
std::vector<std::size_t> interleave_trees(const std::vector<double>& weights, std::size_t slices);

}  // namespace hbcast::mpi
