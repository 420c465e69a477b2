#pragma once
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The fingerprint of an expanded scenario, 32 hex digits (a name-based SHA-1 UUID, Boost.UUID):
/// every point's parameters and seed, the platform source (a file by its content, a generator by
/// its name), the root rule, the LP bound flag and the time limit. Not the scenario's name or
/// path: moving the file changes nothing. Every result row carries it, so that resume and merge
/// refuse rows made by another scenario.
std::string scenario_fingerprint(const Scenario& scenario, const std::vector<SweepPoint>& points);

}  // namespace hbcast::cli
