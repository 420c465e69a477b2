#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <functional>
#include <limits>
#include <optional>
#include <vector>

namespace hbcast {

/// Helpers of the sender-only model (Liu, section 2): processor p sends the message to anyone
/// in t_p; a processor ready at r can complete sends at r + t_p, r + 2 t_p, ... in child order.

/// Throws std::invalid_argument (one line) for no processor, a time that is negative or not finite,
/// or a source that is not a processor.
void require_transmission_times(const std::vector<double>& times, std::optional<NodeId> source);

/// The fastest processor (lowest index among equals): the any-source FNF root (Liu, Theorem 4.2).
NodeId fastest_processor(const std::vector<double>& times);

/// Ready time of every processor of `tree` (its k-th child, from 0, is ready at r_p + (k + 1) t_p);
/// -1 for the processors the tree does not reach from its root (multicast trees).
std::vector<double> ready_times(const std::vector<double>& times, const BroadcastTree& tree);

/// The broadcast time of `tree`: the latest ready time.
double tree_makespan(const std::vector<double>& times, const BroadcastTree& tree);

/// A receive sequence scheduled by Liu's equation (1).
struct SequenceSchedule {
  BroadcastTree tree;         ///< children in send order; default-constructed when not built
  std::vector<double> ready;  ///< ready time of each scheduled receiver, in sequence order
};
struct SequenceOptions {
  bool build_tree = true;
  /// Stop after the first receiver whose ready time reaches this value (its time is the last one in
  /// `ready`): callers that only need to know whether a sequence beats a bound.
  double give_up = std::numeric_limits<double>::infinity();
};

/// Liu, equation (1): each receiver, in turn, is served by the informed processor that
/// completes a transmission earliest (ties: the faster, then the lower index). The ready times do
/// not depend on the ties, the tree does. O(n log n); on FNF's order (fastest first) the informed
/// processors fall into sorted FIFOs by sends made, and only the FIFO fronts need a heap.
/// Throws std::out_of_range for a source or receiver outside `times`, and std::invalid_argument
/// when a tree is asked for and a processor comes twice or the source comes as a receiver.
SequenceSchedule schedule_sequence(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& receivers,
                                   const SequenceOptions& options = {});

/// The times of the processors of `subset` (sorted by id, the source among them) and the source's
/// index among them: the instance restricted to a subset, renumbered in increasing id order.
struct SubsetInstance {
  std::vector<double> times;
  NodeId source = 0;
};
SubsetInstance subset_instance(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& sorted_subset);

/// Runs `schedule` (sub_times, sub_source) -> tree on the processors of `subset` (the source among
/// them) renumbered in increasing id order, so that index ties break as on the whole instance, and
/// returns that tree over all times.size() processors (the others in no edge).
BroadcastTree schedule_on_subset(const std::vector<double>& times, NodeId source, std::vector<NodeId> subset,
                                 const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& schedule);

/// What the sender-only registry schedulers believe: the instance's t_u at its transfer size.
inline constexpr char kSenderOnlyModelName[] = "sender-only t_u (median over destinations)";

/// Registry adapter: `build` gets the instance's sender-only times and the root, the result carries
/// the sender-only model as the scheduler's own.
ScheduleResult schedule_sender_only(const BroadcastInstance& instance, NodeId root,
                                    const std::function<BroadcastTree(const std::vector<double>&, NodeId)>& build);

}  // namespace hbcast
