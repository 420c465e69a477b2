#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/failed_transfer.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hbcast {

/// A multi-tree plan replayed as one s4u actor per node: slice j follows tree
/// slice_tree[j] (interleave_trees). Every node forwards each slice it holds to that slice's
/// children, the lowest slice index first among those it holds, keeping its port model (one-port:
/// one blocking send at a time; multi-port: each send started send_u(L) after the previous). A
/// node receives from every parent while it sends (a permanent receiver of one mailbox per
/// parent), and whenever its port is free it takes every slice that has arrived, from any parent,
/// as libhbcast_mpi does (MPI_Testsome over a receive posted per slice): a parent's slices to
/// one child end in the order they started, so the first pending one of each parent is the next.
///
/// Measured: every node's arrival time of every slice. The observed period is, at the node that
/// completes last, the mean inter-arrival after the pipeline fills: (last arrival - arrival of
/// its ceil(K/10)-th slice) / (K - ceil(K/10)); throughput = slice bytes / that.
///
/// Faults (a link or host going down, e.g. under a SimGrid state profile) are those of the tree
/// replays: a transfer that fails is noted (the first one names the row), and its sender sends
/// nothing more once its transfers in flight end; a host that goes down fails the transfers in
/// flight to and from it at that instant (SimGrid kills its actor); a transfer from or to a host
/// that is off fails as it would start. A node that can no longer receive a slice it lacks (every
/// parent that still owes it one has stopped) stops too, so the simulation ends without a deadlock.
class MultiTreeBroadcast {
public:
  static std::shared_ptr<MultiTreeBroadcast> start(std::vector<BroadcastTree> trees,
                                                   std::vector<std::size_t> slice_tree,
                                                   std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

  bool done() const { return finished_nodes_ == hosts_.size(); }
  void wait();
  ReplayResult result() const;
  /// Why an ended simulation left the broadcast unfinished, in one line, as TreeBroadcast says it:
  /// "the transfer a -> c (slice 2 of 4) failed at 0.000500000 s; 2 of 4 hosts without the whole
  /// message: c, d".
  std::string unfinished_report() const;

  struct Private;
  MultiTreeBroadcast(Private, std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                     std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  friend struct MultiTreeFaults;
  struct Send {
    NodeId from = 0;
    NodeId to = 0;
    std::size_t slice = 0;
    std::uint64_t order = 0;  // start order
    simgrid::s4u::CommPtr comm;
  };

  void run_node(NodeId node);
  /// Sends `slice` to its children in its tree; false when a send failed (or had failed before).
  bool forward(NodeId node, std::size_t slice, std::vector<simgrid::s4u::CommPtr>& in_flight);
  /// Waits for the node's sends in flight; false if one failed.
  bool drain(NodeId node, std::vector<simgrid::s4u::CommPtr>& in_flight);
  /// The node sends nothing more: its children that still lack a slice only it could send, and
  /// that wait for nothing else, stop (their receive is cancelled; they stop in turn).
  void stop_sending(NodeId node);
  /// Some slice `node` has not taken may still come: it has arrived, or its parent in that
  /// slice's tree still sends.
  bool can_still_receive(NodeId node) const;
  void update_reachable();
  void note_failed_transfer(NodeId from, NodeId to, std::size_t slice, const std::string& how);
  std::vector<const Send*> sends_in_flight() const;
  void on_link_down(const simgrid::s4u::Link& link);
  bool retire(simgrid::s4u::Comm& comm);
  void on_host_off(NodeId node);
  void mark_received(NodeId node, std::size_t slice, double time);
  double observed_period(NodeId node) const;

  std::vector<BroadcastTree> trees_;
  std::vector<std::size_t> slice_tree_;
  std::vector<simgrid::s4u::Host*> hosts_;
  ReplayOptions options_;
  double slice_bytes_;
  double start_time_;
  NodeId root_;
  /// One per parent of a node (over every tree): a mailbox only that parent sends to.
  struct Inbox {
    NodeId parent = 0;
    simgrid::s4u::Mailbox* mailbox = nullptr;
    std::size_t expected = 0;  // slices this parent sends the node
    std::size_t taken = 0;
    std::size_t* token = nullptr;
    simgrid::s4u::CommPtr receive;  // posted, not yet taken
  };
  simgrid::s4u::Mailbox* mailbox(NodeId from, NodeId to) const;
  std::vector<std::vector<Inbox>> inboxes_;  // per node
  std::vector<std::size_t> slice_tokens_;
  std::vector<std::vector<double>> arrival_;  // per node, per slice: absolute time it arrived
  std::vector<double> send_overhead_;
  std::size_t finished_nodes_ = 0;
  std::size_t transfer_count_ = 0;
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;

  std::vector<std::vector<std::uint8_t>> held_;          // per node, per slice: it holds it
  std::vector<std::size_t> held_count_;                  // per node: slices held
  std::vector<std::size_t> taken_;                       // per node: slices its actor has taken
  std::vector<std::vector<std::uint8_t>> reachable_;     // per slice, per node (update_reachable)
  bool fault_seen_ = false;                              // a transfer failed or a host went down
  std::vector<std::uint8_t> sending_stopped_;            // per node: it will send nothing more
  std::vector<std::uint8_t> send_failed_;                // per node: one of its sends failed
  std::vector<std::uint8_t> waiting_;                    // per node: blocked on its receives, holding nothing
  std::vector<simgrid::s4u::CommPtr> blocked_on_;        // per node: the send its actor waits for
  std::vector<simgrid::s4u::ActorPtr> actors_;           // per node (none on a host down at the start)
  std::unordered_map<const simgrid::s4u::Activity*, Send> sends_;  // started, not ended
  std::vector<simgrid::s4u::CommPtr> cancelled_;         // kept alive past their callbacks
  std::uint64_t sends_started_ = 0;
  std::optional<FailedTransfer> first_failure_;
  std::set<std::pair<NodeId, NodeId>> failed_edges_;     // warned once each
};

/// Replays the plan on the engine's loaded platform from time 0 and runs the simulation to its end
/// (one simulation per process).
ReplayResult replay_multi_tree(simgrid::s4u::Engine& engine, const std::vector<BroadcastTree>& trees,
                               const std::vector<std::size_t>& slice_tree,
                               const std::vector<simgrid::s4u::Host*>& hosts, const ReplayOptions& options);

}  // namespace hbcast
