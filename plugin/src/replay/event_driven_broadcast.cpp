#include "event_driven_broadcast.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/simix.hpp>
#include <xbt/log.h>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(hbcast_replay);

namespace sg4 = simgrid::s4u;

namespace hbcast {

EventDrivenBroadcast::EventDrivenBroadcast(BroadcastTree tree, std::vector<sg4::Host*> hosts, ReplayOptions options)
    : TreeBroadcast(std::move(tree), std::move(hosts), std::move(options))
    , forwarding_(tree_, options_.slices, options_.port, start_time_, *this)
    , in_flight_(tree_.size())
    , edge_busy_(tree_.size(), 0)
{
}

void EventDrivenBroadcast::launch()
{
  keep_alive_ = shared_from_this();
  if (options_.driver == ReplayDriver::couriers)
    start_couriers();
  // From an actor, the first sends and timers must still be made in kernel context.
  simgrid::kernel::actor::simcall_answered([this] {
    forwarding_.advance(tree_.root());
    end_couriers_if_stuck();  // a root that is down sends nothing
  });
}

void EventDrivenBroadcast::start_couriers()
{
  couriers_ = std::make_shared<CourierPool>([weak = weak_from_this()](std::size_t child, const sg4::Comm& comm) {
    if (auto owner = weak.lock())
      static_cast<EventDrivenBroadcast&>(*owner).on_transfer_end(child, comm);
  });
}

bool EventDrivenBroadcast::start_transfer(NodeId node, NodeId child)
{
  edge_busy_[child] = 1;
  if (!hosts_up(child, forwarding_.node(child).received))  // as the actor's sender: it stops here
    return false;
  if (couriers_) {
    couriers_->send(hosts_[node], hosts_[child], slice_bytes_, child);
    ++courier_transfers_;
  } else {
    in_flight_[child] = start_host_transfer(hosts_[node], hosts_[child], slice_bytes_, transfer_listener(), child);
  }
  return true;
}

double EventDrivenBroadcast::now()
{
  return sg4::Engine::get_clock();
}

void EventDrivenBroadcast::on_finished(NodeId node, double last_arrival)
{
  finish_node(node, last_arrival);
  retire_if_done();
}

std::weak_ptr<HostTransferListener> EventDrivenBroadcast::transfer_listener()
{
  return std::static_pointer_cast<EventDrivenBroadcast>(shared_from_this());
}

void EventDrivenBroadcast::on_transfer_end(std::size_t token, const sg4::Activity& comm)
{
  const auto child = static_cast<NodeId>(token);
  retired_.clear();  // the comms retired earlier are out of their callbacks by now
  if (couriers_)
    --courier_transfers_;
  if (comm.get_state() != sg4::Activity::State::FINISHED) {
    if (in_flight_[child])
      retired_.push_back(std::move(in_flight_[child]));  // the edge stays busy: its sender waits for ever
    note_failed_transfer(child, forwarding_.node(child).received, comm.get_state_str());
    end_couriers_if_stuck();
    return;
  }
  edge_busy_[child] = 0;
  if (in_flight_[child])  // events: a comm of ours, freed at the next event; couriers keep theirs
    retired_.push_back(std::move(in_flight_[child]));
  record_transfer(child, comm.get_start_time(), comm.get_finish_time());
  const double arrival = comm.get_finish_time();
  const std::uint32_t received = forwarding_.deliver(child, arrival);
  if (received == 1)
    record_first_arrival(child, arrival);
  XBT_VERB("%s holds slice %u at %.9f", hosts_[child]->get_cname(), received - 1, arrival);
  forwarding_.advance(child);
  forwarding_.advance(forwarding_.parent(child));
  wake_due_sleepers();
  end_couriers_if_stuck();
}

// A failed transfer leaves its sender waiting for ever, and the broadcast unfinished: once no
// transfer is in flight and no timer is set, nothing can happen any more, so the couriers end
// (waiting, SimGrid would report them deadlocked) and the simulation with them. Checked after
// every transfer's end and every timer.
void EventDrivenBroadcast::end_couriers_if_stuck()
{
  if (couriers_ && courier_transfers_ == 0 && sleepers_.empty() && !done())
    couriers_->close();
}

void EventDrivenBroadcast::on_host_off(NodeId node)
{
  const std::string how = "host " + hosts_[node]->get_name() + " went down";
  std::vector<NodeId> edges;  // the node's incoming edge, then its children's, in send order
  if (node != tree_.root())
    edges.push_back(node);
  edges.insert(edges.end(), tree_.children(node).begin(), tree_.children(node).end());
  for (NodeId child : edges)
    if (edge_busy_[child])  // in flight (or failed before: noted once)
      note_failed_transfer(child, forwarding_.node(child).received, how);
  if (couriers_) {
    if (!couriers_->cancel_transfers_of(*hosts_[node])) {
      set_driver_note(CourierPool::kLostCourierNote);
      couriers_->close();  // nothing more can be known: end the couriers, and SimGrid with them
    }
    return;
  }
  for (NodeId child : edges)
    if (in_flight_[child] && in_flight_[child]->get_state() == sg4::Activity::State::STARTED) {
      cancelled_.push_back(in_flight_[child]);
      in_flight_[child]->cancel();  // its end comes back through on_transfer_end, failed
    }
}

void EventDrivenBroadcast::wake_due_sleepers()
{
  end_due_waits(sleepers_, [this](NodeId node) { forwarding_.wake(node); });
  end_couriers_if_stuck();  // a sender woken after its transfer failed may find nothing to send
}

void EventDrivenBroadcast::set_timer(double date, NodeId node)
{
  sleepers_.emplace(date, node);
  // The timer owns the broadcast: it may fire after its node was woken early and the broadcast ended.
  simgrid::kernel::timer::Timer::set(
      date, [self = shared_from_this()] { static_cast<EventDrivenBroadcast&>(*self).wake_due_sleepers(); });
}

void EventDrivenBroadcast::retire_if_done()
{
  if (!done())
    return;
  if (couriers_)
    couriers_->close();
  release_after_callbacks(std::move(keep_alive_));
}

}  // namespace hbcast
