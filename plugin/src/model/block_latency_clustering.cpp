#include <hbcast/model/latency_clustering.hpp>

#include <boost/pending/disjoint_sets.hpp>

#include <algorithm>
#include <limits>

namespace hbcast {
namespace {

// Symmetric latencies between blocks, read once per block pair: lat(u, v) of the exhaustive rule
// for any u of one and v of the other (u != v), so every comparison below is the same one.
class BlockLatencies {
public:
  BlockLatencies(const CostModel& costs, const HostBlocks& blocks) : count_(blocks.count()), values_(count_ * count_)
  {
    for (std::size_t a = 0; a < count_; ++a)
      for (std::size_t b = 0; b < count_; ++b) {
        const NodeId u = blocks.first(a), v = a == b ? blocks.second(b) : blocks.first(b);
        values_[a * count_ + b] = 0.5 * (costs.latency(u, v) + costs.latency(v, u));
      }
  }
  double operator()(std::size_t a, std::size_t b) const { return values_[a * count_ + b]; }

private:
  std::size_t count_;
  std::vector<double> values_;
};

// m_u of every host of a block: the nearest other host, inside the block when it has two.
std::vector<double> nearest_latencies(const HostBlocks& blocks, const BlockLatencies& latency)
{
  const std::size_t count = blocks.count();
  std::vector<double> nearest(count, std::numeric_limits<double>::infinity());
  for (std::size_t a = 0; a < count; ++a)
    for (std::size_t b = 0; b < count; ++b)
      if (a != b || blocks.members[a].size() > 1)
        nearest[a] = std::min(nearest[a], latency(a, b));
  return nearest;
}

// Component labels: a block linked to another block, or to itself, is whole in its block
// component; a block linked to nothing leaves its hosts alone (labels count + host).
std::vector<std::size_t> component_labels(const HostBlocks& blocks, const BlockLatencies& latency, double tolerance)
{
  const std::size_t count = blocks.count();
  const std::vector<double> nearest = nearest_latencies(blocks, latency);
  std::vector<std::size_t> rank(count), parent(count);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  std::vector<bool> linked(count, false);
  for (std::size_t a = 0; a < count; ++a) {
    sets.make_set(a);
    linked[a] = blocks.members[a].size() > 1 && latency(a, a) <= (1.0 + tolerance) * nearest[a];
  }
  for (std::size_t a = 0; a < count; ++a)
    for (std::size_t b = a + 1; b < count; ++b)
      if (latency(a, b) <= (1.0 + tolerance) * std::min(nearest[a], nearest[b])) {
        sets.union_set(a, b);
        linked[a] = linked[b] = true;
      }
  std::vector<std::size_t> label(blocks.block_of.size());
  for (NodeId u = 0; u < label.size(); ++u) {
    const std::size_t block = blocks.block_of[u];
    label[u] = linked[block] ? sets.find_set(block) : count + u;
  }
  return label;
}

// The exhaustive rule's tightness check on a group of hosts (see is_loose in latency_clustering.cpp):
// its outsiders are whole blocks (a group of two or more hosts holds its blocks whole).
bool is_loose(const HostBlocks& blocks, const BlockLatencies& latency, const HostClustering& grouping,
              const std::vector<NodeId>& group)
{
  const std::size_t sample = std::min(group.size(), kTightnessSample);
  double inside = 0, outside = std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < sample; ++a)
    for (std::size_t b = a + 1; b < sample; ++b)
      inside = std::max(inside, latency(blocks.block_of[group[a]], blocks.block_of[group[b]]));
  const std::size_t own = grouping.cluster_of[group.front()];
  const std::size_t first_block = blocks.block_of[group.front()];
  for (std::size_t b = 0; b < blocks.count(); ++b)
    if (grouping.cluster_of[blocks.first(b)] != own)
      outside = std::min(outside, latency(first_block, b));
  return inside * (1 + kTightnessRounding) >= outside;
}

}  // namespace

HostClustering cluster_blocks_by_latency(const CostModel& costs, const HostBlocks& blocks, double tolerance)
{
  require_clustering_input(costs, tolerance);
  const BlockLatencies latency(costs, blocks);
  return split_loose_groups(component_labels(blocks, latency, tolerance),
                            [&](const HostClustering& grouping, const std::vector<NodeId>& group) {
                              return is_loose(blocks, latency, grouping, group);
                            });
}

}  // namespace hbcast
