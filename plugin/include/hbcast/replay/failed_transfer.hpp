#pragma once
#include <hbcast/core/node_id.hpp>

#include <simgrid/s4u/Host.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hbcast {

/// A replayed transfer that failed (a link or host went down, e.g. under a SimGrid state profile).
struct FailedTransfer {
  NodeId from = 0;
  NodeId to = 0;
  std::size_t slice = 0;  ///< 0-based
  double time = 0.0;      ///< absolute simulated time it failed
};

/// Why an ended replay left its broadcast unfinished, in one line: the first failed transfer
/// (hosts, slice of `slices`, time since `start_time`) or else `unfinished`, then how many of the
/// hosts lack the whole message, the first ten named.
std::string unfinished_broadcast_report(const std::optional<FailedTransfer>& first_failure, double start_time,
                                        std::size_t slices, const std::vector<simgrid::s4u::Host*>& hosts,
                                        const std::vector<NodeId>& uninformed, const std::string& unfinished);

}  // namespace hbcast
