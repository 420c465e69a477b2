#include <hbcast/replay/multi_tree_broadcast.hpp>

#include "delivery_log.hpp"
#include "link_states.hpp"
#include "multi_tree_actor_broadcast.hpp"
#include "multi_tree_event_broadcast.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <xbt/log.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_multi_tree, hbcast, "hbcast: replaying multi-tree plans");

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

std::vector<double> multi_tree_send_overheads(const std::vector<sg4::Host*>& hosts, PortModel port,
                                              double slice_bytes)
{
  std::vector<double> overheads(hosts.size(), 0.0);
  if (port == PortModel::multi_port)
    for (std::size_t node = 0; node < hosts.size(); ++node)
      overheads[node] = host_send_overhead(hosts[node], hosts).at(slice_bytes);
  return overheads;
}

}  // namespace

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
    watch_link_states();
    static const bool connected = [] {
      sg4::Link::on_state_change_cb([](const sg4::Link& link) {
        if (link.is_on())
          return;
        for (const auto& live_broadcast : unfinished())
          live_broadcast->on_link_down(link);
      });
      sg4::Host::on_state_change_cb([](const sg4::Host& host) {
        if (host.is_on())
          return;
        for (const auto& live_broadcast : unfinished())
          for (NodeId node = 0; node < live_broadcast->hosts_.size(); ++node)
            if (live_broadcast->hosts_[node] == &host) {
              live_broadcast->fault_seen_ = true;
              live_broadcast->on_host_off(node);
            }
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
  if (options.driver == ReplayDriver::automatic)
    options.driver = configured_replay_driver();
  options.driver = choose_multi_tree_driver(options.driver);
  sg_hbcast_plugin_init();
  std::shared_ptr<MultiTreeBroadcast> broadcast;
  if (options.driver == ReplayDriver::actor_per_host)
    broadcast = std::make_shared<MultiTreeActorBroadcast>(std::move(trees), std::move(slice_tree), std::move(hosts),
                                                          std::move(options));
  else
    broadcast = std::make_shared<MultiTreeEventBroadcast>(std::move(trees), std::move(slice_tree), std::move(hosts),
                                                          std::move(options));
  plugin_detail::track_started(broadcast->options_.name);
  MultiTreeFaults::watch(broadcast);
  // A root that is down sends nothing: its first send fails, as in the tree replays.
  const auto& first_children = broadcast->trees_[broadcast->slice_tree_.front()].children(broadcast->root_);
  if (!broadcast->hosts_[broadcast->root_]->is_on() && !first_children.empty())
    broadcast->note_failed_transfer(broadcast->root_, first_children.front(), 0,
                                    "host " + broadcast->hosts_[broadcast->root_]->get_name() + " is off");
  XBT_VERB("Multi-tree broadcast %s: %zu nodes, %zu trees, %zu slices of %g bytes, %s, driven by %s",
           broadcast->options_.name.c_str(), broadcast->hosts_.size(), broadcast->trees_.size(),
           broadcast->options_.slices, broadcast->slice_bytes_, to_string(broadcast->options_.port).c_str(),
           to_string(broadcast->options_.driver).c_str());
  broadcast->launch();
  return broadcast;
}

MultiTreeBroadcast::MultiTreeBroadcast(std::vector<BroadcastTree> trees, std::vector<std::size_t> slice_tree,
                                       std::vector<sg4::Host*> hosts, ReplayOptions options)
    : trees_(std::move(trees))
    , slice_tree_(std::move(slice_tree))
    , hosts_(std::move(hosts))
    , options_(std::move(options))
    , slice_bytes_(slice_size(options_.message_bytes, options_.slices))
    , start_time_(sg4::Engine::get_clock())
    , root_(trees_.front().root())
    , send_overhead_(multi_tree_send_overheads(hosts_, options_.port, slice_bytes_))
    , arrival_(hosts_.size(), std::vector<double>(options_.slices, 0.0))
    , held_(hosts_.size(), std::vector<std::uint8_t>(options_.slices, 0))
    , held_count_(hosts_.size(), 0)
    , send_failed_(hosts_.size(), 0)
    , mutex_(sg4::Mutex::create())
    , all_done_(sg4::ConditionVariable::create())
{
  std::fill(arrival_[root_].begin(), arrival_[root_].end(), start_time_);
  std::fill(held_[root_].begin(), held_[root_].end(), 1);
  held_count_[root_] = options_.slices;
}

void MultiTreeBroadcast::mark_received(NodeId node, std::size_t slice, double time)
{
  if (held_[node][slice])
    return;
  XBT_VERB("%s: %s holds slice %zu at %.9f", options_.name.c_str(), hosts_[node]->get_cname(), slice + 1,
           time - start_time_);
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

void MultiTreeBroadcast::note_started_transfer(NodeId from, NodeId to, std::size_t slice)
{
  ++transfer_count_;
  XBT_VERB("%s: %s -> %s, slice %zu, starts at %.9f", options_.name.c_str(), hosts_[from]->get_cname(),
           hosts_[to]->get_cname(), slice + 1, sg4::Engine::get_clock() - start_time_);
}

bool MultiTreeBroadcast::crosses(NodeId from, NodeId to, const sg4::Link& link) const
{
  std::vector<sg4::Link*> route;
  double latency = 0.0;
  hosts_[from]->route_to(hosts_[to], route, &latency);
  return std::find(route.begin(), route.end(), &link) != route.end();
}

std::optional<std::string> MultiTreeBroadcast::why_it_cannot_start(NodeId from, NodeId to) const
{
  for (NodeId end : {from, to})
    if (!hosts_[end]->is_on())
      return "host " + hosts_[end]->get_name() + " is off";
  if (links_down().empty())
    return std::nullopt;
  std::vector<sg4::Link*> route;
  double latency = 0.0;
  hosts_[from]->route_to(hosts_[to], route, &latency);
  for (const sg4::Link* link : route)
    if (!link->is_on())
      return "link " + link->get_name() + " is down";
  return std::nullopt;
}

bool MultiTreeBroadcast::may_start(NodeId from, NodeId to, std::size_t slice)
{
  const auto why = why_it_cannot_start(from, to);
  if (why)
    note_failed_transfer(from, to, slice, *why);
  return !why;
}

void MultiTreeBroadcast::finish_node(NodeId node)
{
  const double completion = *std::max_element(arrival_[node].begin(), arrival_[node].end());
  plugin_detail::record_delivery(*hosts_[node], options_.name, completion);
  if (++finished_nodes_ == hosts_.size()) {
    plugin_detail::track_finished(options_.name);
    // No lock: the event-driven drivers get here in kernel context, where an actor's mutex cannot
    // be taken, and s4u actors never run concurrently with the kernel, so no wake-up is lost.
    all_done_->notify_all();
  }
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
  result.driver = options_.driver;
  return result;
}

std::string MultiTreeBroadcast::unfinished_report() const
{
  std::vector<NodeId> uninformed;
  for (NodeId node = 0; node < hosts_.size(); ++node)
    if (std::find(held_[node].begin(), held_[node].end(), 0) != held_[node].end())
      uninformed.push_back(node);
  std::string report = unfinished_broadcast_report(first_failure_, start_time_, options_.slices, hosts_, uninformed,
                                                   "the simulation ended before every host received every slice");
  if (!driver_note_.empty())
    report += " (" + driver_note_ + ")";
  return report;
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
