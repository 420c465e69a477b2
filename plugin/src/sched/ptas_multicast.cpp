#include <hbcast/sched/ptas_multicast.hpp>

#include <hbcast/sched/sender_only_times.hpp>

#include <algorithm>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace hbcast {
namespace {

std::vector<double> times_of(const std::vector<double>& times, const std::vector<NodeId>& nodes)
{
  std::vector<double> sub;
  for (NodeId v : nodes)
    sub.push_back(times[v]);
  return sub;
}

NodeId index_of(const std::vector<NodeId>& nodes, NodeId v)
{
  return static_cast<NodeId>(std::lower_bound(nodes.begin(), nodes.end(), v) - nodes.begin());
}

std::size_t non_member_count(std::size_t n, const std::vector<NodeId>& members) { return n - 1 - members.size(); }

}  // namespace

double ptas_multicast_work(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                           const PtasParameters& parameters)
{
  require_transmission_times(times, source);
  const auto mask = member_mask(times.size(), source, members);
  double work = 0.0;
  for (std::size_t k = 0; k <= non_member_count(times.size(), members); ++k) {
    const auto nodes = multicast_participants(times, source, mask, k);
    work += sender_only_ptas_work(times_of(times, nodes), index_of(nodes, source), parameters);
  }
  return work;
}

MulticastSchedule ptas_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                                 const PtasParameters& parameters)
{
  const double work = ptas_multicast_work(times, source, members, parameters);
  if (work > parameters.max_work) {
    std::ostringstream message;
    message << "PTAS multicast: n = " << times.size() << " with epsilon' = " << parameters.epsilon_prime
            << " needs about " << work << " steps, over the limit of " << parameters.max_work
            << "; use a larger epsilon' or fewer processors";
    throw std::invalid_argument(message.str());
  }
  const auto mask = member_mask(times.size(), source, members);
  PtasParameters unlimited = parameters;  // the whole run was checked against the limit above
  unlimited.max_work = std::numeric_limits<double>::infinity();
  auto ptas = [&unlimited](const std::vector<double>& sub_times, NodeId sub_source) {
    return sender_only_ptas(sub_times, sub_source, unlimited).tree;
  };
  MulticastSchedule best;
  best.member_completion = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k <= non_member_count(times.size(), members); ++k) {
    const BroadcastTree tree = schedule_on_subset(times, source, multicast_participants(times, source, mask, k), ptas);
    MulticastSchedule candidate = make_multicast_schedule(tree, times, members);
    if (candidate.member_completion < best.member_completion)
      best = std::move(candidate);
  }
  return best;
}

ScheduleResult schedule_ptas_multicast(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members)
{
  return schedule_sender_only_multicast(
      instance, root, members, [](const std::vector<double>& times, NodeId source, const std::vector<NodeId>& group) {
        const auto work = [&](double epsilon_prime) {
          return ptas_multicast_work(times, source, group, {0.1, epsilon_prime, kRegistryPtasWork});
        };
        return ptas_multicast(times, source, group,
                              {0.1, affordable_epsilon_prime(work, kRegistryPtasWork), kRegistryPtasWork});
      });
}

}  // namespace hbcast
