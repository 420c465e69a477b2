#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <memory>
#include <vector>

namespace hbcast {

/// A multi-tree plan replayed as one s4u actor per node: slice j follows tree
/// slice_tree[j] (interleave_trees). Every node forwards each slice it holds to that slice's
/// children, the lowest slice index first among those it holds, keeping its port model (one-port:
/// one blocking send at a time; multi-port: each send started send_u(L) after the previous). A
/// node receives from any parent while it sends (a permanent receiver of its mailbox).
///
/// Measured: every node's arrival time of every slice. The observed period is, at the node that
/// completes last, the mean inter-arrival after the pipeline fills: (last arrival - arrival of
/// its ceil(K/10)-th slice) / (K - ceil(K/10)); throughput = slice bytes / that.
class MultiTreeBroadcast {
public:
  static std::shared_ptr<MultiTreeBroadcast> start(std::vector<BroadcastTree> trees,
                                                   std::vector<std::size_t> slice_tree,
                                                   std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

  bool done() const { return finished_nodes_ == hosts_.size(); }
  void wait();
  ReplayResult result() const;

  struct Private;
  MultiTreeBroadcast(Private, std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                     std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  void run_node(NodeId node);
  void forward(NodeId node, std::size_t slice, std::vector<simgrid::s4u::CommPtr>& in_flight);
  double observed_period(NodeId node) const;

  std::vector<BroadcastTree> trees_;
  std::vector<std::size_t> slice_tree_;
  std::vector<simgrid::s4u::Host*> hosts_;
  ReplayOptions options_;
  double slice_bytes_;
  double start_time_;
  NodeId root_;
  std::vector<simgrid::s4u::Mailbox*> mailboxes_;
  std::vector<std::size_t> slice_tokens_;
  std::vector<std::vector<double>> arrival_;  // per node, per slice: absolute time it arrived
  std::vector<double> send_overhead_;
  std::size_t finished_nodes_ = 0;
  std::size_t transfer_count_ = 0;
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;
};

/// Replays the plan on the engine's loaded platform from time 0 and runs the simulation to its end
/// (one simulation per process).
ReplayResult replay_multi_tree(simgrid::s4u::Engine& engine, const std::vector<BroadcastTree>& trees,
                               const std::vector<std::size_t>& slice_tree,
                               const std::vector<simgrid::s4u::Host*>& hosts, const ReplayOptions& options);

}  // namespace hbcast
