#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/replay/replay_options.hpp>
#include <hbcast/replay/replay_result.hpp>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include <memory>
#include <vector>

namespace hbcast {

/// A broadcast along a given tree, replayed as one s4u actor per node. Any s4u simulation can
/// start one (from an actor or before Engine::run) and wait for it from an actor.
///
/// One-port: a node's sends are sequential (blocking puts, in child order, slice by slice).
/// Multi-port: a node starts each send send_u(L) after the previous one (the host's
/// hbcast/send_latency and hbcast/send_bandwidth properties), and an edge carries one slice at a
/// time. Receivers are permanent receivers of their mailbox (Mailbox::set_receiver), so a node
/// receives slice j+1 while it forwards slice j and no send waits for a matching receive.
class TreeBroadcast {
public:
  /// Validates the tree, creates the actors at the current simulated time and returns at once.
  static std::shared_ptr<TreeBroadcast> start(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts,
                                              ReplayOptions options);

  bool done() const { return finished_nodes_ == tree_.size(); }
  /// Blocks the calling actor until every node holds every slice.
  void wait();
  /// The measurements; throws std::logic_error if the broadcast has not finished.
  ReplayResult result() const;

  struct Private;  // construction goes through start()
  TreeBroadcast(Private, BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  void run_node(NodeId node);
  void wait_not_before(NodeId child) const;
  void send_one_port(NodeId node, std::size_t slice);
  void send_multi_port(NodeId node, std::size_t slice, std::vector<simgrid::s4u::CommPtr>& in_flight);
  void record_transfer(NodeId child, const simgrid::s4u::Comm& comm);
  void finish_node(NodeId node, double completion);
  double measured_period() const;
  double observed_period(NodeId node) const;

  BroadcastTree tree_;
  std::vector<simgrid::s4u::Host*> hosts_;
  ReplayOptions options_;
  double slice_bytes_;
  double start_time_;
  std::vector<simgrid::s4u::Mailbox*> mailboxes_;
  std::vector<std::size_t> slice_tokens_;     // payload pointers point here
  std::vector<double> incoming_busy_;         // per node: summed durations of its incoming transfers
  std::vector<double> completion_;            // absolute times
  std::vector<double> first_receive_start_;   // per node: absolute start of its first incoming transfer
  std::vector<double> first_arrival_;         // absolute time each node got its first slice
  std::vector<double> send_overhead_;         // per node, for one slice (multi-port)
  std::size_t finished_nodes_ = 0;
  std::size_t transfer_count_ = 0;
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr all_done_;
};

}  // namespace hbcast
