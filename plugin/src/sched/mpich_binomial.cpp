#include <hbcast/sched/mpich_binomial.hpp>

namespace hbcast {

BroadcastTree mpich_binomial_tree(std::size_t node_count, NodeId root)
{
  BroadcastTree tree(node_count, root);
  auto host = [&](std::size_t rank) { return (rank + root) % node_count; };
  std::size_t above_all = 1;  // the smallest power of two >= n: the root's "lowest bit"
  while (above_all < node_count)
    above_all *= 2;
  for (std::size_t rank = 0; rank < node_count; ++rank) {
    const std::size_t lowest_bit = rank == 0 ? above_all : (rank & (~rank + 1));
    // MPICH's second loop: mask from lowbit/2 down to 1, so the largest subtree is sent first.
    for (std::size_t mask = lowest_bit / 2; mask >= 1; mask /= 2)
      if (rank + mask < node_count)
        tree.add_child(host(rank), host(rank + mask));
  }
  return tree;
}

ScheduleResult schedule_mpich_binomial(const BroadcastInstance& instance, NodeId root)
{
  return {mpich_binomial_tree(instance.size(), root), nullptr, "pairwise (no model of its own)"};
}

}  // namespace hbcast
