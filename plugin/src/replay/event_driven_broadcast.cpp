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
    , nodes_(tree_.size())
    , parents_(tree_.parents())
    , in_flight_(tree_.size())
    , edge_busy_(tree_.size(), 0)
{
  nodes_[tree_.root()].received = static_cast<std::uint32_t>(options_.slices);
  nodes_[tree_.root()].last_arrival = start_time_;
}

void EventDrivenBroadcast::launch()
{
  keep_alive_ = shared_from_this();
  if (options_.driver == ReplayDriver::couriers)
    start_couriers();
  // From an actor, the first sends and timers must still be made in kernel context.
  simgrid::kernel::actor::simcall_answered([this] { advance(tree_.root()); });
}

void EventDrivenBroadcast::start_couriers()
{
  couriers_ = std::make_shared<CourierPool>([weak = weak_from_this()](std::size_t child, const sg4::Comm& comm) {
    if (auto owner = weak.lock())
      static_cast<EventDrivenBroadcast&>(*owner).on_transfer_end(child, comm);
  });
}

void EventDrivenBroadcast::advance(NodeId node)
{
  NodeState& state = nodes_[node];
  const auto& children = tree_.children(node);
  for (;;) {
    switch (state.step) {
      case Step::wait_slice:
        if (state.slice == options_.slices) {
          state.step = Step::draining;
        } else if (state.received > state.slice) {
          state.step = Step::sending;
          state.next_child = 0;
        } else {
          return;  // the arrival of the slice resumes it
        }
        break;
      case Step::sending:
        if (state.next_child == children.size()) {
          ++state.slice;
          state.step = Step::wait_slice;
        } else if (edge_busy_[children[state.next_child]]) {
          return;  // multi-port: the edge carries one slice at a time; its end resumes the node
        } else if (auto until = hold_until(children[state.next_child], state.slice)) {
          state.step = Step::hold;
          set_timer(*until, node);
          return;
        } else if (!send_next(node)) {
          return;
        }
        break;
      case Step::draining:
        if (state.outgoing > 0)
          return;
        state.step = Step::finished;
        finish_node(node, state.last_arrival);
        retire_if_done();
        return;
      default:  // wait_send, hold, overhead: an event resumes it; finished
        return;
    }
  }
}

bool EventDrivenBroadcast::send_next(NodeId node)
{
  NodeState& state = nodes_[node];
  const NodeId child = tree_.children(node)[state.next_child++];
  edge_busy_[child] = 1;
  if (!hosts_up(child, nodes_[child].received)) {  // as the actor's sender: it stops here
    state.step = Step::stopped;
    end_couriers_if_stuck();
    return false;
  }
  if (couriers_) {
    couriers_->send(hosts_[node], hosts_[child], slice_bytes_, child);
    ++courier_transfers_;
  } else {
    in_flight_[child] = start_host_transfer(hosts_[node], hosts_[child], slice_bytes_, transfer_listener(), child);
  }
  ++state.outgoing;
  if (options_.port == PortModel::one_port) {
    state.step = Step::wait_send;
    return false;
  }
  if (send_overhead_[node] > 0.0) {
    state.step = Step::overhead;
    set_timer(sg4::Engine::get_clock() + send_overhead_[node], node);
    return false;
  }
  state.step = Step::sending;
  return true;
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
    note_failed_transfer(child, nodes_[child].received, comm.get_state_str());
    end_couriers_if_stuck();
    return;
  }
  edge_busy_[child] = 0;
  if (in_flight_[child])  // events: a comm of ours, freed at the next event; couriers keep theirs
    retired_.push_back(std::move(in_flight_[child]));
  record_transfer(child, comm.get_start_time(), comm.get_finish_time());
  NodeState& receiver = nodes_[child];
  ++receiver.received;
  receiver.last_arrival = comm.get_finish_time();
  if (receiver.received == 1)
    record_first_arrival(child, receiver.last_arrival);
  XBT_VERB("%s holds slice %u at %.9f", hosts_[child]->get_cname(), receiver.received - 1, receiver.last_arrival);
  NodeState& sender = nodes_[parents_[child]];
  --sender.outgoing;
  if (sender.step == Step::wait_send)
    sender.step = Step::sending;
  advance(child);
  advance(parents_[child]);
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
      note_failed_transfer(child, nodes_[child].received, how);
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
  end_due_waits(sleepers_, [this](NodeId node) { wake(node); });
  end_couriers_if_stuck();  // a sender woken after its transfer failed may find nothing to send
}

void EventDrivenBroadcast::wake(NodeId node)
{
  NodeState& state = nodes_[node];
  if (state.step == Step::stopped)
    return;
  if (state.step == Step::hold) {  // as the actor does: send once the start time has come
    if (!send_next(node))
      return;
  } else {
    state.step = Step::sending;
  }
  advance(node);
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
