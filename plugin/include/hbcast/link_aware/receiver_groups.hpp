#pragma once
#include <hbcast/model/link_route_model.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// Hosts grouped by the structure of their routes, so that a link-aware scheduler weighs a few
/// groups per sender instead of every receiver (no O(n^2) candidate scan).
///
/// Two hosts are in one group when the routes from the root to them share every link but the
/// last (one cluster behind one switch or gateway: grid5000_88's sites, a backbone cluster, a
/// fat-tree leaf). Above kMaxGroups such groups, hosts are grouped by the route's latency and
/// bottleneck instead, and above that again all hosts form one group. Within a group, hosts are
/// ordered by T_root,v(bytes), then index: a group's next receiver is its first uninformed one.
/// Building costs n route look-ups and O(n log n).
struct ReceiverGroups {
  static constexpr std::size_t kMaxGroups = 256;

  std::vector<std::vector<NodeId>> members;  ///< per group, in receiving order
  std::vector<std::size_t> group_of;         ///< per host
};

ReceiverGroups group_receivers(const LinkRouteModel& links, NodeId root, double bytes);

}  // namespace hbcast
