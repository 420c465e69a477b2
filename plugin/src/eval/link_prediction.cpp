#include <hbcast/eval/link_prediction.hpp>

#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hbcast {

double link_period(const BroadcastTree& tree, const LinkRouteModel& links, double slice_bytes,
                   PeriodBottleneck* bottleneck)
{
  // Time each shared link is busy per slice: a transfer at its rate r crosses it for S / r at r,
  // which is S / bandwidth of the link's time, whatever r is.
  std::vector<double> busy;
  std::shared_ptr<const LinkRoute> holder;
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId child : tree.children(u)) {
      const LinkRouteView route = links.route_view(u, child, holder);
      for (std::size_t k = 0; k < route.link_count; ++k) {
        const LinkId id = route.links[k];
        if (id >= busy.size())
          busy.resize(std::size_t{id} + 1, 0.0);
        busy[id] += 1.0;  // crossings first: properties are read once per link below
      }
    }
  double period = 0.0;
  for (LinkId id = 0; id < busy.size(); ++id) {
    if (busy[id] == 0.0)
      continue;
    const LinkProperties& properties = links.link(id);
    if (properties.sharing == LinkSharing::fatpipe)
      continue;
    const double seconds = busy[id] * slice_bytes / properties.bandwidth;
    if (seconds > period) {
      period = seconds;
      if (bottleneck)
        *bottleneck = {PeriodBottleneck::Kind::link, kNoNode, id, properties.name};
    }
  }
  return period;
}

namespace {

// The ports' period (steady_state_period's formula) and the node whose ports set it: one-port, the
// sum of its sends or its incoming transfer; multi-port, its longest send, its overheads or its
// incoming transfer.
std::pair<double, NodeId> port_period(const BroadcastTree& tree, const CostModel& costs, double slice_bytes,
                                      PortModel port)
{
  std::vector<double> busy(tree.size(), 0.0);
  for (NodeId u = 0; u < tree.size(); ++u) {
    const auto& children = tree.children(u);
    double sending = 0.0;
    for (NodeId child : children) {
      const double transfer = costs.transfer_time(u, child, slice_bytes);
      sending = port == PortModel::one_port ? sending + transfer : std::max(sending, transfer);
      busy[child] = std::max(busy[child], transfer);
    }
    if (port == PortModel::multi_port)
      sending = std::max(sending, static_cast<double>(children.size()) * costs.send_overhead(u, slice_bytes));
    busy[u] = std::max(busy[u], sending);
  }
  std::pair<double, NodeId> busiest{0.0, tree.root()};
  for (NodeId u = 0; u < tree.size(); ++u)
    if (busy[u] > busiest.first)
      busiest = {busy[u], u};
  return busiest;
}

}  // namespace

LinkPrediction predict_with_links(const BroadcastTree& tree, const CostModel& costs, const LinkRouteModel& links,
                                  double slice_bytes, std::size_t slices, PortModel port, bool use_max_min,
                                  bool any_size)
{
  if (slices == 0)
    throw std::invalid_argument("a broadcast needs at least one slice");
  if (links.host_count() != tree.size())
    throw std::invalid_argument("predict_with_links: the tree and the links have different host counts");
  LinkPrediction prediction;
  std::vector<TimedTransfer> transfers;
  double ports_makespan = 0.0;
  if (slices == 1) {
    AtomicPrediction atomic = evaluate_atomic(tree, costs, slice_bytes, port);
    transfers = timed_transfers(tree, costs, slice_bytes, atomic.ready_time);
    ports_makespan = atomic.makespan;
    prediction.startup = atomic.makespan;
    prediction.completion_time = std::move(atomic.ready_time);
  } else {
    PipelinePrediction pipelined = evaluate_pipelined(tree, costs, slice_bytes, slices, port, transfers);
    ports_makespan = pipelined.makespan;
    prediction.completion_time = std::move(pipelined.completion_time);
    // The first slice's arrival at each node: the end of its first incoming transfer listed.
    std::vector<double> first(tree.size(), -1.0);
    for (const TimedTransfer& transfer : transfers)
      if (first[transfer.to] < 0.0)
        first[transfer.to] = transfer.end;  // a node's transfers in slice order
    for (double time : first)
      prediction.startup = std::max(prediction.startup, time);
  }
  const auto [ports, busiest] = port_period(tree, costs, slice_bytes, port);
  prediction.port_period = ports;
  prediction.link_period = link_period(tree, links, slice_bytes, &prediction.bottleneck);
  prediction.period = std::max(prediction.port_period, prediction.link_period);
  if (prediction.port_period >= prediction.link_period && prediction.port_period > 0.0)
    prediction.bottleneck = {PeriodBottleneck::Kind::port, busiest, 0, {}};
  if (tree.has_send_starts() && tree.slice_period() > prediction.period) {
    prediction.period = tree.slice_period();
    prediction.bottleneck = {PeriodBottleneck::Kind::pace, kNoNode, 0, {}};
  }
  if (!links_never_oversubscribed(tree, links, port))
    prediction.contention = analyze_contention(transfers, links);
  prediction.exact = prediction.contention.links.empty();
  if (!prediction.exact && use_max_min && (any_size || max_min_applies(tree.size(), slices))) {
    MaxMinPrediction shared = predict_max_min(tree, costs, links, slice_bytes, slices, port);
    prediction.makespan = shared.makespan;
    prediction.completion_time = std::move(shared.completion_time);
    prediction.exact = true;
    prediction.max_min = true;
    return prediction;
  }
  prediction.makespan =
      prediction.exact
          ? ports_makespan
          : std::max({ports_makespan, prediction.startup + static_cast<double>(slices - 1) * prediction.period,
                      link_lower_bound(tree, costs, links, slice_bytes * static_cast<double>(slices))});
  return prediction;
}

double ports_lower_bound(const BroadcastTree& tree, const CostModel& costs, double slice_bytes, std::size_t slices,
                         PortModel port)
{
  if (slices <= 1)
    return 0.0;
  return static_cast<double>(slices - 1) * port_period(tree, costs, slice_bytes, port).first;
}

double link_lower_bound(const BroadcastTree& tree, const CostModel& costs, const LinkRouteModel& links,
                        double message_bytes)
{
  double bound = link_period(tree, links, message_bytes);
  // The first byte reaches a node after the latencies on its tree path at the earliest (parents
  // before children, breadth-first from the root); its edge then carries the whole message, one
  // slice at a time, at its route's bottleneck rate at most.
  std::vector<double> reached(tree.size(), 0.0);
  std::vector<NodeId> queue{tree.root()};
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const NodeId u = queue[next];
    for (NodeId child : tree.children(u)) {
      reached[child] = reached[u] + costs.latency(u, child);
      bound = std::max(bound, reached[child] + message_bytes * costs.inverse_bandwidth(u, child));
      queue.push_back(child);
    }
  }
  return bound;
}

}  // namespace hbcast
