#pragma once
#include <hbcast/replay/tree_broadcast.hpp>

#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <vector>

namespace hbcast {

/// The reference replay: one s4u actor per node. A node receives slice j (blocking), then sends it
/// to its children in order: one-port with blocking puts, multi-port with asynchronous puts spaced
/// by its send overhead, waiting first for the edge's previous slice. Receivers of several slices
/// are permanent receivers of their mailbox (Mailbox::set_receiver), so no send waits for a
/// matching receive. Costs a stack and context switches per host; EventDrivenBroadcast simulates
/// the same transfers without them.
class ActorPerHostBroadcast final : public TreeBroadcast {
public:
  ActorPerHostBroadcast(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

private:
  void launch() override;
  void run_node(NodeId node);
  void wait_not_before(NodeId child) const;
  void send_one_port(NodeId node, std::size_t slice);
  void send_multi_port(NodeId node, std::size_t slice, std::vector<simgrid::s4u::CommPtr>& in_flight);
  void record(NodeId child, const simgrid::s4u::Comm& comm);

  std::vector<simgrid::s4u::Mailbox*> mailboxes_;
  std::vector<std::size_t> slice_tokens_;  // payload pointers point here
};

}  // namespace hbcast
