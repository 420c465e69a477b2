#pragma once
#include <hbcast/sender_only/multicast_schedule.hpp>
#include <hbcast/sender_only/sender_only_ptas.hpp>

#include <vector>

namespace hbcast {

/// Khuller-Kim-Woeginger, section 4, Theorem 4: an optimal multicast that recruits k non-members recruits the
/// k fastest, and is then a broadcast over the source, the members and those k (a recruit informed
/// after the last member is useless and can be dropped). So the PTAS is run on every such set,
/// k = 0..|non-members|, and the schedule whose last member is informed first is kept (ties: the
/// smaller k). With the source among the fastest processors, the members' completion is at most
/// ptas_guarantee(parameters) times the optimal multicast time.
/// Throws std::invalid_argument, before any work, when the summed PTAS work exceeds max_work.
MulticastSchedule ptas_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                                 const PtasParameters& parameters = {});

/// Summed sender_only_ptas_work over every k.
double ptas_multicast_work(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members,
                           const PtasParameters& parameters);

/// Registry multicast of `ptas`: eps = 0.1 and the smallest affordable eps' (sender_only_ptas.hpp)
/// for the summed work over every k within kRegistryPtasWork; refuses, like ptas_multicast, when
/// even eps' = 1 is over it.
ScheduleResult schedule_ptas_multicast(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members);

}  // namespace hbcast
