#include "random_instances.hpp"

#include <algorithm>
#include <numeric>

namespace hbcast::test_support {

BroadcastTree random_tree(std::size_t node_count, std::mt19937_64& rng)
{
  std::vector<NodeId> order(node_count);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  BroadcastTree tree(node_count, order[0]);
  for (std::size_t k = 1; k < node_count; ++k) {
    std::uniform_int_distribution<std::size_t> pick(0, k - 1);
    tree.add_child(order[pick(rng)], order[k]);
  }
  return tree;
}

BroadcastTree random_tree_from(std::size_t node_count, NodeId root, std::mt19937_64& rng)
{
  std::vector<NodeId> attached{root};
  for (NodeId node = 0; node < node_count; ++node)
    if (node != root)
      attached.push_back(node);
  std::shuffle(attached.begin() + 1, attached.end(), rng);
  BroadcastTree tree(node_count, root);
  for (std::size_t k = 1; k < node_count; ++k)
    tree.add_child(attached[std::uniform_int_distribution<std::size_t>(0, k - 1)(rng)], attached[k]);
  return tree;
}

StarParameters random_star(std::size_t node_count, std::mt19937_64& rng)
{
  std::uniform_real_distribution<double> bandwidth(1e6, 1.25e9);  // 1 MB/s .. 10 Gb/s
  std::uniform_real_distribution<double> latency(1e-6, 1e-3);
  std::uniform_real_distribution<double> overhead_share(0.1, 0.9);
  StarParameters star;
  for (std::size_t u = 0; u < node_count; ++u) {
    star.up_bandwidth.push_back(bandwidth(rng));
    star.down_bandwidth.push_back(bandwidth(rng));
    star.up_latency.push_back(latency(rng));
    star.down_latency.push_back(latency(rng));
    star.send_latency.push_back(overhead_share(rng) * star.up_latency.back());
    star.send_bandwidth.push_back(star.up_bandwidth.back() / overhead_share(rng));
  }
  return star;
}

DenseCostModel star_cost_model(const StarParameters& star)
{
  const std::size_t n = star.up_bandwidth.size();
  DenseCostModel costs(n);
  for (NodeId u = 0; u < n; ++u) {
    costs.set_send_overhead(u, star.send_latency[u], star.send_bandwidth[u]);
    for (NodeId v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, star.up_latency[u] + star.down_latency[v],
                       std::min(star.up_bandwidth[u], star.down_bandwidth[v]));
  }
  return costs;
}

}  // namespace hbcast::test_support
