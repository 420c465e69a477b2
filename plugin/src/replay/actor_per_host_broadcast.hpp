#pragma once
#include <hbcast/replay/tree_broadcast.hpp>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <vector>

namespace hbcast {

/// The reference replay: one s4u actor per node. A node receives slice j (blocking), then sends it
/// to its children in order: one-port with blocking puts, multi-port with asynchronous puts spaced
/// by its send overhead, waiting first for the edge's previous slice. Receivers of several slices
/// are permanent receivers of their mailbox (Mailbox::set_receiver), so no send waits for a
/// matching receive. Costs a stack and context switches per host; EventDrivenBroadcast simulates
/// the same transfers without them. A transfer that fails (a link going down under a state profile)
/// stops its sender, as the events driver's sender that waits for ever: the nodes that can no
/// longer get every slice are stopped too (SimGrid would otherwise list them as deadlocked), and
/// the broadcast ends unfinished.
class ActorPerHostBroadcast final : public TreeBroadcast {
public:
  ActorPerHostBroadcast(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  void launch() override;
  void on_host_off(NodeId node) override;
  /// put_async to `child`, or nullptr when a host of the transfer is off (noted as failed).
  simgrid::s4u::CommPtr start_send(NodeId child, std::size_t slice);
  void run_node(NodeId node);
  void wait_not_before(NodeId child, std::size_t slice) const;
  // The sends return false once a transfer failed.
  bool send_one_port(NodeId node, std::size_t slice);
  bool send_multi_port(NodeId node, std::size_t slice, std::vector<simgrid::s4u::CommPtr>& in_flight);
  bool drain(NodeId node, std::vector<simgrid::s4u::CommPtr>& in_flight);
  bool delivered(NodeId child, simgrid::s4u::Comm& send);
  void give_up(NodeId node, std::vector<simgrid::s4u::CommPtr>& in_flight);
  void stop_subtree(NodeId top);

  std::vector<simgrid::s4u::Mailbox*> mailboxes_;
  std::vector<std::size_t> slice_tokens_;  // payload pointers point here
  // Each node's actor by its pid (-1: none): an ActorPtr here would keep the actor, and with it
  // the code that holds this object, alive after both are done (a reference cycle).
  std::vector<aid_t> actors_;
  std::vector<std::size_t> slices_delivered_;  // to each node
  std::vector<char> stopped_;                  // it gave up, or its actor was killed
  std::vector<simgrid::s4u::CommPtr> incoming_;  // per node: the send in flight to it
  std::vector<simgrid::s4u::CommPtr> cancelled_;  // kept while SimGrid may still end their actions
};

}  // namespace hbcast
