#include "max_flow_network.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hbcast {

namespace {

// Slots and nodes are indexed in 32 bits (arc_of_ holds an arc or -1): checked before any is sized.
std::size_t checked_node_count(std::size_t node_count, std::size_t arc_count)
{
  if (node_count > std::numeric_limits<std::uint32_t>::max() ||
      arc_count > std::numeric_limits<std::int32_t>::max() / 2)
    throw std::length_error("max-flow network: 2^32 nodes or 2^30 arcs and more");
  return node_count;
}

}  // namespace

MaxFlowNetwork::MaxFlowNetwork(std::size_t node_count, const std::vector<std::pair<NodeId, NodeId>>& arcs)
    : node_count_(checked_node_count(node_count, arcs.size()))
    , first_slot_(node_count + 1, 0)
    , head_(2 * arcs.size())
    , mate_(2 * arcs.size())
    , arc_of_(2 * arcs.size())
    , forward_slot_(arcs.size())
    , capacity_(arcs.size(), 0.0)
    , residual_(2 * arcs.size(), 0.0)
    , mate_residual_(2 * arcs.size(), 0.0)
    , is_touched_(arcs.size(), false)
    , level_(node_count)
    , next_(node_count)
    , sink_distance_(node_count, -1)
    , sink_frontier_(node_count)
{
  for (const auto& [from, to] : arcs) {
    ++first_slot_[from + 1];
    ++first_slot_[to + 1];
  }
  for (std::size_t v = 0; v < node_count; ++v)
    first_slot_[v + 1] += first_slot_[v];
  std::vector<std::uint32_t> fill(first_slot_.begin(), first_slot_.end() - 1);
  for (std::size_t k = 0; k < arcs.size(); ++k) {
    const auto [from, to] = arcs[k];
    const std::uint32_t forward = fill[from]++, reverse = fill[to]++;
    head_[forward] = static_cast<std::uint32_t>(to);
    head_[reverse] = static_cast<std::uint32_t>(from);
    mate_[forward] = reverse;
    mate_[reverse] = forward;
    arc_of_[forward] = static_cast<std::int32_t>(k);
    arc_of_[reverse] = -1;
    forward_slot_[k] = forward;
  }
  frontier_.reserve(node_count);
}

void MaxFlowNetwork::set_capacities(const std::vector<double>& capacities, double negligible)
{
  capacity_ = capacities;
  negligible_ = negligible;
  residual_is_capacity_ = false;
  first_levels_source_ = kNoNode;
}

// A solve changes few arcs of a large network: putting back only those keeps the reset O(path).
void MaxFlowNetwork::restore_capacities()
{
  auto restore = [this](std::size_t k) {
    const std::size_t forward = forward_slot_[k], reverse = mate_[forward];
    residual_[forward] = mate_residual_[reverse] = capacity_[k];
    residual_[reverse] = mate_residual_[forward] = 0.0;
  };
  if (residual_is_capacity_) {
    for (std::size_t k : touched_) {
      restore(k);
      is_touched_[k] = false;
    }
  } else {
    for (std::size_t k = 0; k < capacity_.size(); ++k)
      restore(k);
    std::fill(is_touched_.begin(), is_touched_.end(), false);
  }
  touched_.clear();
  residual_is_capacity_ = true;
}

double MaxFlowNetwork::solve(NodeId source, NodeId sink, double limit)
{
  restore_capacities();
  sink_side_known_ = false;
  if (first_levels_source_ != source) {
    residual_levels(source, kNoNode);
    first_level_ = level_;
    first_frontier_ = frontier_;
    first_levels_source_ = source;
  }
  level_ = first_level_;
  frontier_ = first_frontier_;
  levels_complete_ = level_[sink] < 0;
  double value = 0.0;
  for (bool levelled = !levels_complete_; levelled && limit - value > negligible_;
       levelled = build_levels(source, sink)) {
    sink_level_ = level_[sink];
    for (std::size_t v = 0; v < node_count_; ++v)
      next_[v] = first_slot_[v];
    while (limit - value > negligible_) {
      const double pushed = push(source, sink, limit - value);
      if (pushed <= negligible_)
        break;
      value += pushed;
    }
  }
  return std::min(value, limit);
}

double MaxFlowNetwork::solve_from_sink(NodeId source, NodeId sink, double limit)
{
  restore_capacities();
  levels_complete_ = false;  // level_ says nothing of this flow's residual
  sink_side_known_ = false;
  double value = 0.0;
  while (limit - value > negligible_) {
    if (!build_sink_distances(source, sink)) {
      sink_side_known_ = true;
      break;
    }
    for (std::size_t k = 0; k < sink_reached_; ++k) {  // the only nodes a push can enter
      const NodeId v = sink_frontier_[k];
      next_[v] = first_slot_[v];
    }
    double pushed = 0.0;
    while (limit - value > negligible_ && (pushed = push_toward_sink(source, sink, limit - value)) > negligible_)
      value += pushed;
  }
  return std::min(value, limit);
}

// Breadth-first through residual arcs entered backwards, from the sink until the source is found:
// the nodes closer to the sink than the source all have their distance then. The hottest loop of
// the cut generation: it reads the arrays through local pointers (stores to the distances cannot
// move them), and the frontier, sized once for every node, is filled without a reallocation check.
bool MaxFlowNetwork::build_sink_distances(NodeId source, NodeId sink)
{
  int* const distance = sink_distance_.data();
  NodeId* const frontier = sink_frontier_.data();
  const std::uint32_t* const first_slot = first_slot_.data();
  const std::uint32_t* const head = head_.data();
  const double* const room = mate_residual_.data();
  const double negligible = negligible_;
  for (std::size_t k = 0; k < sink_reached_; ++k)
    distance[frontier[k]] = -1;
  frontier[0] = sink;
  distance[sink] = 0;
  std::size_t reached = 1;
  for (std::size_t next = 0; next < reached; ++next) {
    const NodeId v = frontier[next];
    const int farther = distance[v] + 1;
    for (std::size_t slot = first_slot[v], end = first_slot[v + 1]; slot < end; ++slot) {
      const NodeId u = head[slot];
      if (distance[u] < 0 && room[slot] > negligible) {  // u -> v has room
        distance[u] = farther;
        frontier[reached++] = u;
        if (u == source) {
          sink_reached_ = reached;
          return true;
        }
      }
    }
  }
  sink_reached_ = reached;
  return false;
}

// One augmenting path, each step one closer to the sink, at most `amount`.
double MaxFlowNetwork::push_toward_sink(NodeId node, NodeId sink, double amount)
{
  if (node == sink)
    return amount;
  const int closer = sink_distance_[node] - 1;
  for (; next_[node] < first_slot_[node + 1]; ++next_[node]) {
    const std::size_t slot = next_[node];
    if (residual_[slot] <= negligible_ || sink_distance_[head_[slot]] != closer)
      continue;
    const double pushed = push_toward_sink(head_[slot], sink, std::min(amount, residual_[slot]));
    if (pushed > negligible_) {
      take_residual(slot, pushed);
      return pushed;
    }
  }
  return 0.0;
}

// As build_sink_distances: local pointers, and a frontier sized for every node then cut to the
// nodes it holds.
void MaxFlowNetwork::residual_levels(NodeId source, NodeId stop_at, std::size_t enough)
{
  level_.assign(node_count_, -1);
  frontier_.resize(node_count_);
  int* const level = level_.data();
  NodeId* const frontier = frontier_.data();
  const std::uint32_t* const first_slot = first_slot_.data();
  const std::uint32_t* const head = head_.data();
  const double* const residual = residual_.data();
  const double negligible = negligible_;
  level[source] = 0;
  frontier[0] = source;
  std::size_t visited = 1;
  for (std::size_t next = 0; next < visited; ++next) {
    const NodeId u = frontier[next];
    const int deeper = level[u] + 1;
    for (std::size_t slot = first_slot[u], end = first_slot[u + 1]; slot < end; ++slot) {
      const NodeId to = head[slot];
      if (residual[slot] > negligible && level[to] < 0) {
        level[to] = deeper;
        if (to == stop_at) {
          frontier_.resize(visited);
          return;
        }
        frontier[visited++] = to;
        if (visited == enough) {
          frontier_.resize(visited);
          return;
        }
      }
    }
  }
  frontier_.resize(visited);
}

// Stopping at the sink leaves nodes unlevelled that no level-graph path to the sink crosses, so
// the augmenting paths are the same. When the sink is not reached the levels are complete: the
// residual reach of the source, the side of the cut.
bool MaxFlowNetwork::build_levels(NodeId source, NodeId sink)
{
  residual_levels(source, sink);
  levels_complete_ = level_[sink] < 0;
  return !levels_complete_;
}

// One augmenting path of the level graph (depth <= node count), at most `amount`. Nodes at the
// sink's level or beyond, other than the sink, cannot lead to it: they are not entered.
double MaxFlowNetwork::push(NodeId node, NodeId sink, double amount)
{
  if (node == sink)
    return amount;
  for (; next_[node] < first_slot_[node + 1]; ++next_[node]) {
    const std::size_t slot = next_[node];
    const NodeId to = head_[slot];
    if (residual_[slot] <= negligible_ || level_[to] != level_[node] + 1 || (to != sink && level_[to] >= sink_level_))
      continue;
    const double pushed = push(to, sink, std::min(amount, residual_[slot]));
    if (pushed > negligible_) {
      take_residual(slot, pushed);
      return pushed;
    }
  }
  return 0.0;
}

void MaxFlowNetwork::take_residual(std::size_t slot, double amount)
{
  const std::size_t mate = mate_[slot];
  residual_[slot] -= amount;
  residual_[mate] += amount;
  mate_residual_[mate] = residual_[slot];
  mate_residual_[slot] = residual_[mate];
  const std::size_t arc = static_cast<std::size_t>(arc_of_[slot] >= 0 ? arc_of_[slot] : arc_of_[mate]);
  if (!is_touched_[arc]) {
    is_touched_[arc] = true;
    touched_.push_back(arc);
  }
}

// A node that reaches the sink through residual arcs is not on the source side, so when the last
// flow left them known the search stops once every other node is reached.
void MaxFlowNetwork::reach_from(NodeId source)
{
  if (levels_complete_ && level_[source] == 0)
    return;
  residual_levels(source, kNoNode, sink_side_known_ ? node_count_ - sink_reached_ : node_count_);
  levels_complete_ = true;
}

std::vector<bool> MaxFlowNetwork::source_side(NodeId source)
{
  reach_from(source);
  std::vector<bool> reached(node_count_);
  for (NodeId u = 0; u < node_count_; ++u)
    reached[u] = level_[u] >= 0;
  return reached;
}

std::vector<int> MaxFlowNetwork::arcs_leaving_source_side(NodeId source)
{
  reach_from(source);
  std::vector<int> cut;
  if (2 * frontier_.size() <= node_count_) {
    // The reached nodes' forward arcs to unreached ones, by tail then arc index: already in
    // order when the arcs are listed by tail, as TopologyGraph lists them.
    for (NodeId u = 0; u < node_count_; ++u)
      if (level_[u] >= 0)
        for (std::size_t slot = first_slot_[u]; slot < first_slot_[u + 1]; ++slot)
          if (arc_of_[slot] >= 0 && level_[head_[slot]] < 0)
            cut.push_back(arc_of_[slot]);
  } else {  // the smaller side: the unreached nodes' arcs in (reverse slots) from reached ones
    for (NodeId v = 0; v < node_count_; ++v)
      if (level_[v] < 0)
        for (std::size_t slot = first_slot_[v]; slot < first_slot_[v + 1]; ++slot)
          if (arc_of_[slot] < 0 && level_[head_[slot]] >= 0)
            cut.push_back(arc_of_[mate_[slot]]);
  }
  if (!std::is_sorted(cut.begin(), cut.end()))
    std::sort(cut.begin(), cut.end());
  return cut;
}

}  // namespace hbcast
