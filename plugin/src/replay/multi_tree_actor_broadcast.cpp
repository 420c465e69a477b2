#include "multi_tree_actor_broadcast.hpp"

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <functional>
#include <queue>

namespace sg4 = simgrid::s4u;

namespace hbcast {

MultiTreeActorBroadcast::MultiTreeActorBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                                                 std::vector<sg4::Host*> hosts, ReplayOptions options)
    : MultiTreeBroadcast(std::move(trees), std::move(slice_tree), std::move(hosts), std::move(options))
    , slice_tokens_(options_.slices)
    , taken_(hosts_.size(), 0)
    , sending_stopped_(hosts_.size(), 0)
    , waiting_(hosts_.size(), 0)
    , blocked_on_(hosts_.size())
    , actors_(hosts_.size(), -1)
{
  inboxes_.resize(hosts_.size());
  std::vector<std::size_t> tree_slices(trees_.size(), 0);
  for (std::size_t t : slice_tree_)
    ++tree_slices[t];
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    const BroadcastTree& tree = trees_[t];
    for (NodeId node = 0; node < hosts_.size() && tree_slices[t] > 0; ++node)
      for (NodeId child : tree.children(node)) {
        auto& inboxes = inboxes_[child];
        auto it = std::find_if(inboxes.begin(), inboxes.end(), [node](const Inbox& inbox) { return inbox.parent == node; });
        if (it == inboxes.end()) {
          it = inboxes.insert(inboxes.end(), Inbox{});
          it->parent = node;
          it->mailbox = sg4::Mailbox::by_name(options_.name + "/" + std::to_string(node) + ">" + std::to_string(child));
        }
        it->expected += tree_slices[t];
      }
  }
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    slice_tokens_[slice] = slice;
  taken_[root_] = options_.slices;
}

void MultiTreeActorBroadcast::launch()
{
  auto self = std::static_pointer_cast<MultiTreeActorBroadcast>(shared_from_this());
  for (NodeId node = 0; node < hosts_.size(); ++node) {
    if (hosts_[node]->is_on())
      actors_[node] = sg4::Actor::create(options_.name + ":" + std::to_string(node), hosts_[node],
                                         [self, node] { self->run_node(node); })
                          ->get_pid();
    else
      sending_stopped_[node] = 1;  // SimGrid refuses an actor there; its senders' transfers fail
  }
}

// The sends started and not yet ended, in start order: SimGrid has not ended their transfers
// (an actor learns of an end only when it waits for it).
std::vector<const MultiTreeActorBroadcast::Send*> MultiTreeActorBroadcast::sends_in_flight() const
{
  std::vector<const Send*> sends;
  for (const auto& [activity, send] : sends_)
    if (send.comm->get_state() == sg4::Activity::State::STARTED && send.comm->get_remaining() > 0.0)
      sends.push_back(&send);
  std::sort(sends.begin(), sends.end(), [](const Send* a, const Send* b) { return a->order < b->order; });
  return sends;
}

// In kernel context: SimGrid fails the transfers in flight across the link; each is noted now,
// in start order (their senders learn of it when they next wait, and stop).
void MultiTreeActorBroadcast::on_link_down(const sg4::Link& link)
{
  for (const Send* send : sends_in_flight()) {
    if (crosses(send->from, send->to, link))
      note_failed_transfer(send->from, send->to, send->slice, "link " + link.get_name() + " went down");
  }
}

// A send has ended (its actor waited for it): true if it delivered its slice.
bool MultiTreeActorBroadcast::retire(sg4::Comm& comm)
{
  const auto it = sends_.find(&comm);
  const bool delivered = comm.get_state() == sg4::Activity::State::FINISHED;
  if (it != sends_.end()) {
    if (delivered)  // before its receiver takes it: stop_sending must not count it as still to come
      mark_received(it->second.to, it->second.slice, comm.get_finish_time());
    else
      note_failed_transfer(it->second.from, it->second.to, it->second.slice, comm.get_state_str());
    sends_.erase(it);
  }
  return delivered;
}

// In kernel context: SimGrid has killed the node's actor. Its transfers in flight fail now, the
// ones to it first, then the ones from it, each in start order (SimGrid would fail some only once
// their bytes had arrived, or never), and it sends nothing more.
void MultiTreeActorBroadcast::on_host_off(NodeId node)
{
  fault_seen_ = true;
  // The transfer the killed actor was blocked on (a receive, or a one-port send) is already
  // cleaned up by SimGrid: it was in flight.
  std::vector<const simgrid::kernel::activity::ActivityImpl*> awaited;
  if (waiting_[node]) {
    for (const Inbox& inbox : inboxes_[node])
      if (inbox.receive)
        awaited.push_back(inbox.receive->get_impl());
  } else if (blocked_on_[node]) {
    awaited.push_back(blocked_on_[node]->get_impl());
  }
  std::vector<const Send*> in_flight = sends_in_flight();
  for (const auto& [activity, send] : sends_)
    if (std::find(awaited.begin(), awaited.end(), send.comm->get_impl()) != awaited.end() &&
        std::find(in_flight.begin(), in_flight.end(), &send) == in_flight.end())
      in_flight.push_back(&send);
  std::sort(in_flight.begin(), in_flight.end(), [](const Send* a, const Send* b) { return a->order < b->order; });
  std::vector<const Send*> incoming;
  std::vector<const Send*> outgoing;
  for (const Send* send : in_flight)
    if (send->to == node)
      incoming.push_back(send);
    else if (send->from == node)
      outgoing.push_back(send);
  // Its sends that SimGrid had ended before it went down delivered their slices (it never waited).
  for (const auto& [activity, send] : sends_)
    if (send.from == node && std::find(in_flight.begin(), in_flight.end(), &send) == in_flight.end() &&
        send.comm->get_state() == sg4::Activity::State::STARTED)
      mark_received(send.to, send.slice, send.comm->get_finish_time());
  incoming.insert(incoming.end(), outgoing.begin(), outgoing.end());
  std::vector<sg4::CommPtr> to_cancel;
  for (const Send* send : incoming) {
    note_failed_transfer(send->from, send->to, send->slice, "host " + hosts_[node]->get_name() + " went down");
    to_cancel.push_back(send->comm);
  }
  for (auto& comm : to_cancel)
    if (comm->get_remaining() > 0.0) {
      cancelled_.push_back(comm);
      comm->cancel();
    }
  waiting_[node] = 0;
  stop_sending(node);
}

bool MultiTreeActorBroadcast::can_still_receive(NodeId node) const
{
  if (held_count_[node] > taken_[node])  // arrived (its sender saw it end) and not taken yet
    return true;
  if (!fault_seen_ || reachable_.empty())  // nothing has stopped for a fault yet
    return true;
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    if (!held_[node][slice] && reachable_[slice][node])
      return true;
  return false;
}

// Which node may still get each slice: it holds it, or its parent in the slice's tree may get it
// and still sends. (A parent that waits holding nothing it has not forwarded is not enough: two
// nodes may each wait for what only the other would send, through different trees.)
void MultiTreeActorBroadcast::update_reachable()
{
  reachable_.assign(options_.slices, std::vector<std::uint8_t>(hosts_.size(), 0));
  std::vector<std::vector<NodeId>> parents;
  for (const BroadcastTree& tree : trees_)
    parents.push_back(tree.parents());
  for (std::size_t slice = 0; slice < options_.slices; ++slice) {
    const BroadcastTree& tree = trees_[slice_tree_[slice]];
    std::vector<NodeId> order{root_};
    for (std::size_t k = 0; k < order.size(); ++k) {
      const NodeId node = order[k];
      const NodeId parent = parents[slice_tree_[slice]][node];
      reachable_[slice][node] =
          held_[node][slice] || (node != root_ && !sending_stopped_[parent] && reachable_[slice][parent]);
      order.insert(order.end(), tree.children(node).begin(), tree.children(node).end());
    }
  }
}

void MultiTreeActorBroadcast::stop_sending(NodeId node)
{
  sending_stopped_[node] = 1;
  if (!fault_seen_)  // without a fault every node gets every slice: nothing to look for
    return;
  // Each node blocked on a receive that nothing will match is killed, as the tree replays' actor
  // driver stops such subtrees (a receive cancelled from elsewhere would not wake it in SimGrid
  // 3.32); that may strand others, so until none is left. A node that has stopped sending (its
  // own send failed) still waits for what its parents owe it, so it is checked too.
  for (bool killed = true; killed;) {
    killed = false;
    update_reachable();
    for (NodeId other = 0; other < hosts_.size(); ++other)
      if (waiting_[other] && !can_still_receive(other)) {
        waiting_[other] = 0;
        sending_stopped_[other] = 1;
        if (const auto actor = actors_[other] >= 0 ? sg4::Actor::by_pid(actors_[other]) : nullptr)
          actor->kill();
        killed = true;
      }
  }
}

sg4::Mailbox* MultiTreeActorBroadcast::mailbox(NodeId from, NodeId to) const
{
  for (const Inbox& inbox : inboxes_[to])
    if (inbox.parent == from)
      return inbox.mailbox;
  throw std::logic_error("multi-tree replay: no mailbox from its parent");
}

void MultiTreeActorBroadcast::run_node(NodeId node)
{
  const std::size_t slices = options_.slices;
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> held;  // lowest index first
  std::vector<Inbox>& inboxes = inboxes_[node];
  const auto post_receive = [&](Inbox& inbox) {
    inbox.token = nullptr;
    inbox.receive = inbox.taken < inbox.expected ? inbox.mailbox->get_async<std::size_t>(&inbox.token) : nullptr;
  };
  // The inbox's posted receive has ended: takes its slice, or (a failed transfer, noted by its
  // sender, or a receive stop_sending cancelled) posts it again.
  const auto take = [&](Inbox& inbox) {
    // (A receive matched to a transfer that failed may end FINISHED without its payload.)
    if (inbox.receive->get_state() == sg4::Activity::State::FINISHED && inbox.token != nullptr) {
      mark_received(node, *inbox.token, inbox.receive->get_finish_time());
      held.push(*inbox.token);
      ++inbox.taken;
      ++taken_[node];
    }
    post_receive(inbox);
  };
  const auto ended = [](const Inbox& inbox) {
    if (!inbox.receive)
      return false;
    if (inbox.receive->get_state() == sg4::Activity::State::FAILED)  // test() would assert on it
      return true;
    try {
      return inbox.receive->test();
    } catch (const simgrid::Exception&) {
      return true;
    }
  };
  // Takes every slice that has arrived, from every parent (MPI_Testsome).
  const auto take_arrived = [&] {
    for (Inbox& inbox : inboxes)
      while (ended(inbox))
        take(inbox);
  };
  // Blocks until one posted receive ends and takes it alone (MPI_Waitany); false (nothing
  // posted, or nothing can come) instead.
  const auto wait_receive = [&] {
    std::vector<sg4::CommPtr> posted;
    std::vector<Inbox*> posted_inbox;
    for (Inbox& inbox : inboxes)
      if (inbox.receive) {
        posted.push_back(inbox.receive);
        posted_inbox.push_back(&inbox);
      }
    if (posted.empty() || !can_still_receive(node))
      return false;
    waiting_[node] = 1;
    ssize_t index = -1;
    try {
      index = sg4::Comm::wait_any(posted);
    } catch (const simgrid::Exception&) {  // NetworkFailureException, CancelException: see take()
    }
    waiting_[node] = 0;
    if (index >= 0 && static_cast<std::size_t>(index) < posted.size())
      take(*posted_inbox[static_cast<std::size_t>(index)]);
    else
      take_arrived();
    return true;
  };
  if (node == root_) {
    for (std::size_t slice = 0; slice < slices; ++slice)
      held.push(slice);
  } else {
    for (Inbox& inbox : inboxes) {
      inbox.mailbox->set_receiver(sg4::Actor::self());  // slices arrive while this node sends
      post_receive(inbox);
    }
  }
  std::vector<sg4::CommPtr> in_flight;
  bool sending = true;
  for (std::size_t forwarded = 0; sending && forwarded < slices;) {
    take_arrived();
    if (held.empty())
      sending = wait_receive();  // false: every parent that owes it a slice has stopped
    if (!sending || held.empty())
      continue;
    const std::size_t slice = held.top();
    held.pop();
    sending = forward(node, slice, in_flight);  // false: a node whose send failed sends nothing more
    forwarded += sending;
  }
  const bool delivered = drain(node, in_flight) && sending;
  stop_sending(node);
  if (!delivered) {  // it still receives what its parents send
    while (wait_receive()) {
    }
    return;
  }
  for (Inbox& inbox : inboxes)
    inbox.mailbox->set_receiver(nullptr);
  finish_node(node);
}

bool MultiTreeActorBroadcast::drain(NodeId node, std::vector<sg4::CommPtr>& in_flight)
{
  bool delivered = true;
  for (auto& comm : in_flight) {
    blocked_on_[node] = comm;
    try {
      comm->wait();
    } catch (const simgrid::Exception&) {  // see retire()
    }
    blocked_on_[node] = nullptr;
    delivered = retire(*comm) && delivered;
  }
  in_flight.clear();
  return delivered;
}

bool MultiTreeActorBroadcast::forward(NodeId node, std::size_t slice, std::vector<sg4::CommPtr>& in_flight)
{
  for (NodeId child : trees_[slice_tree_[slice]].children(node)) {
    if (send_failed_[node])
      return false;
    if (!may_start(node, child, slice))
      return false;
    sg4::CommPtr send = mailbox(node, child)->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
    sends_.emplace(send.get(), Send{node, child, slice, sends_started_++, send});
    note_started_transfer(node, child, slice);
    if (options_.port == PortModel::one_port) {
      blocked_on_[node] = send;
      try {
        send->wait();
      } catch (const simgrid::Exception&) {  // see retire()
      }
      blocked_on_[node] = nullptr;
      if (!retire(*send))
        return false;
    } else {
      in_flight.push_back(send);
      if (send_overhead_[node] > 0.0)
        sg4::this_actor::sleep_for(send_overhead_[node]);
    }
  }
  return !send_failed_[node];
}

}  // namespace hbcast
