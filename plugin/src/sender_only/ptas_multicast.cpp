#include <hbcast/sender_only/ptas_multicast.hpp>

#include <hbcast/sender_only/sender_only_times.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace hbcast {

double ptas_multicast_work(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                           const PtasParameters& parameters)
{
  require_transmission_times(times, source);
  const auto mask = member_mask(times.size(), source, members);
  double work = 0.0;
  for (std::size_t k = 0; k <= non_member_count(times.size(), members); ++k) {
    const auto restricted = subset_instance(times, source, multicast_participants(times, source, mask, k));
    work += sender_only_ptas_work(restricted.times, restricted.source, parameters);
  }
  return work;
}

MulticastSchedule ptas_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                                 const PtasParameters& parameters)
{
  require_transmission_times(times, source);
  member_mask(times.size(), source, members);  // throws for a bad member before any work
  if (std::isfinite(parameters.max_work)) {  // an infinite limit: the caller checked the work
    const double work = ptas_multicast_work(times, source, members, parameters);
    if (work > parameters.max_work) {
      std::ostringstream message;
      message << "PTAS multicast: n = " << times.size() << " with epsilon' = " << parameters.epsilon_prime
              << " needs about " << work << " steps, over the limit of " << parameters.max_work
              << "; use a larger epsilon' or fewer processors";
      throw std::invalid_argument(message.str());
    }
  }
  PtasParameters unlimited = parameters;  // the whole run was checked against the limit above
  unlimited.max_work = std::numeric_limits<double>::infinity();
  auto ptas = [&unlimited](const std::vector<double>& sub_times, NodeId sub_source) {
    return sender_only_ptas(sub_times, sub_source, unlimited).tree;
  };
  MulticastSchedule best;
  best.member_completion = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k <= non_member_count(times.size(), members); ++k) {
    MulticastSchedule candidate = multicast_with_recruits(times, source, members, k, ptas);
    if (candidate.member_completion < best.member_completion)
      best = std::move(candidate);
  }
  return best;
}

ScheduleResult schedule_ptas_multicast(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members)
{
  return schedule_sender_only_multicast(
      instance, root, members, [](const std::vector<double>& times, NodeId source, const std::vector<NodeId>& group) {
        return ptas_multicast(times, source, group, registry_ptas_parameters([&](double epsilon_prime) {
                                return ptas_multicast_work(times, source, group, {0.1, epsilon_prime, kRegistryPtasWork});
                              }));
      });
}

}  // namespace hbcast
