#include <hbcast/sched/exhaustive_oracle.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hbcast {

std::vector<double> sequence_ready_times(const std::vector<double>& times, NodeId source,
                                         const std::vector<NodeId>& order)
{
  std::vector<NodeId> informed{source};
  std::vector<double> free_at{0.0};
  std::vector<double> ready_times;
  ready_times.reserve(order.size());
  for (NodeId receiver : order) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < informed.size(); ++k)
      if (free_at[k] + times[informed[k]] < free_at[best] + times[informed[best]])
        best = k;
    const double ready = free_at[best] + times[informed[best]];
    free_at[best] = ready;
    informed.push_back(receiver);
    free_at.push_back(ready);
    ready_times.push_back(ready);
  }
  return ready_times;
}

double sequence_makespan(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& order)
{
  const auto ready = sequence_ready_times(times, source, order);
  return ready.empty() ? 0.0 : *std::max_element(ready.begin(), ready.end());
}

double exhaustive_optimal_makespan(const std::vector<double>& times, NodeId source)
{
  if (times.size() > 9)
    throw std::invalid_argument("the exhaustive oracle is limited to 9 nodes");
  std::vector<NodeId> order;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source)
      order.push_back(v);
  double best = std::numeric_limits<double>::infinity();
  do {
    best = std::min(best, sequence_makespan(times, source, order));
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

}  // namespace hbcast
