#pragma once
#include <hbcast/replay/tree_broadcast.hpp>

#include "../eval/slice_forwarding.hpp"
#include "courier_pool.hpp"
#include "host_transfer.hpp"
#include "kernel_waits.hpp"

#include <simgrid/s4u/Comm.hpp>

#include <cstdint>
#include <map>
#include <vector>

namespace hbcast {

/// The replay without actors. Each node is a small state machine (SliceForwarding, which the
/// max-min prediction drives too) that performs exactly the steps of ActorPerHostBroadcast's actor
/// (take slice j, send it to each child in order, one-port: wait for each send; multi-port: wait
/// for the edge's previous slice, then the send overhead), advanced by SimGrid events instead of
/// a stack: transfers are host-to-host comms
/// (Comm::sendto_async) whose ends arrive through the static Activity::on_completion signal, and
/// waits (send start times, multi-port overheads) are kernel timers. Every step runs in kernel
/// context.
///
/// A wait ends as an actor's sleep does in SimGrid: at its date, or at an earlier event less than
/// SimGrid's timing precision (surf/precision) before it, where SimGrid ends the sleep action
/// early. Without that rule, the two replays would differ by up to that precision.
///
/// With ReplayDriver::couriers, transfers go through a CourierPool instead of Comm::sendto_async:
/// the same steps, but a transfer costs O(kCourierLoad) instead of O(transfers in flight) in SimGrid 3.32.
class EventDrivenBroadcast final : public TreeBroadcast, public HostTransferListener {
public:
  EventDrivenBroadcast(BroadcastTree tree, std::vector<simgrid::s4u::Host*> hosts, ReplayOptions options);

  /// The transfer carrying a slice to the node `token` ended (completion callback).
  void on_transfer_end(std::size_t token, const simgrid::s4u::Activity& comm) override;

private:
  friend class SliceForwarding<EventDrivenBroadcast>;
  using Forwarding = SliceForwarding<EventDrivenBroadcast>;

  void launch() override;
  std::weak_ptr<HostTransferListener> transfer_listener();
  void on_host_off(NodeId node) override;
  /// Resumes every node whose wait ends now (at its date or within the timing precision).
  void wake_due_sleepers();
  // The driver of SliceForwarding.
  bool edge_busy(NodeId child) const { return edge_busy_[child] != 0; }
  bool start_transfer(NodeId node, NodeId child);
  /// Nothing yet: the event that stopped the node (the launch, a transfer's end, a timer) may
  /// still start other nodes' transfers, and checks end_couriers_if_stuck once it has.
  void on_stopped(NodeId) {}
  static double now();
  double send_overhead(NodeId node) const { return send_overhead_[node]; }
  void set_timer(double date, NodeId node);
  void on_finished(NodeId node, double last_arrival);
  void retire_if_done();
  void start_couriers();
  void end_couriers_if_stuck();

  Forwarding forwarding_;
  KernelWaits sleepers_;                           // nodes waiting, by the date their wait ends
  std::vector<simgrid::s4u::CommPtr> in_flight_;  // per child node: the comm on its incoming edge (events)
  std::vector<std::uint8_t> edge_busy_;           // per child node: its incoming edge carries a slice
  std::vector<simgrid::s4u::CommPtr> retired_;    // ended comms, freed at the next event (not inside their own callback)
  std::vector<simgrid::s4u::CommPtr> cancelled_;  // kept while SimGrid may still end their actions
  std::shared_ptr<TreeBroadcast> keep_alive_;     // in flight, the broadcast owns itself
  std::shared_ptr<CourierPool> couriers_;         // ReplayDriver::couriers only
  std::size_t courier_transfers_ = 0;             // given to the couriers and not ended yet
};

}  // namespace hbcast
