#include <hbcast/sender_only/exhaustive_oracle.hpp>

#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hbcast {
namespace {

// Makespan of `order`, or some value >= `give_up` once the order cannot beat it.
double bounded_sequence_makespan(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& order,
                                 double give_up)
{
  const auto ready = schedule_sequence(times, source, order, {false, give_up}).ready;
  return ready.empty() ? 0.0 : *std::max_element(ready.begin(), ready.end());
}

}  // namespace

double sequence_makespan(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& order)
{
  return bounded_sequence_makespan(times, source, order, std::numeric_limits<double>::infinity());
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
    best = std::min(best, bounded_sequence_makespan(times, source, order, best));
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

}  // namespace hbcast
