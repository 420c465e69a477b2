#include <hbcast/sched/sender_only_times.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hbcast {

void require_transmission_times(const std::vector<double>& times, std::optional<NodeId> source)
{
  if (times.empty())
    throw std::invalid_argument("sender-only instance: no processor");
  for (std::size_t p = 0; p < times.size(); ++p)
    if (!(times[p] >= 0.0) || !std::isfinite(times[p]))
      throw std::invalid_argument("sender-only instance: transmission time of processor " + std::to_string(p) +
                                  " must be finite and >= 0");
  if (source && *source >= times.size())
    throw std::invalid_argument("sender-only instance: source " + std::to_string(*source) + " is not one of the " +
                                std::to_string(times.size()) + " processors");
}

NodeId fastest_processor(const std::vector<double>& times)
{
  return static_cast<NodeId>(std::min_element(times.begin(), times.end()) - times.begin());
}

std::vector<double> ready_times(const std::vector<double>& times, const BroadcastTree& tree)
{
  std::vector<double> ready(times.size(), 0.0);
  std::vector<NodeId> pending{tree.root()};
  while (!pending.empty()) {
    const NodeId parent = pending.back();
    pending.pop_back();
    const auto& children = tree.children(parent);
    for (std::size_t k = 0; k < children.size(); ++k) {
      ready[children[k]] = ready[parent] + static_cast<double>(k + 1) * times[parent];
      pending.push_back(children[k]);
    }
  }
  return ready;
}

double tree_makespan(const std::vector<double>& times, const BroadcastTree& tree)
{
  const auto ready = ready_times(times, tree);
  return *std::max_element(ready.begin(), ready.end());
}

std::vector<NodeId> sequence_of_tree(const std::vector<double>& times, const BroadcastTree& tree)
{
  const auto ready = ready_times(times, tree);
  std::vector<NodeId> sequence(times.size());
  std::iota(sequence.begin(), sequence.end(), 0);
  std::stable_sort(sequence.begin(), sequence.end(), [&](NodeId a, NodeId b) {
    if (a == tree.root() || b == tree.root())
      return a == tree.root() && b != tree.root();
    return ready[a] < ready[b];
  });
  return sequence;
}

}  // namespace hbcast
