#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/node_id.hpp>

#include <optional>
#include <vector>

namespace hbcast {

/// Helpers of the sender-only model (seed 000, section 2): processor p sends the message to anyone
/// in t_p; a processor ready at r can complete sends at r + t_p, r + 2 t_p, ... in child order.

/// Throws std::invalid_argument (one line) for no processor, a time that is negative or not finite,
/// or a source that is not a processor.
void require_transmission_times(const std::vector<double>& times, std::optional<NodeId> source);

/// The fastest processor (lowest index among equals): the any-source FNF root (seed 000, Theorem 4.2).
NodeId fastest_processor(const std::vector<double>& times);

/// Ready time of every processor of `tree` (its k-th child, from 0, is ready at r_p + (k + 1) t_p).
std::vector<double> ready_times(const std::vector<double>& times, const BroadcastTree& tree);

/// The broadcast time of `tree`: the latest ready time.
double tree_makespan(const std::vector<double>& times, const BroadcastTree& tree);

/// The tree's processors in the order they become ready (ties: lower index first); [0] is the root.
std::vector<NodeId> sequence_of_tree(const std::vector<double>& times, const BroadcastTree& tree);

}  // namespace hbcast
