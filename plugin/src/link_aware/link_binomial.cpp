#include <hbcast/link_aware/link_binomial.hpp>

#include <hbcast/core/binomial_tree.hpp>
#include <hbcast/link_aware/link_aware_schedule.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>

#include <string>
#include <vector>

namespace hbcast {
namespace {

// The binomial shape is fixed: it cannot avoid a pair the platform leaves unrouted.
void check_routed(const BroadcastTree& tree, const LinkRouteModel& links, const std::vector<std::string>& names)
{
  auto name = [&](NodeId v) { return v < names.size() ? names[v] : "node " + std::to_string(v); };
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId v : tree.children(u))
      if (!links.route(u, v)->routable())
        throw SchedulerNotApplicable("its tree sends from '" + name(u) + "' to '" + name(v) +
                                     "', a pair the platform does not route (the binomial shape is fixed: it "
                                     "cannot choose among the routed pairs)");
}

}  // namespace

ScheduleResult schedule_link_binomial(const BroadcastInstance& instance, NodeId root)
{
  const BroadcastTree binomial = binomial_tree(instance.size(), root);
  check_routed(binomial, *instance.links("link-binomial"), instance.host_names());
  return link_aware_result(link_timed(binomial, instance, root, "link-binomial"), instance, "link-binomial");
}

}  // namespace hbcast
