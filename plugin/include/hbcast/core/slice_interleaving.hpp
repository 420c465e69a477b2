#pragma once
#include <cstddef>
#include <vector>

namespace hbcast {

/// The tree each of `slices` slices follows in a multi-tree plan: smooth
/// weighted round robin over `weights`, so tree t carries about weights[t] / sum of the slices,
/// spread evenly (ties to the lower index). The replay and libhbcast_mpi both use it, so a plan
/// cuts its slices the same way in SimGrid and under MPI.
std::vector<std::size_t> interleave_trees(const std::vector<double>& weights, std::size_t slices);

}  // namespace hbcast
