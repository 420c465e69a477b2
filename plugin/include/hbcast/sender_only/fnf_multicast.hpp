#pragma once
#include <hbcast/sender_only/multicast_schedule.hpp>

#include <vector>

namespace hbcast {

/// Khuller-Kim-Woeginger, section 4, with FNF as the broadcast algorithm: FNF (fnf.hpp, same tie-breaking)
/// over the source, the members and the k fastest non-members (by (t, id)).
MulticastSchedule fnf_multicast_with_recruits(const std::vector<double>& times, NodeId source,
                                              const std::vector<NodeId>& members, std::size_t recruits);

/// The k that minimises the members' completion time, ties to the smaller k; the same answer as
/// trying every k = 0..|non-members| with fnf_multicast_with_recruits, found faster:
///  - recruits ordered after the slowest member are informed after it in FNF's receive order and
///    change no member's time, so k stops at the number of non-members ordered before it;
///  - FNF ready times rise along the receive order, and by equation (1) of Liu a receiver's
///    ready time only grows when any transmission time grows. The members plus k recruits,
///    in FNF order, are elementwise no faster than the first |members| + k processors overall,
///    so the FNF ready time of position |members| + k over every processor bounds k's answer
///    from below; once it reaches the best answer no larger k can win.
/// Worst case O(n^2 log n) (one FNF per k), as each k reorders the whole suffix.
MulticastSchedule fnf_multicast(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& members);

/// Registry multicast of `fnf`: fnf_multicast on the instance's sender-only t_u.
ScheduleResult schedule_fnf_multicast(const BroadcastInstance& instance, NodeId root, const std::vector<NodeId>& members);

}  // namespace hbcast
