#include <hbcast/link_aware/link_aware_schedule.hpp>

#include <hbcast/link_aware/link_retiming.hpp>
#include <hbcast/link_aware/paced_search.hpp>

#include <memory>
#include <utility>

namespace hbcast {
namespace {

// The pairwise times of a link model with the multi-port send overheads of another model (the
// instance's): what a link-aware schedule is timed with, and meets exactly.
class LinkTimesWithOverheads final : public CostModel {
public:
  LinkTimesWithOverheads(std::shared_ptr<const LinkRouteModel> links, std::shared_ptr<const CostModel> overheads)
      : links_(std::move(links)), overheads_(std::move(overheads))
  {
  }
  std::size_t size() const override { return links_->host_count(); }
  double latency(NodeId from, NodeId to) const override { return links_->route(from, to)->latency; }
  double inverse_bandwidth(NodeId from, NodeId to) const override { return 1.0 / links_->route(from, to)->bandwidth; }
  double send_latency(NodeId from) const override { return overheads_->send_latency(from); }
  double send_inverse_bandwidth(NodeId from) const override { return overheads_->send_inverse_bandwidth(from); }

private:
  std::shared_ptr<const LinkRouteModel> links_;
  std::shared_ptr<const CostModel> overheads_;
};

}  // namespace

std::shared_ptr<const CostModel> link_aware_costs(const BroadcastInstance& instance, const std::string& who)
{
  return std::make_shared<LinkTimesWithOverheads>(instance.links(who), instance.shared_costs());
}

BroadcastTree pace_link_aware(const BroadcastInstance& instance, NodeId root, const std::string& who,
                              const std::function<std::optional<BroadcastTree>(double)>& build,
                              BroadcastTree atomic_tree)
{
  const auto costs = link_aware_costs(instance, who);
  const double bytes = instance.transfer_bytes();
  const auto& links = *instance.links(who);
  return best_paced_tree(build, links, *costs, bytes, instance.slices(), instance.port(),
                         shortest_transfer_from(links, root, bytes),
                         paced_at_its_span(std::move(atomic_tree), *costs, bytes));
}

ScheduleResult schedule_link_aware(const BroadcastInstance& instance, NodeId root, bool lookahead,
                                   const std::string& who)
{
  const auto& links = instance.links(who);
  const auto costs = link_aware_costs(instance, who);
  LinkGreedyOptions options{instance.transfer_bytes(), instance.port(), lookahead};
  BroadcastTree atomic = build_link_greedy_tree(*links, *costs, root, options);
  if (instance.slices() == 1)
    return link_aware_result(std::move(atomic), instance, who);
  auto build = [&](double period) {
    LinkGreedyOptions paced = options;
    paced.period = period;
    return build_paced_link_greedy_tree(*links, *costs, root, paced);
  };
  return link_aware_result(pace_link_aware(instance, root, who, build, std::move(atomic)), instance, who);
}

BroadcastTree link_timed(const BroadcastTree& shape, const BroadcastInstance& instance, NodeId root,
                         const std::string& who)
{
  const auto& links = instance.links(who);
  const auto costs = link_aware_costs(instance, who);
  BroadcastTree atomic = retime_under_link_capacity(shape, *links, *costs, instance.transfer_bytes(), instance.port());
  if (instance.slices() == 1)
    return atomic;
  auto build = [&](double period) {
    return pace_under_link_capacity(shape, *links, *costs, instance.transfer_bytes(), instance.port(), period);
  };
  return pace_link_aware(instance, root, who, build, std::move(atomic));
}

double link_timed_makespan(const BroadcastTree& timed, const BroadcastInstance& instance, const std::string& who)
{
  return paced_makespan(timed, *link_aware_costs(instance, who), instance.transfer_bytes(), instance.slices());
}

ScheduleResult link_aware_result(BroadcastTree tree, const BroadcastInstance& instance, const std::string& who)
{
  ScheduleResult result;
  result.tree = std::move(tree);
  result.own_model = link_aware_costs(instance, who);
  result.own_model_name = "pairwise, no shared link over-subscribed";
  return result;
}

}  // namespace hbcast
