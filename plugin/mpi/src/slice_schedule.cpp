#include "slice_schedule.hpp"

#include <algorithm>
#include <numeric>

namespace hbcast::mpi {

std::vector<SliceRange> split_elements(std::size_t count, std::size_t slices)
{
  const std::size_t k = std::min(slices, count);
  std::vector<SliceRange> ranges;
  std::size_t first = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const std::size_t length = count / k + (j < count % k ? 1 : 0);
    ranges.push_back({first, length});
    first += length;
  }
  return ranges;
}

}  // namespace hbcast::mpi
