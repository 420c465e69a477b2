#pragma once
#include <hbcast/link_aware/receiver_groups.hpp>

#include <utility>
#include <vector>

namespace hbcast {

/// ECEF-LA's lookahead (Bhat et al., as Barchet-Steffenel-Mounié section 4.4 gives it: F_j = min over uninformed
/// clusters k of g_jk + L_jk) over receiver groups: the pairwise time from group g's first host to
/// the nearest other group not reached yet, 0 when none is left. The value only
/// grows as groups fill up, so a key computed with it stays a lower bound (lazy revalidation).
/// Building costs G^2 route look-ups; each query is amortized O(1).
class GroupLookahead {
public:
  GroupLookahead(const LinkRouteModel& links, const ReceiverGroups& groups, double bytes);

  /// `pending[h]` is non-zero while group h is still to be reached; once 0 it must stay 0.
  double value(std::size_t group, const std::vector<std::size_t>& pending);

private:
  std::vector<std::vector<std::pair<double, std::size_t>>> nearest_;  // per group: (time, other group), ascending
  std::vector<std::size_t> cursor_;
};

}  // namespace hbcast
