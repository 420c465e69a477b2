#include <hbcast/replay/multi_tree_broadcast.hpp>

#include "delivery_log.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <set>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_multi_tree, hbcast, "hbcast: replaying multi-tree plans as s4u actors");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

void check_plan(const std::vector<BroadcastTree>& trees, const std::vector<std::size_t>& slice_tree,
                const std::vector<sg4::Host*>& hosts, const ReplayOptions& options)
{
  if (trees.empty())
    throw std::invalid_argument("multi-tree replay: no tree");
  std::vector<std::string> names;
  for (const sg4::Host* host : hosts) {
    if (host == nullptr)
      throw std::invalid_argument("multi-tree replay: null host");
    names.push_back(host->get_name());
  }
  for (const auto& tree : trees) {
    if (tree.size() != hosts.size() || tree.root() != trees.front().root())
      throw std::invalid_argument("multi-tree replay: every tree spans the hosts from the same root");
    validate_tree(tree, names);
  }
  if (slice_tree.size() != options.slices || options.slices == 0)
    throw std::invalid_argument("multi-tree replay: one tree per slice, at least one slice");
  for (std::size_t t : slice_tree)
    if (t >= trees.size())
      throw std::invalid_argument("multi-tree replay: slice assigned to tree " + std::to_string(t));
  if (!(options.message_bytes > 0.0))
    throw std::invalid_argument("multi-tree replay: the message size must be > 0");
}

}  // namespace

struct MultiTreeBroadcast::Private {};

// Every multi-tree broadcast in flight hears of the links and hosts that go down, at that instant
// (in kernel context): one connection per process to each signal (they are static), to a list
// of the live broadcasts. (Activity::on_completion would not do: an actor's comm completes there
// only once its actor waits for it.)
struct MultiTreeFaults {
  static std::vector<std::weak_ptr<MultiTreeBroadcast>>& live()
  {
    static std::vector<std::weak_ptr<MultiTreeBroadcast>> broadcasts;
    return broadcasts;
  }
  static std::set<const sg4::Link*>& links_down()
  {
    static std::set<const sg4::Link*> down;
    return down;
  }
  static std::vector<std::shared_ptr<MultiTreeBroadcast>> unfinished()
  {
    std::vector<std::shared_ptr<MultiTreeBroadcast>> result;
    for (const auto& weak : live())
      if (auto broadcast = weak.lock(); broadcast && !broadcast->done())
        result.push_back(std::move(broadcast));
    live().assign(result.begin(), result.end());
    return result;
  }
  static void watch(const std::shared_ptr<MultiTreeBroadcast>& broadcast)
  {
    static const bool connected = [] {
      for (const sg4::Link* link : sg4::Engine::get_instance()->get_all_links())
        if (!link->is_on())
          links_down().insert(link);
      sg4::Link::on_state_change_cb([](const sg4::Link& link) {
        if (link.is_on()) {
          links_down().erase(&link);
          return;
        }
        links_down().insert(&link);
        for (const auto& live_broadcast : unfinished())
          live_broadcast->on_link_down(link);
      });
      sg4::Host::on_state_change_cb([](const sg4::Host& host) {
        if (host.is_on())
          return;
        for (const auto& live_broadcast : unfinished())
          for (NodeId node = 0; node < live_broadcast->hosts_.size(); ++node)
            if (live_broadcast->hosts_[node] == &host)
              live_broadcast->on_host_off(node);
      });
      return true;
    }();
    static_cast<void>(connected);
    live().push_back(broadcast);
  }
};

std::shared_ptr<MultiTreeBroadcast> MultiTreeBroadcast::start(std::vector<BroadcastTree> trees,
                                                              std::vector<std::size_t> slice_tree,
                                                              std::vector<sg4::Host*> hosts, ReplayOptions options)
{
  check_plan(trees, slice_tree, hosts, options);
  sg_hbcast_plugin_init();
  auto broadcast = std::make_shared<MultiTreeBroadcast>(Private{}, std::move(trees), std::move(slice_tree),
                                                        std::move(hosts), std::move(options));
  plugin_detail::track_started(broadcast->options_.name);
  MultiTreeFaults::watch(broadcast);
  for (NodeId node = 0; node < broadcast->hosts_.size(); ++node) {
    if (broadcast->hosts_[node]->is_on())
      broadcast->actors_[node] = sg4::Actor::create(broadcast->options_.name + ":" + std::to_string(node),
                                                    broadcast->hosts_[node], [broadcast, node] { broadcast->run_node(node); });
    else
      broadcast->sending_stopped_[node] = 1;  // SimGrid refuses an actor there; its senders' transfers fail
  }
  // A root that is down sends nothing: its first send fails, as in the tree replays.
  const NodeId root = broadcast->root_;
  const auto& first_children = broadcast->trees_[broadcast->slice_tree_.front()].children(root);
  if (!broadcast->hosts_[root]->is_on() && !first_children.empty())
    broadcast->note_failed_transfer(root, first_children.front(), 0,
                                    "host " + broadcast->hosts_[root]->get_name() + " is off");
  return broadcast;
}

MultiTreeBroadcast::MultiTreeBroadcast(Private, std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                                       std::vector<sg4::Host*> hosts, ReplayOptions options)
    : trees_(std::move(trees))
    , slice_tree_(std::move(slice_tree))
    , hosts_(std::move(hosts))
    , options_(std::move(options))
    , slice_bytes_(slice_size(options_.message_bytes, options_.slices))
    , start_time_(sg4::Engine::get_clock())
    , root_(trees_.front().root())
    , slice_tokens_(options_.slices)
    , arrival_(hosts_.size(), std::vector<double>(options_.slices, 0.0))
    , mutex_(sg4::Mutex::create())
    , all_done_(sg4::ConditionVariable::create())
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
  for (NodeId node = 0; node < hosts_.size(); ++node) {
    send_overhead_.push_back(options_.port == PortModel::multi_port ? host_send_overhead(hosts_[node], hosts_).at(slice_bytes_)
                                                                    : 0.0);
  }
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    slice_tokens_[slice] = slice;
  std::fill(arrival_[root_].begin(), arrival_[root_].end(), start_time_);
  const std::size_t nodes = hosts_.size();
  held_.assign(nodes, std::vector<std::uint8_t>(options_.slices, 0));
  std::fill(held_[root_].begin(), held_[root_].end(), 1);
  sending_stopped_.assign(nodes, 0);
  send_failed_.assign(nodes, 0);
  waiting_.assign(nodes, 0);
  actors_.resize(nodes);
  blocked_on_.resize(nodes);
  held_count_.assign(nodes, 0);
  held_count_[root_] = options_.slices;
  taken_.assign(nodes, 0);
  taken_[root_] = options_.slices;
}

void MultiTreeBroadcast::mark_received(NodeId node, std::size_t slice, double time)
{
  if (held_[node][slice])
    return;
  held_[node][slice] = 1;
  ++held_count_[node];
  arrival_[node][slice] = time;
}

void MultiTreeBroadcast::note_failed_transfer(NodeId from, NodeId to, std::size_t slice, const std::string& how)
{
  fault_seen_ = true;
  send_failed_[from] = 1;
  if (!first_failure_)
    first_failure_ = FailedTransfer{from, to, slice, sg4::Engine::get_clock()};
  if (failed_edges_.emplace(from, to).second)
    XBT_WARN("Broadcast %s: the transfer %s -> %s (slice %zu of %zu) failed (%s) at %.9f", options_.name.c_str(),
             hosts_[from]->get_cname(), hosts_[to]->get_cname(), slice + 1, options_.slices, how.c_str(),
             sg4::Engine::get_clock() - start_time_);
}

// The sends started and not yet ended, in start order: SimGrid has not ended their transfers
// (an actor learns of an end only when it waits for it).
std::vector<const MultiTreeBroadcast::Send*> MultiTreeBroadcast::sends_in_flight() const
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
void MultiTreeBroadcast::on_link_down(const sg4::Link& link)
{
  for (const Send* send : sends_in_flight()) {
    std::vector<sg4::Link*> route;
    double latency = 0.0;
    hosts_[send->from]->route_to(hosts_[send->to], route, &latency);
    if (std::find(route.begin(), route.end(), &link) != route.end())
      note_failed_transfer(send->from, send->to, send->slice, "link " + link.get_name() + " went down");
  }
}

// A send has ended (its actor waited for it): true if it delivered its slice.
bool MultiTreeBroadcast::retire(sg4::Comm& comm)
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
void MultiTreeBroadcast::on_host_off(NodeId node)
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

bool MultiTreeBroadcast::can_still_receive(NodeId node) const
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
void MultiTreeBroadcast::update_reachable()
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

void MultiTreeBroadcast::stop_sending(NodeId node)
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
        actors_[other]->kill();
        killed = true;
      }
  }
}

sg4::Mailbox* MultiTreeBroadcast::mailbox(NodeId from, NodeId to) const
{
  for (const Inbox& inbox : inboxes_[to])
    if (inbox.parent == from)
      return inbox.mailbox;
  throw std::logic_error("multi-tree replay: no mailbox from its parent");
}

void MultiTreeBroadcast::run_node(NodeId node)
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
  const double completion = *std::max_element(arrival_[node].begin(), arrival_[node].end());
  plugin_detail::record_delivery(*hosts_[node], options_.name, completion);
  if (++finished_nodes_ == hosts_.size()) {
    plugin_detail::track_finished(options_.name);
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    all_done_->notify_all();
  }
}

bool MultiTreeBroadcast::drain(NodeId node, std::vector<sg4::CommPtr>& in_flight)
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

bool MultiTreeBroadcast::forward(NodeId node, std::size_t slice, std::vector<sg4::CommPtr>& in_flight)
{
  for (NodeId child : trees_[slice_tree_[slice]].children(node)) {
    if (send_failed_[node])
      return false;
    for (NodeId end : {node, child})
      if (!hosts_[end]->is_on()) {  // SimGrid asserts on a comm with a host that is off
        note_failed_transfer(node, child, slice, "host " + hosts_[end]->get_name() + " is off");
        return false;
      }
    if (!MultiTreeFaults::links_down().empty()) {  // a comm over a link that is down fails as it starts
      std::vector<sg4::Link*> route;
      double latency = 0.0;
      hosts_[node]->route_to(hosts_[child], route, &latency);
      for (const sg4::Link* link : route)
        if (!link->is_on()) {
          note_failed_transfer(node, child, slice, "link " + link->get_name() + " is down");
          return false;
        }
    }
    sg4::CommPtr send = mailbox(node, child)->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
    sends_.emplace(send.get(), Send{node, child, slice, sends_started_++, send});
    ++transfer_count_;
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

void MultiTreeBroadcast::wait()
{
  std::unique_lock<sg4::Mutex> lock(*mutex_);
  while (!done())
    all_done_->wait(lock);
}

double MultiTreeBroadcast::observed_period(NodeId node) const
{
  const std::size_t slices = options_.slices;
  const std::size_t filled = (slices + 9) / 10;  // ceil(K / 10): the pipeline fill is left out
  if (slices < 2 || node == root_ || filled >= slices)
    return 0.0;
  std::vector<double> arrivals = arrival_[node];
  std::sort(arrivals.begin(), arrivals.end());
  return (arrivals.back() - arrivals[filled - 1]) / static_cast<double>(slices - filled);
}

ReplayResult MultiTreeBroadcast::result() const
{
  if (!done())
    throw std::logic_error("broadcast " + options_.name + " has not finished");
  ReplayResult result;
  result.start_time = start_time_;
  for (NodeId node = 0; node < hosts_.size(); ++node) {
    result.completion_time.push_back(*std::max_element(arrival_[node].begin(), arrival_[node].end()) - start_time_);
    result.receive_start.push_back(*std::min_element(arrival_[node].begin(), arrival_[node].end()) - start_time_);
  }
  result.makespan = *std::max_element(result.completion_time.begin(), result.completion_time.end());
  result.slowest_node = static_cast<std::size_t>(
      std::max_element(result.completion_time.begin(), result.completion_time.end()) - result.completion_time.begin());
  result.observed_period = observed_period(result.slowest_node);
  result.period = result.observed_period;
  // No transfer (a single host): an unbounded rate, as the pipeline evaluator predicts.
  result.throughput = result.period > 0.0 ? slice_bytes_ / result.period : std::numeric_limits<double>::infinity();
  result.transfer_count = transfer_count_;
  return result;
}

std::string MultiTreeBroadcast::unfinished_report() const
{
  std::vector<NodeId> uninformed;
  for (NodeId node = 0; node < hosts_.size(); ++node)
    if (std::find(held_[node].begin(), held_[node].end(), 0) != held_[node].end())
      uninformed.push_back(node);
  return unfinished_broadcast_report(first_failure_, start_time_, options_.slices, hosts_, uninformed,
                                     "the simulation ended before every host received every slice");
}

ReplayResult replay_multi_tree(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                               const std::vector<std::size_t>& slice_tree, const std::vector<sg4::Host*>& hosts,
                               const ReplayOptions& options)
{
  auto broadcast = MultiTreeBroadcast::start(trees, slice_tree, hosts, options);
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  if (!broadcast->done())
    throw std::runtime_error(broadcast->unfinished_report());
  return broadcast->result();
}

}  // namespace hbcast
