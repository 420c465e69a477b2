#include <hbcast/sender_only/multicast_oracle.hpp>

#include <hbcast/sender_only/multicast_schedule.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace hbcast {
namespace {

// Time the last member is informed when the participants receive in `order`, each receiver
// served by the informed node that completes a transmission earliest (Liu, equation (1)).
double member_completion_of_order(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& order,
                                  const std::vector<bool>& mask)
{
  const auto ready = schedule_sequence(times, source, order, {false}).ready;
  double completion = 0.0;
  for (std::size_t k = 0; k < order.size(); ++k)
    if (mask[order[k]])
      completion = std::max(completion, ready[k]);
  return completion;
}

}  // namespace

double exhaustive_multicast_optimum(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members)
{
  if (times.size() > 8)
    throw std::invalid_argument("the exhaustive multicast oracle is limited to 8 nodes");
  const auto mask = member_mask(times.size(), source, members);
  std::vector<NodeId> others;
  for (NodeId v = 0; v < times.size(); ++v)
    if (v != source && !mask[v])
      others.push_back(v);
  double best = members.empty() ? 0.0 : std::numeric_limits<double>::infinity();
  for (std::size_t subset = 0; subset < (std::size_t{1} << others.size()) && !members.empty(); ++subset) {
    std::vector<NodeId> order(members);
    for (std::size_t k = 0; k < others.size(); ++k)
      if (subset >> k & 1)
        order.push_back(others[k]);
    std::sort(order.begin(), order.end());
    do {
      best = std::min(best, member_completion_of_order(times, source, order, mask));
    } while (std::next_permutation(order.begin(), order.end()));
  }
  return best;
}

}  // namespace hbcast
