#pragma once
// Hand-made instances for the grid heuristics' unit tests; the expected choices are derived by
// hand in each test. Transfer times are symmetric and latencies 0, so c_ij = g_ij.
#include "grid_test_support.hpp"

#include <hbcast/grid/grid_schedule.hpp>

#include <utility>
#include <vector>

namespace hbcast::grid_test {

using Decisions = std::vector<std::pair<std::size_t, std::size_t>>;

inline Decisions decisions_of(const GridSchedule& schedule)
{
  Decisions decisions;
  for (const auto& transfer : schedule.transfers)
    decisions.emplace_back(transfer.sender, transfer.receiver);
  return decisions;
}

/// X: c01 = 1, c02 = 3, c03 = 4, c12 = 2.5, c13 = 3, c23 = 3.2, T = 0. Fast edges leave from a busy
/// sender in round 3 (FEF and ECEF differ there).
inline GridInstance instance_x()
{
  return instance_from(symmetric(4, {{0, 1, 1}, {0, 2, 3}, {0, 3, 4}, {1, 2, 2.5}, {1, 3, 3}, {2, 3, 3.2}}),
                       {0, 0, 0, 0});
}

/// Y1: cluster 1 is the closest to the root but far from everyone else: c01 = 1, c02 = 2, c03 = 3,
/// c12 = c13 = 9, c23 = 5, T = 0 (the lookaheads avoid cluster 1 first).
inline GridInstance instance_y1()
{
  return instance_from(symmetric(4, {{0, 1, 1}, {0, 2, 2}, {0, 3, 3}, {1, 2, 9}, {1, 3, 9}, {2, 3, 5}}),
                       {0, 0, 0, 0});
}

/// Y2: every transfer costs 1; T = (0, 1, 5, 9): only the broadcast times tell clusters apart.
inline GridInstance instance_y2()
{
  return instance_from(symmetric(4, {{0, 1, 1}, {0, 2, 1}, {0, 3, 1}, {1, 2, 1}, {1, 3, 1}, {2, 3, 1}}),
                       {0, 1, 5, 9});
}

/// W: c01 = 2, c02 = 4, c03 = 3, c12 = 3, c13 = 6, c23 = 1, T = 0: ECEF-LA, ECEF-LA (avg B) and
/// ECEF-LA (avg AxB) each start with a different cluster, and their schedules differ.
inline GridInstance instance_w()
{
  return instance_from(symmetric(4, {{0, 1, 2}, {0, 2, 4}, {0, 3, 3}, {1, 2, 3}, {1, 3, 6}, {2, 3, 1}}),
                       {0, 0, 0, 0});
}

/// Z: c01 4, c02 3, c03 2, c04 2, c12 1, c13 5, c14 5, c23 8, c24 7, c34 8, T = 0: ECEF and the
/// three ECEF-LA lookaheads each start with a different cluster.
inline GridInstance instance_z()
{
  return instance_from(symmetric(5, {{0, 1, 4}, {0, 2, 3}, {0, 3, 2}, {0, 4, 2}, {1, 2, 1}, {1, 3, 5}, {1, 4, 5},
                                     {2, 3, 8}, {2, 4, 7}, {3, 4, 8}}),
                       {0, 0, 0, 0, 0});
}

}  // namespace hbcast::grid_test
