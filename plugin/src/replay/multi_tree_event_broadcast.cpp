#include "multi_tree_event_broadcast.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/simix.hpp>

#include <algorithm>

namespace sg4 = simgrid::s4u;

namespace hbcast {

MultiTreeEventBroadcast::MultiTreeEventBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                                                 std::vector<sg4::Host*> hosts, ReplayOptions options)
    : MultiTreeBroadcast(std::move(trees), std::move(slice_tree), std::move(hosts), std::move(options))
    , nodes_(hosts_.size())
{
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    nodes_[root_].held.push(slice);
  nodes_[root_].taken = options_.slices;
  for (NodeId node = 0; node < hosts_.size(); ++node)
    if (!hosts_[node]->is_on())
      nodes_[node].step = Step::stopped;  // as the actor driver, which has no actor there
}

void MultiTreeEventBroadcast::launch()
{
  keep_alive_ = shared_from_this();
  if (options_.driver == ReplayDriver::couriers)
    couriers_ = std::make_shared<CourierPool>([weak = weak_from_this()](std::size_t token, const sg4::Comm& comm) {
      if (auto owner = weak.lock())
        static_cast<MultiTreeEventBroadcast&>(*owner).on_transfer_end(token, comm);
    });
  // From an actor, the timers must still be set in kernel context.
  simgrid::kernel::actor::simcall_answered([this] {
    for (NodeId node = 0; node < hosts_.size(); ++node)
      mark_ready(node);
  });
}

void MultiTreeEventBroadcast::mark_ready(NodeId node)
{
  NodeState& state = nodes_[node];
  if (state.ready)
    return;
  state.ready = true;
  ready_.push_back(node);
  if (pass_set_)
    return;
  pass_set_ = true;
  simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [weak = weak_from_this()] {
    if (auto self = weak.lock())
      static_cast<MultiTreeEventBroadcast&>(*self).run_pass();
  });
}

void MultiTreeEventBroadcast::run_pass()
{
  pass_set_ = false;
  ++pass_;
  std::vector<NodeId> ready;
  ready.swap(ready_);
  for (std::size_t rank = 0; rank < ready.size(); ++rank) {
    NodeState& state = nodes_[ready[rank]];
    state.ready = false;
    // A node's actor, as it starts, makes itself its mailbox's receiver and posts a receive.
    state.simcalls = pass_ == 1 && ready[rank] != root_ ? 2 : 0;
    state.rank = rank;
    advance(ready[rank]);
  }
  start_queued_transfers();
  end_if_stuck();
}

void MultiTreeEventBroadcast::advance(NodeId node)
{
  NodeState& state = nodes_[node];
  for (;;) {
    switch (state.step) {
      case Step::wait_receive:
        if (ParentInbox* inbox = first_ended(node)) {
          take_first(node, *inbox);
          state.step = Step::taking;
          break;
        }
        return;  // still waiting
      case Step::taking:
        if (state.forwarded == options_.slices || send_failed_[node]) {
          state.step = Step::draining;
          break;
        }
        take_ended(node);
        if (state.held.empty()) {
          state.step = Step::wait_receive;  // the end of its inbox's first transfer resumes it
          state.receive_wait = {pass_, ++state.simcalls, state.rank};
          return;
        }
        state.slice = state.held.top();
        state.held.pop();
        state.next_child = 0;
        state.step = Step::sending;
        break;
      case Step::sending:
        if (!send_next(node))
          return;
        break;
      case Step::draining:
        if (state.outgoing > 0)
          return;
        if (send_failed_[node]) {
          state.step = Step::stopped;
          return;
        }
        state.step = Step::finished;
        finish_node(node);
        if (done()) {
          if (couriers_)
            couriers_->close();
          release_after_callbacks(std::move(keep_alive_));
        }
        return;
      default:  // wait_send, overhead: an event resumes it; finished, stopped
        return;
    }
  }
}

MultiTreeEventBroadcast::ParentInbox* MultiTreeEventBroadcast::first_ended(NodeId node)
{
  for (ParentInbox& inbox : nodes_[node].inboxes)
    if (!inbox.transfers.empty() && transfers_[inbox.transfers.front()].ended)
      return &inbox;
  return nullptr;
}

void MultiTreeEventBroadcast::take_first(NodeId node, ParentInbox& inbox)
{
  NodeState& state = nodes_[node];
  const Transfer& transfer = transfers_[inbox.transfers.front()];
  if (transfer.delivered) {
    state.held.push(transfer.slice);
    ++state.taken;
  }
  inbox.transfers.pop_front();
  if (state.taken < options_.slices)
    ++state.simcalls;  // its next receive there
}

void MultiTreeEventBroadcast::take_ended(NodeId node)
{
  NodeState& state = nodes_[node];
  for (ParentInbox& inbox : state.inboxes)
    while (state.taken < options_.slices) {  // a receive is posted there: tested
      ++state.simcalls;
      if (inbox.transfers.empty() || !transfers_[inbox.transfers.front()].ended)
        break;
      take_first(node, inbox);
    }
}

bool MultiTreeEventBroadcast::send_next(NodeId node)
{
  NodeState& state = nodes_[node];
  const auto& children = trees_[slice_tree_[state.slice]].children(node);
  if (send_failed_[node]) {
    state.step = Step::draining;
    return true;
  }
  if (state.next_child == children.size()) {
    ++state.forwarded;
    state.step = Step::taking;
    return true;
  }
  const NodeId child = children[state.next_child++];
  if (auto failure = why_it_cannot_start(node, child)) {  // it sends nothing more
    queue_transfer(node, child, state.slice, std::move(failure));
    send_failed_[node] = 1;
    state.step = Step::draining;
    return true;
  }
  queue_transfer(node, child, state.slice, std::nullopt);
  if (options_.port == PortModel::one_port) {
    state.step = Step::wait_send;
    return false;
  }
  if (send_overhead_[node] > 0.0) {
    state.step = Step::overhead;
    sleep_until(sg4::Engine::get_clock() + send_overhead_[node], node);
    return false;
  }
  return true;
}

void MultiTreeEventBroadcast::queue_transfer(NodeId from, NodeId to, std::size_t slice,
                                             std::optional<std::string> failure)
{
  NodeState& sender = nodes_[from];
  if (failure) {  // the actor finds it before its put, in the round of that simcall
    queued_.push_back(PendingStart{sender.simcalls + 1, sender.rank, from, to, slice, std::move(*failure)});
    return;
  }
  queued_.push_back(PendingStart{++sender.simcalls, sender.rank, from, to, slice, std::string()});
  ++sender.outgoing;
}

void MultiTreeEventBroadcast::start_queued_transfers()
{
  std::stable_sort(queued_.begin(), queued_.end(), [](const PendingStart& a, const PendingStart& b) {
    return std::tie(a.simcalls, a.rank) < std::tie(b.simcalls, b.rank);
  });
  for (const PendingStart& start : queued_) {
    if (!start.failure.empty()) {
      note_failed_transfer(start.from, start.to, start.slice, start.failure);
      continue;
    }
    const std::size_t token = transfers_.size();
    // A one-port sender waits for it at once (its next simcall).
    transfers_.push_back(Transfer{start.from, start.to, start.slice, false, false, nullptr,
                                  {pass_, start.simcalls + 1, start.rank}});
    in_flight_.insert(in_flight_.end(), token);
    auto& inboxes = nodes_[start.to].inboxes;
    auto inbox = std::find_if(inboxes.begin(), inboxes.end(),
                              [&start](const ParentInbox& candidate) { return candidate.parent == start.from; });
    if (inbox == inboxes.end())
      inbox = inboxes.insert(inboxes.end(), ParentInbox{start.from, {}});
    inbox->transfers.push_back(token);
    note_started_transfer(start.from, start.to, start.slice);
    if (couriers_)
      couriers_->send(hosts_[start.from], hosts_[start.to], slice_bytes_, token);
    else
      transfers_[token].comm = start_host_transfer(
          hosts_[start.from], hosts_[start.to], slice_bytes_,
          std::static_pointer_cast<MultiTreeEventBroadcast>(shared_from_this()), token);
  }
  queued_.clear();
}

void MultiTreeEventBroadcast::on_transfer_end(std::size_t token, const sg4::Activity& comm)
{
  retired_.clear();  // the comms retired earlier are out of their callbacks by now
  Transfer& transfer = transfers_[token];
  if (transfer.ended)
    return;
  transfer.ended = true;
  in_flight_.erase(token);
  if (transfer.comm)
    retired_.push_back(std::move(transfer.comm));
  NodeState& sender = nodes_[transfer.from];
  --sender.outgoing;
  if (comm.get_state() == sg4::Activity::State::FINISHED) {
    transfer.delivered = true;
    mark_received(transfer.to, transfer.slice, comm.get_finish_time());
  } else {
    note_failed_transfer(transfer.from, transfer.to, transfer.slice, comm.get_state_str());
  }
  if (sender.step == Step::wait_send)
    sender.step = Step::sending;
  // SimGrid wakes the actors waiting for a transfer in the order they began waiting.
  const NodeState& receiver = nodes_[transfer.to];
  if (receiver.step == Step::wait_receive && receiver.receive_wait < transfer.sender_wait) {
    mark_ready(transfer.to);
    mark_ready(transfer.from);
  } else {
    mark_ready(transfer.from);
    mark_ready(transfer.to);
  }
  wake_due_sleepers();
}

void MultiTreeEventBroadcast::on_link_down(const sg4::Link& link)
{
  for (std::size_t token : in_flight_) {
    const Transfer& transfer = transfers_[token];
    if (crosses(transfer.from, transfer.to, link))
      note_failed_transfer(transfer.from, transfer.to, transfer.slice, "link " + link.get_name() + " went down");
  }
}

void MultiTreeEventBroadcast::on_host_off(NodeId node)
{
  const std::string how = "host " + hosts_[node]->get_name() + " went down";
  std::vector<std::size_t> ended;  // its incoming transfers in flight, then its outgoing ones, each in start order
  for (std::size_t token : in_flight_)
    if (transfers_[token].to == node)
      ended.push_back(token);
  for (std::size_t token : in_flight_)
    if (transfers_[token].from == node)
      ended.push_back(token);
  for (std::size_t token : ended)
    note_failed_transfer(transfers_[token].from, transfers_[token].to, transfers_[token].slice, how);
  nodes_[node].step = Step::stopped;
  if (couriers_) {
    if (!couriers_->cancel_transfers_of(*hosts_[node])) {
      driver_note_ = CourierPool::kLostCourierNote;
      couriers_->close();  // nothing more can be known: end the couriers, and SimGrid with them
    }
    return;
  }
  for (std::size_t token : ended)
    if (const sg4::CommPtr& comm = transfers_[token].comm; comm && comm->get_state() == sg4::Activity::State::STARTED) {
      cancelled_.push_back(comm);
      comm->cancel();  // its end comes back through on_transfer_end, failed
    }
}

void MultiTreeEventBroadcast::sleep_until(double date, NodeId node)
{
  sleepers_.emplace(date, node);
  simgrid::kernel::timer::Timer::set(date, [weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      auto& broadcast = static_cast<MultiTreeEventBroadcast&>(*self);
      broadcast.wake_due_sleepers();
      broadcast.end_if_stuck();
    }
  });
}

void MultiTreeEventBroadcast::wake_due_sleepers()
{
  end_due_waits(sleepers_, [this](NodeId node) {
    if (nodes_[node].step == Step::overhead) {
      nodes_[node].step = Step::sending;
      mark_ready(node);
    }
  });
}

void MultiTreeEventBroadcast::end_if_stuck()
{
  if (!in_flight_.empty() || !sleepers_.empty() || pass_set_ || done() || !keep_alive_)
    return;
  if (couriers_)
    couriers_->close();
  release_after_callbacks(std::move(keep_alive_));
}

}  // namespace hbcast
