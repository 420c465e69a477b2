#include <hbcast/replay/multi_tree_form_replay.hpp>

#include "delivery_log.hpp"

#include <hbcast/core/element_ranges.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <numeric>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_multi_tree_forms, hbcast,
                                "hbcast: replaying the periodic and rate-capped forms of multi-tree plans");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// What every actor of one broadcast shares: its hosts, the slice arrivals, the count of hosts done.
struct FormRun {
  std::vector<sg4::Host*> hosts;
  FormReplayOptions options;
  double start = 0.0;
  std::vector<std::vector<double>> arrival;  // absolute times
  std::size_t finished = 0;
  std::size_t transfers = 0;
  int token = 0;  // the payload pointer every message carries (the replay moves no data)

  sg4::Mailbox* mailbox(NodeId from, NodeId to, const std::string& suffix = "") const
  {
    return sg4::Mailbox::by_name(options.name + "/" + std::to_string(from) + "/" + std::to_string(to) + suffix);
  }

  void arrive(NodeId node, const ElementRange& range, double time)
  {
    if (range.count == 0)
      return;
    const std::size_t count = options.count, slices = options.slices;
    const std::size_t base = count / slices, longer = count % slices, in_longer = longer * (base + 1);
    const auto slice_of = [&](std::size_t e) {
      return e < in_longer ? e / (base + 1) : longer + (e - in_longer) / base;
    };
    for (std::size_t j = slice_of(range.first); j <= slice_of(range.first + range.count - 1); ++j)
      arrival[node][j] = std::max(arrival[node][j], time);
  }

  void done(NodeId node)
  {
    const double completion = *std::max_element(arrival[node].begin(), arrival[node].end());
    plugin_detail::record_delivery(*hosts[node], options.name, completion);
    if (++finished == hosts.size())
      plugin_detail::track_finished(options.name);
  }

  ReplayResult result(NodeId root) const
  {
    if (finished != hosts.size())
      throw std::runtime_error("the simulation ended before every host received every slice");
    ReplayResult result;
    result.start_time = start;
    for (NodeId v = 0; v < hosts.size(); ++v) {
      result.completion_time.push_back(*std::max_element(arrival[v].begin(), arrival[v].end()) - start);
      result.receive_start.push_back(v == root ? 0.0 : *std::min_element(arrival[v].begin(), arrival[v].end()) - start);
    }
    result.makespan = *std::max_element(result.completion_time.begin(), result.completion_time.end());
    result.slowest_node = static_cast<std::size_t>(
        std::max_element(result.completion_time.begin(), result.completion_time.end()) - result.completion_time.begin());
    result.observed_period = result.slowest_node == root ? 0.0 : observed_period(arrival[result.slowest_node]);
    result.period = result.observed_period;
    const double slice_bytes = static_cast<double>(options.count) / static_cast<double>(options.slices);
    result.throughput = result.period > 0.0 ? slice_bytes / result.period : INFINITY;
    result.transfer_count = transfers;
    return result;
  }
};

std::shared_ptr<FormRun> start_run(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                   const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("multi-tree form replay: one weight per tree, and at least one tree");
  if (options.slices == 0 || options.count < options.slices)
    throw std::invalid_argument("multi-tree form replay: at least one byte per slice");
  std::vector<std::string> names;
  for (const sg4::Host* host : hosts) {
    if (host == nullptr)
      throw std::invalid_argument("multi-tree form replay: null host");
    names.push_back(host->get_name());
  }
  for (const auto& tree : trees) {
    if (tree.size() != hosts.size() || tree.root() != trees.front().root())
      throw std::invalid_argument("multi-tree form replay: every tree spans the hosts from the same root");
    validate_tree(tree, names);
  }
  sg_hbcast_plugin_init();
  auto run = std::make_shared<FormRun>();
  run->hosts = hosts;
  run->options = options;
  run->start = sg4::Engine::get_clock();
  run->arrival.assign(hosts.size(), std::vector<double>(options.slices, run->start));
  plugin_detail::track_started(options.name);
  return run;
}

void periodic_node(const std::shared_ptr<FormRun>& run, const std::vector<PeriodicStep>& steps, NodeId node)
{
  int* received = nullptr;
  for (const auto& step : steps) {
    sg4::CommPtr receive;
    if (step.receive)
      receive = run->mailbox(step.receive->peer, node)->get_async<int>(&received);
    if (step.send) {
      const double bytes = static_cast<double>(step.send->range.count) + run->options.envelope_bytes;
      run->mailbox(node, step.send->peer)->put(&run->token, static_cast<uint64_t>(bytes));
      ++run->transfers;
    }
    if (receive) {
      receive->wait();
      run->arrive(node, step.receive->range, receive->get_finish_time());
    }
  }
  run->done(node);
}

}  // namespace

ReplayResult replay_periodic(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                             const std::vector<double>& weights, const PeriodicSchedule& schedule,
                             const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  check_periodic_schedule(schedule, parents);
  auto run = start_run(trees, weights, hosts, options);
  for (NodeId node = 0; node < hosts.size(); ++node)
    sg4::Actor::create(options.name + ":" + std::to_string(node), hosts[node],
                       [run, node, steps = periodic_steps(schedule, parents, weights, node, options.count,
                                                          options.slices)] { periodic_node(run, steps, node); });
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  return run->result(trees.front().root());
}

ReplayResult replay_capped(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                           const std::vector<double>& weights, std::size_t round_slices,
                           const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  if (round_slices == 0)
    throw std::invalid_argument("multi-tree form replay: rounds of at least one slice");
  auto run = start_run(trees, weights, hosts, options);
  const FormMessage message{options.count, options.slices, 1.0, options.envelope_bytes};
  const auto rates = capped_rates(weights, message);
  const auto shares = cumulative_shares(weights);
  const double round_time = static_cast<double>(round_slices) / std::accumulate(weights.begin(), weights.end(), 0.0);
  const std::size_t rounds = (options.slices + round_slices - 1) / round_slices;
  // Tree t's part of round r (empty parts are neither sent nor awaited).
  auto part = [options, shares, round_slices](std::size_t t, std::size_t r) {
    return fraction_of(slices_range(options.count, options.slices, r * round_slices, round_slices), shares[t],
                       shares[t + 1]);
  };
  const NodeId root = trees.front().root();
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  // Detached: nobody waits for a send (its receiver does), and SimGrid keeps no list of them
  // (an actor's unfinished communications are a list it searches on every completion).
  auto send = [run, rates, trees](NodeId from, std::size_t t, const ElementRange& range) {
    for (NodeId child : trees[t].children(from)) {
      const double bytes = static_cast<double>(range.count) + run->options.envelope_bytes;
      sg4::CommPtr comm = run->mailbox(from, child, "/" + std::to_string(t))->put_init(&run->token, static_cast<uint64_t>(bytes));
      comm->set_rate(rates[t]);
      comm->detach();
      ++run->transfers;
    }
  };
  for (NodeId node = 0; node < hosts.size(); ++node)
    sg4::Actor::create(options.name + ":" + std::to_string(node), hosts[node], [=] {
      if (node == root) {
        for (std::size_t r = 0; r < rounds; ++r) {
          sg4::this_actor::sleep_until(run->start + static_cast<double>(r) * round_time);
          for (std::size_t t = 0; t < trees.size(); ++t)
            if (const ElementRange range = part(t, r); range.count > 0)
              send(node, t, range);
        }
      } else {
        // Two receives posted per tree, its next two non-empty parts: the second is there when the
        // parent sends it, so its latency overlaps the first's transfer, as the prediction has it.
        std::vector<std::size_t> next(trees.size(), 0);
        std::vector<std::deque<std::pair<sg4::CommPtr, std::size_t>>> receives(trees.size());
        std::vector<std::size_t> tree_of;
        int* received = nullptr;
        const auto post = [&](std::size_t t) {
          while (receives[t].size() < 2) {
            while (next[t] < rounds && part(t, next[t]).count == 0)
              ++next[t];
            if (next[t] >= rounds)
              return;
            receives[t].emplace_back(
                run->mailbox(parents[t][node], node, "/" + std::to_string(t))->get_async<int>(&received), next[t]++);
          }
        };
        for (std::size_t t = 0; t < trees.size(); ++t)
          post(t);
        std::vector<sg4::CommPtr> pending;
        while (true) {
          pending.clear();
          tree_of.clear();
          for (std::size_t t = 0; t < trees.size(); ++t)
            if (!receives[t].empty()) {  // a tree's parts arrive in order: its first is the next
              pending.push_back(receives[t].front().first);
              tree_of.push_back(t);
            }
          if (pending.empty())
            break;
          const std::size_t t = tree_of[static_cast<std::size_t>(sg4::Comm::wait_any(pending))];
          const auto [comm, round] = receives[t].front();
          receives[t].pop_front();
          const ElementRange range = part(t, round);
          run->arrive(node, range, comm->get_finish_time());
          send(node, t, range);
          post(t);
        }
      }
      run->done(node);
    });
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  return run->result(root);
}

}  // namespace hbcast
