#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/simulation/simulate_options.hpp>

#include <string>
#include <vector>

namespace hbcast::cli {

/// The multicast members a simulate request names (--members, or --member-fraction drawn with
/// --member-seed), as host indices in increasing order; empty for a broadcast. A --members entry
/// is a host name or, failing that, a 0-based host index. Throws std::invalid_argument (one line)
/// for an unknown host, the root, a duplicate, both options at once, or a fraction outside (0, 1].
std::vector<NodeId> requested_members(const SimulateOptions& options, const std::vector<std::string>& host_names,
                                      NodeId root);

/// Draws round(fraction x (n - 1)) members, at least one, among the hosts other than the root:
/// a portable Fisher-Yates (portable_shuffle) on std::mt19937_64 seeded with `seed`.
std::vector<NodeId> draw_members(std::size_t host_count, NodeId root, double fraction, std::uint64_t seed);

/// One line for the report: how the members were chosen.
std::string describe_member_selection(const SimulateOptions& options);

}  // namespace hbcast::cli
