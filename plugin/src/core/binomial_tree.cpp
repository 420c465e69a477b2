#include <hbcast/core/binomial_tree.hpp>

namespace hbcast {

BroadcastTree binomial_tree(std::size_t node_count, NodeId root)
{
  BroadcastTree tree(node_count, root);
  std::size_t power = 1;  // 2^m, the largest power of two <= n
  while (power * 2 <= node_count)
    power *= 2;
  auto host = [&](std::size_t rank) { return (rank + root) % node_count; };
  for (std::size_t rank = 0; rank < power; ++rank) {
    // Rank x sends in every round whose stride 2^(m-p) divides x: to x + 2^(m-p-1), farthest first.
    std::size_t lowest_bit = rank == 0 ? power : (rank & (~rank + 1));
    for (std::size_t half = lowest_bit / 2; half >= 1; half /= 2)
      tree.add_child(host(rank), host(rank + half));
    if (rank + power < node_count)  // the last round of Algorithm 4
      tree.add_child(host(rank), host(rank + power));
  }
  return tree;
}

std::size_t binomial_rounds(std::size_t processes)
{
  std::size_t rounds = 0;
  for (std::size_t reached = 1; reached < processes; reached *= 2)
    ++rounds;
  return rounds;
}

}  // namespace hbcast
