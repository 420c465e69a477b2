#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <memory>
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

protected:
  TreeBroadcast(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);
  /// Starts the simulated transfers (called once, by start()).
  virtual void launch() = 0;

  /// One transfer to `child` ran over [start_time, finish_time] (absolute times).
  void record_transfer(NodeId child, double start_time, double finish_time);
  /// Warns that the transfer to `child` failed (a link went down): its subtree is not informed.
  void warn_failed_transfer(NodeId child, const simgrid::s4u::Activity& transfer) const;
  /// `node` received its first slice at `time` (absolute).
  void record_first_arrival(NodeId node, double time) { first_arrival_[node] = time; }
  /// `node` has forwarded everything; it held the whole message at `completion` (absolute time).
  void finish_node(NodeId node, double completion);
  /// The absolute time before which the send to `child` must not start, if it is later than
  /// now by more than SimGrid's timing precision.
  std::optional<double> hold_until(NodeId child) const;

  const BroadcastTree tree_;
  const std::vector<simgrid::s4u::Host*> hosts_;
  const ReplayOptions options_;
  const double slice_bytes_;
  const double start_time_;
  const std::vector<double> send_overhead_;  // per node, for one slice (multi-port; 0 one-port)

private:
  double measured_period() const;
  double observed_period(NodeId node) const;

  std::vector<double> incoming_busy_;        // per node: summed durations of its incoming transfers
  std::vector<double> completion_;           // absolute times
  std::vector<double> first_receive_start_;  // per node: absolute start of its first incoming transfer
  std::vector<double> first_arrival_;        // absolute time each node got its first slice
  std::size_t finished_nodes_ = 0;
  std::size_t transfer_count_ = 0;
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;
};

}  // namespace hbcast
