#pragma once
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/cluster_schedule.hpp>

#include <vector>

namespace hbcast {

/// Appends transfers to a schedule while tracking how many nodes of each cluster hold the message
/// (always a prefix of the cluster's local nodes). Shared by every Khuller-Kim-Wan scheduler.
class ScheduleBuilder {
public:
  /// Throws std::invalid_argument when the instance is not valid (ClusterInstance::validate).
  explicit ScheduleBuilder(const ClusterInstance& instance);
  /// The same, for a scheduler given the order to inform clusters in: also throws unless `order`
  /// lists clusters 1..k-1 once each (check_cluster_order).
  ScheduleBuilder(const ClusterInstance& instance, const std::vector<std::size_t>& order);

  const ClusterInstance& instance() const { return *instance_; }
  std::size_t informed(std::size_t cluster) const { return informed_[cluster]; }
  std::size_t total_informed() const { return total_informed_; }
  NodeId node(std::size_t cluster, std::size_t local) const { return offsets_[cluster] + local; }

  /// One doubling round in `cluster` at `time`: informed node j sends to node informed + j while
  /// that stays below `target`. Returns whether anything was sent.
  bool local_round(std::size_t cluster, std::size_t target, double time);
  /// Rounds at time, time + 1, ... until `target` nodes hold the message; returns the end time.
  double local_broadcast(std::size_t cluster, std::size_t target, double time);
  /// Local node `from_local` sends to the next uninformed node of `cluster` (below `target`) at
  /// `time`; returns that node's local index, or `target` when nobody is left.
  std::size_t local_send(std::size_t cluster, std::size_t from_local, std::size_t target, double time);
  /// Local node `local` of cluster `from` sends to the advertised node of cluster `to` at `time`.
  void global(std::size_t from, std::size_t local, std::size_t to, double time);

  ClusterSchedule take() { return std::move(schedule_); }

private:
  const ClusterInstance* instance_;
  std::vector<NodeId> offsets_;
  std::vector<std::size_t> informed_;
  std::size_t total_informed_ = 1;
  ClusterSchedule schedule_;
};

/// Number of doubling rounds to go from `have` to `want` holders: ceil(log2(want / have)), 0 when
/// have >= want (binomial_rounds(n) for have = 1). Throws std::invalid_argument for have = 0 < want.
std::size_t doubling_rounds(std::size_t have, std::size_t want);

}  // namespace hbcast
