#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/plan_period.hpp>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace hbcast {

/// A plan ready to be predicted for many slice sizes: what MakespanPredictor::prepare gives.
class PreparedPlan {
public:
  virtual ~PreparedPlan() = default;
  /// The plan's start-up (its one-slice makespan), period and makespan start-up + (K - 1) x period
  /// for K = `slices` slices of `slice_bytes` each.
  virtual PlanPrediction predict(double slice_bytes, std::size_t slices) const = 0;
};

/// What `--slices auto` and the `best` scheduler rank plans by: a plan's predicted makespan when
/// the message is cut into K slices. One interface, so that a more exact model of the links can
/// take over from the default one.
class MakespanPredictor {
public:
  virtual ~MakespanPredictor() = default;
  /// Names the model in reports, e.g. "ports and shared links".
  virtual std::string name() const = 0;
  /// The plan of `trees` (tree k carrying a share weights[k] / sum of the slices; one tree: {1})
  /// under `port`. The trees must outlive the prepared plan.
  virtual std::unique_ptr<PreparedPlan> prepare(const std::vector<BroadcastTree>& trees,
                                                const std::vector<double>& weights, PortModel port) const = 0;
};

/// The default: predict_plan's model, with the busiest resource's occupation per slice kept as an
/// affine function of the slice size so that each slice size costs one pass over the resources and
/// one atomic evaluation per tree. The start-up is the slowest tree's one-slice makespan under the
/// pairwise model (the trees that carry a slice); the period the busiest port, and with `links`
/// the busiest SHARED link, per slice.
class PortAndLinkPredictor final : public MakespanPredictor {
public:
  /// `links` may be null (ports only); both must outlive the predictor and what it prepares.
  PortAndLinkPredictor(const CostModel& costs, const LinkRouteModel* links) : costs_(costs), links_(links) {}
  std::string name() const override;
  std::unique_ptr<PreparedPlan> prepare(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                        PortModel port) const override;

private:
  const CostModel& costs_;
  const LinkRouteModel* links_;
};

/// A slice count and the plan's prediction with it.
struct SliceChoice {
  std::size_t slices = 1;
  PlanPrediction prediction;
  std::size_t evaluated = 0;  ///< slice counts predicted to find it
};

/// The slice count K in [1, max_slices] (and at most the message's whole bytes, as a slice carries
/// one byte at least) that minimises the plan's predicted makespan for K slices of
/// ceil(message_bytes / K) bytes; ties go to the smaller K. Every K up to 64 is tried, then K
/// growing by a sixteenth up to the bound, then the K within a sixteenth of the best found (every
/// one when few, else a ternary search and the last 32): about 300 predictions for a bound of 10^6.
SliceChoice choose_slice_count(const PreparedPlan& plan, double message_bytes, std::size_t max_slices);

}  // namespace hbcast
