#pragma once
#include <hbcast/replay/multi_tree_broadcast.hpp>

#include "courier_pool.hpp"
#include "host_transfer.hpp"
#include "kernel_waits.hpp"

#include <simgrid/s4u/Comm.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <queue>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace hbcast {

/// The multi-tree replay without an actor per node. Each node is a small state machine that
/// performs exactly the steps of MultiTreeActorBroadcast's actor (take the slices that have
/// arrived from every parent; forward the lowest one to its children in its
/// tree: one-port, waiting for each send; multi-port, with the send overhead after each; once all
/// are forwarded, wait for its last sends), advanced by SimGrid events instead of a stack.
/// Transfers are host-to-host comms whose ends come back through completion callbacks
/// (start_host_transfer), or, with ReplayDriver::couriers, are carried by a CourierPool, as in the
/// tree replays' EventDrivenBroadcast; waits are kernel timers.
///
/// The actors decide only once every transfer ending at an instant has ended (SimGrid ends them
/// all before it runs an actor), so the state machines do too: an event marks its nodes ready, and
/// a kernel timer at the same date advances them (a pass). Which slice a node takes next follows
/// the order in which its incoming transfers started, so transfers that start at one instant start
/// in the actors' order: an actor runs until its next simcall (a put, a test, a posted receive)
/// and the simcalls of one scheduling round are handled in the order the actors ran, so a pass
/// counts each node's simcalls as its actor would make them and starts the transfers by that count,
/// then by the order the nodes woke. A wait ends as an actor's sleep does: at its date, or at an
/// earlier event less than SimGrid's timing precision before it.
class MultiTreeEventBroadcast final : public MultiTreeBroadcast, public HostTransferListener {
public:
  MultiTreeEventBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                          std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

  /// The transfer `token` (an index into transfers_) ended.
  void on_transfer_end(std::size_t token, const simgrid::s4u::Activity& comm) override;

private:
  enum class Step : std::uint8_t {
    taking,     // takes what has arrived and picks the lowest slice held
    wait_receive,  // holds nothing to forward: waits for the first transfer of its inbox
    sending,    // forwarding `slice` to its children from `next_child` on
    wait_send,  // one-port: its send is in flight
    overhead,   // multi-port: busy with the send overhead of its last send
    draining,   // forwarded everything it will; waits for its sends in flight
    finished,
    stopped,    // one of its sends failed, or its host went down: it sends nothing more
  };
  struct Transfer {
    NodeId from = 0;
    NodeId to = 0;
    std::size_t slice = 0;
    bool ended = false;
    bool delivered = false;
    simgrid::s4u::CommPtr comm;  // events only, until it ends
    /// When its sender's actor would wait for it (one-port): the pass, the simcall count, the rank.
    std::tuple<std::uint64_t, std::size_t, std::size_t> sender_wait;
  };
  struct PendingStart {  // a transfer a pass starts once every node has advanced
    std::size_t simcalls;  // its sender's simcalls in the pass, the put included
    std::size_t rank;      // its sender's place in the pass
    NodeId from;
    NodeId to;
    std::size_t slice;
    std::string failure;   // why it cannot start (noted in this order too), or empty
  };
  struct ParentInbox {  // the transfers from one parent not taken yet, in start order
    NodeId parent = 0;
    std::deque<std::size_t> transfers;
  };
  struct NodeState {
    std::vector<ParentInbox> inboxes;  // one per parent, in the order their first transfers started
    std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> held;  // taken, not forwarded
    std::size_t slice = 0;          // being forwarded
    std::size_t next_child = 0;     // index into its children in the slice's tree
    std::size_t forwarded = 0;      // slices forwarded to all their children
    std::size_t outgoing = 0;       // its sends in flight
    std::size_t taken = 0;          // slices taken (the root: all)
    Step step = Step::taking;
    bool ready = false;             // marked for the next pass
    std::size_t simcalls = 0;       // what its actor would have made in this pass so far
    std::size_t rank = 0;           // its place in this pass
    /// When it began waiting for a receive: the pass, the simcall count, the rank.
    std::tuple<std::uint64_t, std::size_t, std::size_t> receive_wait;
  };

  void launch() override;
  void on_link_down(const simgrid::s4u::Link& link) override;
  void on_host_off(NodeId node) override;
  void advance(NodeId node);
  /// Takes the first transfer of one of its inboxes (ended): its slice if delivered; the actor
  /// posts its next receive there.
  void take_first(NodeId node, ParentInbox& inbox);
  /// The actor's tests of its posted receives (MPI_Testsome): takes, from every parent, the first
  /// transfers while they have ended.
  void take_ended(NodeId node);
  /// The first transfer from a parent that has ended (what the actor's wait_any returns), or null.
  ParentInbox* first_ended(NodeId node);
  /// The next send of the slice being forwarded; false if the node must now wait for an event.
  bool send_next(NodeId node);
  /// Queues the transfer for start_queued_transfers, or its failure if it cannot start (noted
  /// there, in the actors' order).
  void queue_transfer(NodeId from, NodeId to, std::size_t slice, std::optional<std::string> failure);
  /// Starts the transfers queued by the pass, in the actors' order.
  void start_queued_transfers();
  void mark_ready(NodeId node);
  void run_pass();
  void sleep_until(double date, NodeId node);
  /// Marks ready every node whose wait ends now (at its date or within the timing precision).
  void wake_due_sleepers();
  /// Once nothing is in flight, waiting or ready and the broadcast is unfinished, nothing can
  /// happen any more: the couriers end (waiting, SimGrid would report them deadlocked), and the
  /// broadcast no longer owns itself.
  void end_if_stuck();

  std::vector<Transfer> transfers_;
  std::set<std::size_t> in_flight_;        // transfers started and not ended, in start order
  std::vector<NodeState> nodes_;
  std::vector<NodeId> ready_;              // marked for the next pass, in the order marked
  bool pass_set_ = false;                  // a timer at the current date runs the pass
  std::uint64_t pass_ = 0;                 // passes run
  std::vector<PendingStart> queued_;       // the transfers this pass starts
  KernelWaits sleepers_;                   // nodes in their send overhead, by the date it ends
  std::vector<simgrid::s4u::CommPtr> retired_;    // ended comms, freed at the next end (not inside their callback)
  std::vector<simgrid::s4u::CommPtr> cancelled_;  // kept while SimGrid may still end their actions
  std::shared_ptr<CourierPool> couriers_;         // ReplayDriver::couriers only
  std::shared_ptr<MultiTreeBroadcast> keep_alive_;  // in flight, the broadcast owns itself
};

}  // namespace hbcast
