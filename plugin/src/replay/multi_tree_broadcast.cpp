#include <hbcast/replay/multi_tree_broadcast.hpp>

#include "delivery_log.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <limits>
#include <functional>
#include <queue>
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

std::shared_ptr<MultiTreeBroadcast> MultiTreeBroadcast::start(std::vector<BroadcastTree> trees,
                                                              std::vector<std::size_t> slice_tree,
                                                              std::vector<sg4::Host*> hosts, ReplayOptions options)
{
  check_plan(trees, slice_tree, hosts, options);
  sg_hbcast_plugin_init();
  auto broadcast = std::make_shared<MultiTreeBroadcast>(Private{}, std::move(trees), std::move(slice_tree),
                                                        std::move(hosts), std::move(options));
  plugin_detail::track_started(broadcast->options_.name);
  for (NodeId node = 0; node < broadcast->hosts_.size(); ++node)
    sg4::Actor::create(broadcast->options_.name + ":" + std::to_string(node), broadcast->hosts_[node],
                       [broadcast, node] { broadcast->run_node(node); });
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
  for (NodeId node = 0; node < hosts_.size(); ++node) {
    mailboxes_.push_back(sg4::Mailbox::by_name(options_.name + "/" + std::to_string(node)));
    send_overhead_.push_back(options_.port == PortModel::multi_port ? host_send_overhead(hosts_[node], hosts_).at(slice_bytes_)
                                                                    : 0.0);
  }
  for (std::size_t slice = 0; slice < options_.slices; ++slice)
    slice_tokens_[slice] = slice;
  std::fill(arrival_[root_].begin(), arrival_[root_].end(), start_time_);
}

void MultiTreeBroadcast::run_node(NodeId node)
{
  const std::size_t slices = options_.slices;
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> held;  // lowest index first
  std::size_t received = 0;
  sg4::Mailbox* inbox = mailboxes_[node];
  std::size_t* token = nullptr;
  sg4::CommPtr receive;
  const auto post_receive = [&] { receive = received < slices ? inbox->get_async<std::size_t>(&token) : nullptr; };
  const auto take = [&] {
    arrival_[node][*token] = receive->get_finish_time();
    held.push(*token);
    ++received;
    post_receive();
  };
  if (node == root_) {
    for (std::size_t slice = 0; slice < slices; ++slice)
      held.push(slice);
    received = slices;
  } else {
    inbox->set_receiver(sg4::Actor::self());  // slices arrive while this node sends
    post_receive();
  }
  std::vector<sg4::CommPtr> in_flight;
  for (std::size_t forwarded = 0; forwarded < slices; ++forwarded) {
    while (receive && receive->test())
      take();
    if (held.empty()) {
      receive->wait();
      take();
    }
    const std::size_t slice = held.top();
    held.pop();
    forward(node, slice, in_flight);
  }
  for (auto& comm : in_flight)
    comm->wait();
  if (node != root_)
    inbox->set_receiver(nullptr);
  const double completion = *std::max_element(arrival_[node].begin(), arrival_[node].end());
  plugin_detail::record_delivery(*hosts_[node], options_.name, completion);
  if (++finished_nodes_ == hosts_.size()) {
    plugin_detail::track_finished(options_.name);
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    all_done_->notify_all();
  }
}

void MultiTreeBroadcast::forward(NodeId node, std::size_t slice, std::vector<sg4::CommPtr>& in_flight)
{
  for (NodeId child : trees_[slice_tree_[slice]].children(node)) {
    sg4::CommPtr send = mailboxes_[child]->put_async(&slice_tokens_[slice], static_cast<uint64_t>(slice_bytes_));
    ++transfer_count_;
    if (options_.port == PortModel::one_port) {
      send->wait();
    } else {
      in_flight.push_back(send);
      if (send_overhead_[node] > 0.0)
        sg4::this_actor::sleep_for(send_overhead_[node]);
    }
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
  return result;
}

ReplayResult replay_multi_tree(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                               const std::vector<std::size_t>& slice_tree, const std::vector<sg4::Host*>& hosts,
                               const ReplayOptions& options)
{
  auto broadcast = MultiTreeBroadcast::start(trees, slice_tree, hosts, options);
  engine.run();
  if (!broadcast->done())
    throw std::runtime_error("the simulation ended before every host received every slice");
  return broadcast->result();
}

}  // namespace hbcast
