#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/failed_transfer.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <optional>
#include <vector>

namespace hbcast {

/// A broadcast along a given tree, replayed on the loaded platform. Any s4u simulation can start
/// one (from an actor or before Engine::run) and wait for it from an actor.
///
/// One-port: a node's sends are sequential (in child order, slice by slice: it forwards slice j
/// to every child before slice j+1). Multi-port: a node starts each send send_u(L) after the
/// previous one (the host's hbcast/send_latency and hbcast/send_bandwidth properties), and an
/// edge carries one slice at a time. A node receives slice j+1 while it forwards slice j, and no
/// send waits for a matching receive. A child with a send start time is not sent to earlier.
///
/// options.driver chooses how SimGrid is driven (ReplayDriver): by completion callbacks without
/// actors, or by one actor per node (the reference). This class holds what both share: the tree,
/// the measurements and the result.
class TreeBroadcast : public std::enable_shared_from_this<TreeBroadcast> {
public:
  /// Validates the tree and options, starts the broadcast at the current simulated time and
  /// returns at once.
  static std::shared_ptr<TreeBroadcast> start(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts,
                                              ReplayOptions options);
  virtual ~TreeBroadcast() = default;
  TreeBroadcast(const TreeBroadcast&) = delete;
  TreeBroadcast& operator=(const TreeBroadcast&) = delete;

  bool done() const { return finished_nodes_ == tree_.size(); }
  /// Blocks the calling actor until every node holds every slice.
  void wait();
  /// The measurements; throws std::logic_error if the broadcast has not finished.
  ReplayResult result() const;
  /// The driver that runs this broadcast (never automatic).
  ReplayDriver driver() const { return options_.driver; }

  /// The first transfer that failed, if any.
  const std::optional<FailedTransfer>& first_failure() const { return first_failure_; }
  /// The nodes that do not hold every slice, in node order (the root holds them all).
  std::vector<NodeId> uninformed_nodes() const;
  /// Why an ended simulation left the broadcast unfinished, in one line: the first failed
  /// transfer (hosts, slice, time) and the hosts without the whole message, e.g. "the transfer
  /// a -> c (slice 2 of 4) failed at 0.000500000 s; 2 of 4 hosts without the whole message: c, d".
  std::string unfinished_report() const;

protected:
  TreeBroadcast(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);
  /// Starts the simulated transfers (called once, by start()).
  virtual void launch() = 0;

  /// One transfer to `child` ran over [start_time, finish_time] (absolute times).
  void record_transfer(NodeId child, double start_time, double finish_time);
  /// The transfer of slice `slice` to `child` failed (a link or host went down; `how`: SimGrid's
  /// state of the comm, or why it could not start): records the first such failure and warns,
  /// once per edge; the child's subtree is not informed.
  void note_failed_transfer(NodeId child, std::size_t slice, const std::string& how);
  /// Whether the transfer of slice `slice` to `child` may start: both hosts are up. If not, the
  /// transfer has failed (noted): SimGrid would assert on a comm with a host that is off.
  bool hosts_up(NodeId child, std::size_t slice);
  /// A host of this broadcast went down (a state profile, Host::turn_off), in kernel context:
  /// the driver notes the transfers in flight to and from `node` as failed (its incoming one
  /// first, then its children's in send order, so that every driver names the same one first)
  /// and ends them at once. SimGrid itself would
  /// fail some of them only when their bytes had arrived, or never (a host-to-host comm whose
  /// receiver is a parked actor), so that every driver reports the failure at the same instant.
  virtual void on_host_off(NodeId node) = 0;
  /// Slices `node` holds (the root: all).
  std::size_t slices_held(NodeId node) const;
  /// Why the driver could not replay the rest faithfully; appended to unfinished_report().
  void set_driver_note(std::string note) { driver_note_ = std::move(note); }
  /// `node` received its first slice at `time` (absolute).
  void record_first_arrival(NodeId node, double time) { first_arrival_[node] = time; }
  /// `node` has forwarded everything; it held the whole message at `completion` (absolute time).
  void finish_node(NodeId node, double completion);
  /// The absolute time before which the send of slice `slice` to `child` must not start
  /// (BroadcastTree::slice_not_before), if it is later than now by more than SimGrid's timing
  /// precision.
  std::optional<double> hold_until(NodeId child, std::size_t slice) const;

  const BroadcastTree tree_;
  const std::vector<NodeId> parent_;  // tree_.parents(), asked once per transfer
  const std::vector<simgrid::s4u::Host*> hosts_;
  const ReplayOptions options_;
  const double slice_bytes_;
  const double start_time_;
  const std::vector<double> send_overhead_;  // per node, for one slice (multi-port; 0 one-port)

private:
  friend void dispatch_host_off(const simgrid::s4u::Host& host);
  double measured_period() const;
  double observed_period(NodeId node) const;

  std::vector<double> incoming_busy_;        // per node: summed durations of its incoming transfers
  std::vector<double> completion_;           // absolute times
  std::vector<double> first_receive_start_;  // per node: absolute start of its first incoming transfer
  std::vector<double> first_arrival_;        // absolute time each node got its first slice
  std::vector<std::uint8_t> finished_;       // per node: holds every slice and forwarded them
  std::vector<std::size_t> received_;        // per node: slices delivered to it
  std::vector<std::uint8_t> failed_edge_;    // per node: the transfer to it failed (noted once)
  std::optional<FailedTransfer> first_failure_;
  std::string driver_note_;
  std::size_t finished_nodes_ = 0;
  std::size_t transfer_count_ = 0;
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;
};

}  // namespace hbcast
