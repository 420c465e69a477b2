#include <hbcast/replay/tree_broadcast.hpp>

#include "actor_per_host_broadcast.hpp"
#include "delivery_log.hpp"
#include "event_driven_broadcast.hpp"
#include "link_states.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_replay, hbcast, "hbcast: replaying broadcast trees on SimGrid");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// Per-edge mean transfer durations seen as a cost model, so that the measured period is computed
// by the same formula as the predicted one (steady_state_period, Beaumont-Marchal-Robert sections 3.1 and 3.2).
class MeasuredEdgeTimes final : public CostModel {
public:
  MeasuredEdgeTimes(std::vector<double> mean_incoming, std::vector<double> send_overhead)
      : mean_incoming_(std::move(mean_incoming)), send_overhead_(std::move(send_overhead))
  {
  }
  std::size_t size() const override { return mean_incoming_.size(); }
  double latency(NodeId /*from*/, NodeId to) const override { return mean_incoming_[to]; }
  double inverse_bandwidth(NodeId, NodeId) const override { return 0.0; }
  double send_latency(NodeId from) const override { return send_overhead_[from]; }  // per slice

private:
  std::vector<double> mean_incoming_;
  std::vector<double> send_overhead_;
};

std::vector<std::string> names_of(const std::vector<sg4::Host*>& hosts)
{
  std::vector<std::string> names;
  for (const sg4::Host* host : hosts)
    names.push_back(host->get_name());
  return names;
}

void validate(const BroadcastTree& tree, const std::vector<sg4::Host*>& hosts, const ReplayOptions& options)
{
  if (hosts.size() != tree.size())
    throw std::invalid_argument("replay: " + std::to_string(hosts.size()) + " hosts for a tree of " +
                                std::to_string(tree.size()) + " nodes");
  if (std::find(hosts.begin(), hosts.end(), nullptr) != hosts.end())
    throw std::invalid_argument("replay: null host");
  validate_tree(tree, names_of(hosts));
  if (options.slices == 0)
    throw std::invalid_argument("replay: at least one slice is needed");
  if (!(options.message_bytes > 0.0))
    throw std::invalid_argument("replay: the message size must be > 0");
}

std::vector<double> send_overheads(const std::vector<sg4::Host*>& hosts, const ReplayOptions& options,
                                   double slice_bytes)
{
  std::vector<double> overheads(hosts.size(), 0.0);
  if (options.port == PortModel::multi_port)
    for (std::size_t node = 0; node < hosts.size(); ++node)
      overheads[node] = host_send_overhead(hosts[node], hosts).at(slice_bytes);
  return overheads;
}

}  // namespace

// Every broadcast in flight hears of every host that goes down: one connection per process (the
// signal is static), to a list of the broadcasts that may need it.
static std::vector<std::weak_ptr<TreeBroadcast>>& broadcasts_watching_hosts()
{
  static std::vector<std::weak_ptr<TreeBroadcast>> watching;
  return watching;
}

void dispatch_host_off(const sg4::Host& host)
{
  if (host.is_on())
    return;
  auto& watching = broadcasts_watching_hosts();
  std::vector<std::shared_ptr<TreeBroadcast>> live;
  for (const auto& weak : watching)
    if (auto broadcast = weak.lock(); broadcast && !broadcast->done())
      live.push_back(std::move(broadcast));
  watching.assign(live.begin(), live.end());
  for (const auto& broadcast : live)
    for (NodeId node = 0; node < broadcast->hosts_.size(); ++node)
      if (broadcast->hosts_[node] == &host)
        broadcast->on_host_off(node);
}

std::shared_ptr<TreeBroadcast> TreeBroadcast::start(BroadcastTree tree, std::vector<sg4::Host*> hosts,
                                                    ReplayOptions options)
{
  validate(tree, hosts, options);
  if (options.driver == ReplayDriver::automatic)
    options.driver = configured_replay_driver();
  options.driver = choose_replay_driver(options.driver, tree, options.port);
  sg_hbcast_plugin_init();
  std::shared_ptr<TreeBroadcast> broadcast;
  if (options.driver == ReplayDriver::events || options.driver == ReplayDriver::couriers)
    broadcast = std::make_shared<EventDrivenBroadcast>(std::move(tree), std::move(hosts), std::move(options));
  else
    broadcast = std::make_shared<ActorPerHostBroadcast>(std::move(tree), std::move(hosts), std::move(options));
  watch_link_states();
  static const bool watching_hosts = [] {
    sg4::Host::on_state_change_cb(dispatch_host_off);
    return true;
  }();
  static_cast<void>(watching_hosts);
  broadcasts_watching_hosts().push_back(broadcast);
  plugin_detail::track_started(broadcast->options_.name);
  XBT_VERB("Broadcast %s: %zu nodes, %zu slices of %g bytes, %s, driven by %s", broadcast->options_.name.c_str(),
           broadcast->tree_.size(), broadcast->options_.slices, broadcast->slice_bytes_,
           to_string(broadcast->options_.port).c_str(), to_string(broadcast->options_.driver).c_str());
  broadcast->launch();
  return broadcast;
}

TreeBroadcast::TreeBroadcast(BroadcastTree tree, std::vector<sg4::Host*> hosts, ReplayOptions options)
    : tree_(std::move(tree))
    , parent_(tree_.parents())
    , hosts_(std::move(hosts))
    , options_(std::move(options))
    , slice_bytes_(slice_size(options_.message_bytes, options_.slices))
    , start_time_(sg4::Engine::get_clock())
    , send_overhead_(send_overheads(hosts_, options_, slice_bytes_))
    , incoming_busy_(tree_.size(), 0.0)
    , completion_(tree_.size(), 0.0)
    , first_receive_start_(tree_.size(), -1.0)
    , first_arrival_(tree_.size(), 0.0)
    , finished_(tree_.size(), 0)
    , received_(tree_.size(), 0)
    , failed_edge_(tree_.size(), 0)
    , mutex_(sg4::Mutex::create())
    , all_done_(sg4::ConditionVariable::create())
{
}

std::optional<double> TreeBroadcast::hold_until(NodeId child, std::size_t slice) const
{
  // A gap below SimGrid's timing precision is float noise between the schedule's arithmetic and
  // the simulated clock (e.g. 7 x T1 against seven T1 steps); waiting it would cost a whole
  // precision step (1e-9 s) per send.
  static const double precision = simgrid::config::get_value<double>("surf/precision");
  if (!tree_.send_start(child))
    return std::nullopt;
  if (const double not_before = tree_.slice_not_before(child, slice);
      sg4::Engine::get_clock() < start_time_ + not_before - precision)
    return start_time_ + not_before;
  return std::nullopt;
}

void TreeBroadcast::record_transfer(NodeId child, double start_time, double finish_time)
{
  ++received_[child];
  incoming_busy_[child] += finish_time - start_time;
  if (first_receive_start_[child] < 0.0)
    first_receive_start_[child] = start_time;
  ++transfer_count_;
}

void TreeBroadcast::note_failed_transfer(NodeId child, std::size_t slice, const std::string& how)
{
  if (failed_edge_[child])
    return;
  failed_edge_[child] = 1;
  const NodeId parent = parent_[child];
  if (!first_failure_)
    first_failure_ = FailedTransfer{parent, child, slice, sg4::Engine::get_clock()};
  XBT_WARN("Broadcast %s: the transfer %s -> %s (slice %zu of %zu) failed (%s) at %.9f; that subtree is not informed",
           options_.name.c_str(), hosts_[parent]->get_cname(), hosts_[child]->get_cname(), slice + 1,
           options_.slices, how.c_str(), sg4::Engine::get_clock() - start_time_);
}

bool TreeBroadcast::hosts_up(NodeId child, std::size_t slice)
{
  const NodeId parent = parent_[child];
  for (NodeId end : {parent, child})
    if (!hosts_[end]->is_on()) {
      note_failed_transfer(child, slice, "host " + hosts_[end]->get_name() + " is off");
      return false;
    }
  if (links_down().empty())
    return true;
  // A host-to-host comm over a link that is down fails as it starts, before its driver can tag
  // it: fail it here, as every driver would see it.
  std::vector<sg4::Link*> route;
  double latency = 0.0;
  hosts_[parent]->route_to(hosts_[child], route, &latency);
  for (const sg4::Link* link : route)
    if (!link->is_on()) {
      note_failed_transfer(child, slice, "link " + link->get_name() + " is down");
      return false;
    }
  return true;
}

std::size_t TreeBroadcast::slices_held(NodeId node) const
{
  return node == tree_.root() ? options_.slices : received_[node];
}

std::vector<NodeId> TreeBroadcast::uninformed_nodes() const
{
  std::vector<NodeId> nodes;
  for (NodeId node = 0; node < tree_.size(); ++node)
    if (slices_held(node) < options_.slices)
      nodes.push_back(node);
  return nodes;
}


std::string TreeBroadcast::unfinished_report() const
{
  std::string report = unfinished_broadcast_report(first_failure_, start_time_, options_.slices, hosts_,
                                                   uninformed_nodes(),
                                                   "the simulation ended before every host received the message");
  if (!driver_note_.empty())
    report += " (" + driver_note_ + ")";
  return report;
}

void TreeBroadcast::finish_node(NodeId node, double completion)
{
  completion_[node] = completion;
  finished_[node] = 1;
  plugin_detail::record_delivery(*hosts_[node], options_.name, completion);
  if (++finished_nodes_ == tree_.size()) {
    plugin_detail::track_finished(options_.name);
    XBT_VERB("Broadcast %s complete at %.9f", options_.name.c_str(), sg4::Engine::get_clock());
    // No lock: the event-driven replay gets here in kernel context, where an actor's mutex cannot
    // be taken, and s4u actors never run concurrently with the kernel, so no wake-up is lost.
    all_done_->notify_all();
  }
}

void TreeBroadcast::wait()
{
  std::unique_lock<sg4::Mutex> lock(*mutex_);
  while (!done())
    all_done_->wait(lock);
}

double TreeBroadcast::measured_period() const
{
  std::vector<double> mean_incoming(incoming_busy_.size());
  for (NodeId node = 0; node < mean_incoming.size(); ++node)
    mean_incoming[node] = incoming_busy_[node] / static_cast<double>(options_.slices);
  return steady_state_period(tree_, MeasuredEdgeTimes(std::move(mean_incoming), send_overhead_), slice_bytes_,
                             options_.port);
}

double TreeBroadcast::observed_period(NodeId node) const
{
  if (options_.slices < 2 || node == tree_.root())
    return 0.0;
  return (completion_[node] - first_arrival_[node]) / static_cast<double>(options_.slices - 1);
}

ReplayResult TreeBroadcast::result() const
{
  if (!done())
    throw std::logic_error("broadcast " + options_.name + " has not finished");
  ReplayResult result;
  result.start_time = start_time_;
  for (double completion : completion_)
    result.completion_time.push_back(completion - start_time_);
  for (double start : first_receive_start_)
    result.receive_start.push_back(start < 0.0 ? 0.0 : start - start_time_);
  result.makespan = *std::max_element(result.completion_time.begin(), result.completion_time.end());
  result.period = measured_period();
  // No transfer (a single host): an unbounded rate, as the pipeline evaluator predicts.
  result.throughput = result.period > 0.0 ? slice_bytes_ / result.period : std::numeric_limits<double>::infinity();
  result.slowest_node = static_cast<std::size_t>(
      std::max_element(result.completion_time.begin(), result.completion_time.end()) - result.completion_time.begin());
  result.observed_period = observed_period(result.slowest_node);
  result.transfer_count = transfer_count_;
  result.driver = options_.driver;
  return result;
}

}  // namespace hbcast
