#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/failed_transfer.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hbcast {

/// A multi-tree plan replayed on the loaded platform: slice j follows tree slice_tree[j]
/// (interleave_trees). Every node forwards each slice it holds to that slice's children, the
/// lowest slice index first among those it has taken, keeping its port model (one-port: one send
/// at a time, waited for; multi-port: each send started send_u(L) after the previous). A node
/// receives from every parent while it sends, and whenever its port is free it takes every slice
/// that has arrived, from any parent, as libhbcast_mpi does (MPI_Testsome over a receive posted
/// per slice): a parent's slices to one child end in the order they started.
///
/// Measured: every node's arrival time of every slice. The observed period is, at the node that
/// completes last, the mean inter-arrival after the pipeline fills: (last arrival - arrival of
/// its ceil(K/10)-th slice) / (K - ceil(K/10)); throughput = slice bytes / that.
///
/// options.driver chooses how SimGrid is driven (ReplayDriver, as for single trees): one s4u actor
/// per node with mailboxes (the reference), or state machines advanced by completion callbacks and
/// kernel timers, whose transfers are host-to-host comms (events) or carried by courier actors
/// (couriers). This class holds what they share: the plan, the measurements and the result.
///
/// Faults (a link or host going down, e.g. under a SimGrid state profile) are those of the tree
/// replays: a transfer that fails is noted (the first one names the row), and its sender sends
/// nothing more once its transfers in flight end; a host that goes down fails the transfers in
/// flight to and from it at that instant (the ones to it first, each in start order); a transfer
/// from or to a host that is off, or over a link that is down, fails as it would start. The
/// simulation ends without a deadlock (the actor driver stops a node that can no longer receive a
/// slice it lacks).
class MultiTreeBroadcast : public std::enable_shared_from_this<MultiTreeBroadcast> {
public:
  /// Validates the plan and options, starts the broadcast at the current simulated time and
  /// returns at once.
  static std::shared_ptr<MultiTreeBroadcast> start(std::vector<BroadcastTree> trees,
                                                   std::vector<std::size_t> slice_tree,
                                                   std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);
  virtual ~MultiTreeBroadcast() = default;
  MultiTreeBroadcast(const MultiTreeBroadcast&) = delete;
  MultiTreeBroadcast& operator=(const MultiTreeBroadcast&) = delete;

  bool done() const { return finished_nodes_ == hosts_.size(); }
  /// Blocks the calling actor until every node holds every slice.
  void wait();
  /// The measurements; throws std::logic_error if the broadcast has not finished.
  ReplayResult result() const;
  /// Why an ended simulation left the broadcast unfinished, in one line, as TreeBroadcast says it:
  /// "the transfer a -> c (slice 2 of 4) failed at 0.000500000 s; 2 of 4 hosts without the whole
  /// message: c, d".
  std::string unfinished_report() const;
  /// The driver that runs this broadcast (never automatic).
  ReplayDriver driver() const { return options_.driver; }

protected:
  MultiTreeBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                     std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);
  /// Starts the simulated work (called once, by start()).
  virtual void launch() = 0;
  /// A link went down, in kernel context: the driver notes its transfers in flight across it as
  /// failed, in start order.
  virtual void on_link_down(const simgrid::s4u::Link& link) = 0;
  /// The host of `node` went down, in kernel context (see the class comment).
  virtual void on_host_off(NodeId node) = 0;

  /// `node` holds `slice` since `time` (absolute); once per slice.
  void mark_received(NodeId node, std::size_t slice, double time);
  /// The transfer of `slice` from `from` to `to` failed (`how`): records the first such failure and
  /// warns, once per edge; `from` sends nothing more.
  void note_failed_transfer(NodeId from, NodeId to, std::size_t slice, const std::string& how);
  /// Whether the transfer of `slice` from `from` to `to` may start: both hosts are up and no link of
  /// its route is down. If not, the transfer has failed (noted): SimGrid would assert on a comm
  /// with a host that is off, and fail one over a link that is down before its driver could tag it.
  bool may_start(NodeId from, NodeId to, std::size_t slice);
  /// Why a transfer from `from` to `to` cannot start now (a host off, a link of its route down),
  /// or nullopt.
  std::optional<std::string> why_it_cannot_start(NodeId from, NodeId to) const;
  /// The transfer of `slice` from `from` to `to` starts now: counted, and logged (verbose).
  void note_started_transfer(NodeId from, NodeId to, std::size_t slice);
  /// Whether the route from `from` to `to` crosses `link`.
  bool crosses(NodeId from, NodeId to, const simgrid::s4u::Link& link) const;
  /// `node` holds every slice and has forwarded them: records its delivery.
  void finish_node(NodeId node);

  const std::vector<BroadcastTree> trees_;
  const std::vector<std::size_t> slice_tree_;
  const std::vector<simgrid::s4u::Host*> hosts_;
  const ReplayOptions options_;
  const double slice_bytes_;
  const double start_time_;
  const NodeId root_;
  const std::vector<double> send_overhead_;               // per node, for one slice (multi-port; 0 one-port)
  std::vector<std::vector<double>> arrival_;              // per node, per slice: absolute time it arrived
  std::vector<std::vector<std::uint8_t>> held_;           // per node, per slice: it holds it
  std::vector<std::size_t> held_count_;                   // per node: slices held
  std::vector<std::uint8_t> send_failed_;                 // per node: one of its sends failed
  bool fault_seen_ = false;                               // a transfer failed or a host went down
  std::size_t transfer_count_ = 0;
  std::string driver_note_;  // why the driver could not replay the rest faithfully (unfinished_report)

private:
  friend struct MultiTreeFaults;
  double observed_period(NodeId node) const;

  std::size_t finished_nodes_ = 0;
  std::optional<FailedTransfer> first_failure_;
  std::set<std::pair<NodeId, NodeId>> failed_edges_;  // warned once each
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;
};

/// Replays the plan on the engine's loaded platform from time 0 and runs the simulation to its end
/// (one simulation per process).
ReplayResult replay_multi_tree(simgrid::s4u::Engine& engine, const std::vector<BroadcastTree>& trees,
                               const std::vector<std::size_t>& slice_tree,
                               const std::vector<simgrid::s4u::Host*>& hosts, const ReplayOptions& options);

}  // namespace hbcast
