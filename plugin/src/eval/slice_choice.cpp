#include <hbcast/eval/slice_choice.hpp>

#include <hbcast/core/slice_interleaving.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace hbcast {
namespace {

// A resource's mean occupation per slice of s bytes: fixed + per_byte x s seconds.
struct SliceOccupation {
  double fixed = 0.0;
  double per_byte = 0.0;
  void add(double share, double latency, double inverse_bandwidth)
  {
    fixed += share * latency;
    per_byte += share * inverse_bandwidth;
  }
};

// plan_period's resources (ports, multi-port arcs and send overheads, SHARED links), each as an
// affine function of the slice size.
class AffinePlan final : public PreparedPlan {
public:
  AffinePlan(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights, const CostModel& costs,
             const LinkRouteModel* links, PortModel port)
      : trees_(trees), weights_(weights), costs_(costs), port_(port)
  {
    if (trees.empty() || trees.size() != weights.size())
      throw std::invalid_argument("a plan needs one weight per tree, and at least one tree");
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    if (!(total > 0.0))
      throw std::invalid_argument("a plan's weights must have a positive sum");
    std::vector<SliceOccupation> sending(costs.size()), receiving(costs.size());
    std::map<std::pair<NodeId, NodeId>, SliceOccupation> arcs;
    std::map<LinkId, SliceOccupation> shared_links;
    const bool arcs_overlap = slices_overlap_on_arcs(trees.size(), port);
    for (std::size_t k = 0; k < trees.size(); ++k) {
      const double share = weights[k] / total;
      if (share > 0.0)
        lightest_share_ = std::min(lightest_share_, share);
      for (NodeId u = 0; u < trees[k].size(); ++u)
        for (NodeId child : trees[k].children(u)) {
          const double latency = costs.latency(u, child), inverse = costs.inverse_bandwidth(u, child);
          if (port == PortModel::one_port) {
            sending[u].add(share, latency, inverse);
            receiving[child].add(share, latency, inverse);
          } else {
            arcs[{u, child}].add(share, arcs_overlap ? 0.0 : latency, inverse);
            sending[u].add(share, costs.send_latency(u), costs.send_inverse_bandwidth(u));
          }
          if (links)
            add_links(shared_links, *links, u, child, share);
        }
    }
    for (const auto* group : {&sending, &receiving})
      resources_.insert(resources_.end(), group->begin(), group->end());
    for (const auto& [arc, occupation] : arcs)
      resources_.push_back(occupation);
    for (const auto& [link, occupation] : shared_links)
      resources_.push_back(occupation);
  }

  PlanPrediction predict(double slice_bytes, std::size_t slices) const override
  {
    PlanPrediction prediction;
    // Smooth round-robin gives each tree floor or ceil of K x its share: all carry once the
    // lightest share reaches one slice.
    std::vector<bool> carries(trees_.size(), static_cast<double>(slices) * lightest_share_ >= 1.0);
    if (!carries.front())
      for (std::size_t tree : interleave_trees(weights_, slices))
        carries[tree] = true;
    for (std::size_t k = 0; k < trees_.size(); ++k)
      if (carries[k] && weights_[k] > 0.0)
        prediction.fill = std::max(prediction.fill, evaluate_atomic(trees_[k], costs_, slice_bytes, port_).makespan);
    for (const auto& resource : resources_)
      prediction.period = std::max(prediction.period, resource.fixed + resource.per_byte * slice_bytes);
    prediction.makespan = prediction.fill + static_cast<double>(slices - 1) * prediction.period;
    return prediction;
  }

private:
  // Every SHARED link of the route u -> v carries the tree's share of each slice, once however
  // often the route crosses it (as plan_period counts it).
  static void add_links(std::map<LinkId, SliceOccupation>& shared_links, const LinkRouteModel& links, NodeId u, NodeId v,
                        double share)
  {
    std::vector<LinkId> route = links.route(u, v)->links;
    std::sort(route.begin(), route.end());
    route.erase(std::unique(route.begin(), route.end()), route.end());
    for (LinkId id : route) {
      const LinkProperties& link = links.link(id);
      if (link.sharing == LinkSharing::shared)
        shared_links[id].add(share, 0.0, 1.0 / link.bandwidth);
    }
  }

  const std::vector<BroadcastTree>& trees_;
  std::vector<double> weights_;
  const CostModel& costs_;
  PortModel port_;
  double lightest_share_ = 1.0;
  std::vector<SliceOccupation> resources_;
};

}  // namespace

std::string PortAndLinkPredictor::name() const
{
  return links_ ? "ports and shared links" : "ports";
}

std::unique_ptr<PreparedPlan> PortAndLinkPredictor::prepare(const std::vector<BroadcastTree>& trees,
                                                            const std::vector<double>& weights, PortModel port) const
{
  return std::make_unique<AffinePlan>(trees, weights, costs_, links_, port);
}

SliceChoice choose_slice_count(const PreparedPlan& plan, double message_bytes, std::size_t max_slices)
{
  if (!(message_bytes >= 1.0))
    throw std::invalid_argument("choosing a slice count needs a message of one byte at least");
  const double whole_bytes = std::floor(message_bytes);
  const auto bound = static_cast<std::size_t>(
      std::max(1.0, std::min(static_cast<double>(std::max<std::size_t>(max_slices, 1)), whole_bytes)));
  SliceChoice best;
  std::map<std::size_t, double> tried;  // K -> predicted makespan
  const auto consider = [&](std::size_t slices) {
    slices = std::clamp<std::size_t>(slices, 1, bound);
    if (const auto known = tried.find(slices); known != tried.end())
      return known->second;
    const PlanPrediction prediction = plan.predict(slice_size(message_bytes, slices), slices);
    tried.emplace(slices, prediction.makespan);
    ++best.evaluated;
    if (best.evaluated == 1 || prediction.makespan < best.prediction.makespan ||
        (prediction.makespan == best.prediction.makespan && slices < best.slices)) {
      best.slices = slices;
      best.prediction = prediction;
    }
    return prediction.makespan;
  };
  constexpr std::size_t kEveryUpTo = 64;
  for (std::size_t slices = 1; slices <= std::min(bound, kEveryUpTo); ++slices)
    consider(slices);
  for (double slices = kEveryUpTo; slices < static_cast<double>(bound); slices *= 1.0625)
    consider(static_cast<std::size_t>(std::llround(slices)));
  consider(bound);
  // The best of the grid is within a sixteenth of the best K: every K there when few, else a
  // ternary search over them (the makespan is unimodal there but for rounding), then the last 32.
  const std::size_t around = best.slices, spread = around / 16;
  std::size_t low = around > spread ? around - spread : 1, high = std::min(around + spread, bound);
  while (high - low > 32) {
    const std::size_t third = (high - low) / 3;
    if (consider(low + third) <= consider(high - third))
      high = high - third;
    else
      low = low + third;
  }
  for (std::size_t slices = low; slices <= high; ++slices)
    consider(slices);
  return best;
}

}  // namespace hbcast
