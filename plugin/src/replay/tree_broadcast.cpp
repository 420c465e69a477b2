#include <hbcast/replay/tree_broadcast.hpp>

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_replay, hbcast, "hbcast: replaying broadcast trees as s4u actors");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// Per-edge mean transfer durations seen as a cost model, so that the measured period is computed
// by the same formula as the predicted one (steady_state_period, seed 002 sections 3.1 and 3.2).
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

}  // namespace

struct TreeBroadcast::Private {};

std::shared_ptr<TreeBroadcast> TreeBroadcast::start(BroadcastTree tree, std::vector<sg4::Host*> hosts,
                                                    ReplayOptions options)
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
  sg_hbcast_plugin_init();
  auto broadcast = std::make_shared<TreeBroadcast>(Private{}, std::move(tree), std::move(hosts), std::move(options));
  plugin_detail::track_started(broadcast->options_.name);
  XBT_VERB("Broadcast %s: %zu nodes, %zu slices of %g bytes, %s", broadcast->options_.name.c_str(),
            broadcast->tree_.size(), broadcast->options_.slices, broadcast->slice_bytes_,
            to_string(broadcast->options_.port).c_str());
  for (NodeId node = 0; node < broadcast->tree_.size(); ++node)
    sg4::Actor::create(broadcast->options_.name + ":" + std::to_string(node), broadcast->hosts_[node],
                       [broadcast, node] { broadcast->run_node(node); });
  return broadcast;
}

TreeBroadcast::TreeBroadcast(Private, BroadcastTree tree, std::vector<sg4::Host*> hosts, ReplayOptions options)
    : tree_(std::move(tree))
    , hosts_(std::move(hosts))
    , options_(std::move(options))
    , slice_bytes_(slice_size(options_.message_bytes, options_.slices))
    , start_time_(sg4::Engine::get_clock())
    , slice_tokens_(options_.slices)
    , incoming_busy_(tree_.size(), 0.0)
    , completion_(tree_.size(), 0.0)
    , first_receive_start_(tree_.size(), -1.0)
    , first_arrival_(tree_.size(), 0.0)
    , mutex_(sg4::Mutex::create())
    , all_done_(sg4::ConditionVariable::create())
{
  for (NodeId node = 0; node < tree_.size(); ++node) {
    mailboxes_.push_back(sg4::Mailbox::by_name(options_.name + "/" + std::to_string(node)));
    send_overhead_.push_back(options_.port == PortModel::multi_port ? host_send_overhead(hosts_[node], hosts_).at(slice_bytes_)
                                                                    : 0.0);
  }
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    slice_tokens_[slice] = slice;
}

void TreeBroadcast::run_node(NodeId node)
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
      receive->wait();
      last_arrival = receive->get_finish_time();
      if (slice == 0)
        first_arrival_[node] = last_arrival;
      XBT_VERB("%s holds slice %zu at %.9f", hosts_[node]->get_cname(), *token, last_arrival);
    }
    if (options_.port == PortModel::one_port)
      send_one_port(node, slice);
    else
      send_multi_port(node, slice, in_flight);
  }
  const auto& children = tree_.children(node);
  for (std::size_t i = 0; i < children.size(); ++i)
    if (in_flight[i]) {
      in_flight[i]->wait();
      record_transfer(children[i], *in_flight[i]);
    }
  if (eager)
    inbox->set_receiver(nullptr);
  finish_node(node, last_arrival);
}

void TreeBroadcast::wait_not_before(NodeId child) const
{
  // A gap below SimGrid's timing precision is float noise between the schedule's arithmetic and
  // the simulated clock (e.g. 7 x T1 against seven T1 steps); sleeping it would cost a whole
  // precision step (1e-9 s) per send.
  static const double precision = simgrid::config::get_value<double>("surf/precision");
  if (auto not_before = tree_.send_start(child);
      not_before && sg4::Engine::get_clock() < start_time_ + *not_before - precision)
    sg4::this_actor::sleep_until(start_time_ + *not_before);
}

void TreeBroadcast::send_one_port(NodeId node, std::size_t slice)
{
  for (NodeId child : tree_.children(node)) {
    wait_not_before(child);
    sg4::CommPtr send = mailboxes_[child]->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
    send->wait();
    record_transfer(child, *send);
  }
}

void TreeBroadcast::send_multi_port(NodeId node, std::size_t slice, std::vector<sg4::CommPtr>& in_flight)
{
  const auto& children = tree_.children(node);
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (in_flight[i]) {  // the edge carries one slice at a time
      in_flight[i]->wait();
      record_transfer(children[i], *in_flight[i]);
    }
    wait_not_before(children[i]);
    in_flight[i] = mailboxes_[children[i]]->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
    if (send_overhead_[node] > 0.0)
      sg4::this_actor::sleep_for(send_overhead_[node]);
  }
}

void TreeBroadcast::record_transfer(NodeId child, const sg4::Comm& comm)
{
  incoming_busy_[child] += comm.get_finish_time() - comm.get_start_time();
  if (first_receive_start_[child] < 0.0)
    first_receive_start_[child] = comm.get_start_time();
  ++transfer_count_;
}

void TreeBroadcast::finish_node(NodeId node, double completion)
{
  completion_[node] = completion;
  plugin_detail::record_delivery(*hosts_[node], options_.name, completion);
  if (++finished_nodes_ == tree_.size()) {
    plugin_detail::track_finished(options_.name);
    XBT_VERB("Broadcast %s complete at %.9f", options_.name.c_str(), sg4::Engine::get_clock());
    std::unique_lock<sg4::Mutex> lock(*mutex_);
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
  return result;
}

}  // namespace hbcast
