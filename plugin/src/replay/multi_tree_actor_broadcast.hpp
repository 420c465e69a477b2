#pragma once
#include <hbcast/replay/multi_tree_broadcast.hpp>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hbcast {

/// The multi-tree replay as one s4u actor per node, the reference the other drivers are tested
/// against: a node is the permanent receiver of one mailbox per parent (slices arrive while it
/// sends), keeps a receive posted on each, and takes every slice that has arrived whenever its
/// port is free (MPI_Testsome), or waits for the first (MPI_Waitany). A node that can no longer receive a slice it
/// lacks (every parent that still owes it one has stopped) is stopped too, so that the
/// simulation ends without a deadlock.
class MultiTreeActorBroadcast final : public MultiTreeBroadcast {
public:
  MultiTreeActorBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                          std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  struct Send {
    NodeId from = 0;
    NodeId to = 0;
    std::size_t slice = 0;
    std::uint64_t order = 0;  // start order
    simgrid::s4u::CommPtr comm;
  };

  void launch() override;
  void on_link_down(const simgrid::s4u::Link& link) override;
  void on_host_off(NodeId node) override;
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
  std::vector<const Send*> sends_in_flight() const;
  bool retire(simgrid::s4u::Comm& comm);

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
  std::vector<std::size_t> taken_;                       // per node: slices its actor has taken
  std::vector<std::vector<std::uint8_t>> reachable_;     // per slice, per node (update_reachable)
  std::vector<std::uint8_t> sending_stopped_;            // per node: it will send nothing more
  std::vector<std::uint8_t> waiting_;                    // per node: blocked on its receives, holding nothing
  std::vector<simgrid::s4u::CommPtr> blocked_on_;        // per node: the send its actor waits for
  // Per node, its actor's pid (-1: none, on a host down at the start); not an ActorPtr, which
  // would keep the actor and its code, holding this object, alive (a reference cycle).
  std::vector<aid_t> actors_;
  std::unordered_map<const simgrid::s4u::Activity*, Send> sends_;  // started, not ended
  std::vector<simgrid::s4u::CommPtr> cancelled_;         // kept alive past their callbacks
  std::uint64_t sends_started_ = 0;
};

}  // namespace hbcast
