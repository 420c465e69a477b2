#include "actor_per_host_broadcast.hpp"

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <utility>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(hbcast_replay);

namespace sg4 = simgrid::s4u;

namespace hbcast {

ActorPerHostBroadcast::ActorPerHostBroadcast(BroadcastTree tree, std::vector<sg4::Host*> hosts, ReplayOptions options)
    : TreeBroadcast(std::move(tree), std::move(hosts), std::move(options)),
      slice_tokens_(options_.slices),
      slices_delivered_(tree_.size(), 0),
      stopped_(tree_.size(), 0),
      incoming_(tree_.size())
{
  mailboxes_.reserve(tree_.size());
  for (NodeId node = 0; node < tree_.size(); ++node)
    mailboxes_.push_back(sg4::Mailbox::by_name(options_.name + "/" + std::to_string(node)));
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    slice_tokens_[slice] = slice;
}

void ActorPerHostBroadcast::launch()
{
  auto self = std::static_pointer_cast<ActorPerHostBroadcast>(shared_from_this());
  actors_.reserve(tree_.size());
  for (NodeId node = 0; node < tree_.size(); ++node) {
    if (!hosts_[node]->is_on()) {  // down already: no actor (SimGrid refuses one); its sender's transfer fails
      stopped_[node] = 1;
      actors_.push_back(-1);
      continue;
    }
    actors_.push_back(
        sg4::Actor::create(options_.name + ":" + std::to_string(node), hosts_[node], [self, node] { self->run_node(node); })
            ->get_pid());
  }
  // A root that is down sends nothing: its first send fails, as with the other drivers, and no
  // one will ever inform its subtrees. (A node below it that is down is found by its sender.)
  const auto& children = tree_.children(tree_.root());
  if (!hosts_[tree_.root()]->is_on() && !children.empty()) {
    hosts_up(children.front(), 0);
    for (NodeId child : children)
      stop_subtree(child);
  }
}

void ActorPerHostBroadcast::run_node(NodeId node)
{
  const bool is_root = node == tree_.root();
  // With several slices a node must accept slice j+1 while it still forwards slice j; with one,
  // its receive is posted before anything is sent to it and eager delivery would only cost time.
  const bool eager = !is_root && options_.slices > 1;
  sg4::Mailbox* inbox = mailboxes_[node];
  if (eager)
    inbox->set_receiver(sg4::Actor::self());
  std::vector<sg4::CommPtr> in_flight(tree_.children(node).size());
  double last_arrival = start_time_;
  for (std::size_t slice = 0; slice < options_.slices; ++slice) {
    if (!is_root) {
      std::size_t* token = nullptr;
      sg4::CommPtr receive = inbox->get_async<std::size_t>(&token);
      try {
        receive->wait();
      } catch (const simgrid::Exception&) {  // NetworkFailureException, or CancelException (on_host_off)
        // Its sender gives up and stops this subtree; if the sender's host went down, it is gone:
        // the failure is noted here too (once per edge).
        note_failed_transfer(node, slice, receive->get_state_str());
        stopped_[node] = 1;
        return;
      }
      last_arrival = receive->get_finish_time();
      if (slice == 0)
        record_first_arrival(node, last_arrival);
      XBT_VERB("%s holds slice %zu at %.9f", hosts_[node]->get_cname(), *token, last_arrival);
    }
    const bool sent = options_.port == PortModel::one_port ? send_one_port(node, slice)
                                                           : send_multi_port(node, slice, in_flight);
    if (!sent) {
      give_up(node, in_flight);
      return;
    }
  }
  if (!drain(node, in_flight)) {
    give_up(node, in_flight);
    return;
  }
  if (eager)
    inbox->set_receiver(nullptr);
  finish_node(node, last_arrival);
}

// Waits for the edges' last slices.
bool ActorPerHostBroadcast::drain(NodeId node, std::vector<sg4::CommPtr>& in_flight)
{
  const auto& children = tree_.children(node);
  for (std::size_t i = 0; i < children.size(); ++i)
    if (in_flight[i] && !delivered(children[i], *std::exchange(in_flight[i], nullptr)))
      return false;
  return true;
}

// Waits for a send and records it; false, with a warning, when it failed.
bool ActorPerHostBroadcast::delivered(NodeId child, sg4::Comm& send)
{
  try {
    send.wait();
  } catch (const simgrid::Exception&) {  // NetworkFailureException, or CancelException (on_host_off)
    incoming_[child] = nullptr;
    note_failed_transfer(child, slices_delivered_[child], send.get_state_str());
    return false;
  }
  incoming_[child] = nullptr;
  record_transfer(child, send.get_start_time(), send.get_finish_time());
  ++slices_delivered_[child];
  return true;
}

// The node stops sending once its transfers in flight end: every child that will not get every
// slice, and its subtree, stops too.
void ActorPerHostBroadcast::give_up(NodeId node, std::vector<sg4::CommPtr>& in_flight)
{
  const auto& children = tree_.children(node);
  for (std::size_t i = 0; i < children.size(); ++i)
    if (in_flight[i])
      delivered(children[i], *std::exchange(in_flight[i], nullptr));
  stopped_[node] = 1;
  for (NodeId child : children)
    if (slices_delivered_[child] < options_.slices)
      stop_subtree(child);
}

void ActorPerHostBroadcast::stop_subtree(NodeId top)
{
  std::vector<NodeId> stack{top};
  while (!stack.empty()) {
    const NodeId node = stack.back();
    stack.pop_back();
    if (!stopped_[node]) {
      stopped_[node] = 1;
      if (const auto actor = actors_[node] >= 0 ? sg4::Actor::by_pid(actors_[node]) : nullptr)
        actor->kill();
    }
    stack.insert(stack.end(), tree_.children(node).begin(), tree_.children(node).end());
  }
}

sg4::CommPtr ActorPerHostBroadcast::start_send(NodeId child, std::size_t slice)
{
  if (!hosts_up(child, slices_delivered_[child]))
    return nullptr;
  incoming_[child] = mailboxes_[child]->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
  return incoming_[child];
}

// SimGrid has killed the node's actor. Its transfers in flight fail now (the actors waiting on
// them give up as after any failed transfer), and its children that will not get every slice
// stop with their subtrees: nobody else would ever end their waits.
void ActorPerHostBroadcast::on_host_off(NodeId node)
{
  stopped_[node] = 1;
  const std::string how = "host " + hosts_[node]->get_name() + " went down";
  std::vector<NodeId> edges;  // the node's incoming edge, then its children's, in send order
  if (node != tree_.root())
    edges.push_back(node);
  edges.insert(edges.end(), tree_.children(node).begin(), tree_.children(node).end());
  for (NodeId child : edges)
    if (incoming_[child] && incoming_[child]->get_state() == sg4::Activity::State::STARTED) {
      note_failed_transfer(child, slices_delivered_[child], how);
      cancelled_.push_back(incoming_[child]);
      incoming_[child]->cancel();
    }
  for (NodeId child : tree_.children(node))
    if (slices_delivered_[child] < options_.slices)
      stop_subtree(child);
}

void ActorPerHostBroadcast::wait_not_before(NodeId child, std::size_t slice) const
{
  if (auto until = hold_until(child, slice))
    sg4::this_actor::sleep_until(*until);
}

bool ActorPerHostBroadcast::send_one_port(NodeId node, std::size_t slice)
{
  for (NodeId child : tree_.children(node)) {
    wait_not_before(child, slice);
    sg4::CommPtr send = start_send(child, slice);
    if (!send || !delivered(child, *send))
      return false;
  }
  return true;
}

bool ActorPerHostBroadcast::send_multi_port(NodeId node, std::size_t slice, std::vector<sg4::CommPtr>& in_flight)
{
  const auto& children = tree_.children(node);
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (in_flight[i] && !delivered(children[i], *std::exchange(in_flight[i], nullptr)))
      return false;  // the edge carries one slice at a time
    wait_not_before(children[i], slice);
    in_flight[i] = start_send(children[i], slice);
    if (!in_flight[i])
      return false;
    if (send_overhead_[node] > 0.0)
      sg4::this_actor::sleep_for(send_overhead_[node]);
  }
  return true;
}

}  // namespace hbcast
