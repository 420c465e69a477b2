#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast {

/// A schedule that breaks a rule of the model; the message names the transfer or node.
class InvalidClusterSchedule : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct ScheduleCheck {
  double broadcast_time = 0.0;        ///< when the last node that must hold the message receives it
  std::vector<double> arrival;        ///< per node; +infinity if it never receives (the source: 0)
  std::size_t global_transfers = 0;
};

/// Checks a schedule against the model of Khuller-Kim-Wan and returns its broadcast (multicast) time.
/// Rejects: a sender that does not hold the message when it starts; a node taking part in two
/// transfers at once (basic model: both ends busy for the whole transfer; postal model, section 5:
/// a global send occupies the sender [s, s+1) and the receiver [s+C-1, s+C)); a node receiving twice;
/// a global message not addressed to a cluster's advertised node, or a second one to the same
/// cluster; more than d_i global transfers touching cluster i at once (section 4.1); more than B
/// global transfers at once (section 4.3); a node that must hold the message and never does.
ScheduleCheck check_schedule(const ClusterInstance& instance, const ClusterSchedule& schedule);

}  // namespace hbcast
