#include <hbcast/eval/link_slice_choice.hpp>

#include <hbcast/eval/any_tree_bound.hpp>
#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

namespace hbcast {

LinkSliceChoice choose_slice_count_with_links(const TreeForSlices& tree_for, const CostModel& costs,
                                              const LinkRouteModel& links, double message_bytes,
                                              std::size_t max_slices, PortModel port, std::size_t hint,
                                              bool refine, bool trees_vary)
{
  if (!(message_bytes >= 1.0))
    throw std::invalid_argument("choosing a slice count needs a message of one byte at least");
  const auto bound = static_cast<std::size_t>(
      std::max(1.0, std::min(static_cast<double>(std::max<std::size_t>(max_slices, 1)), std::floor(message_bytes))));
  LinkSliceChoice best;
  std::map<std::size_t, double> tried;  // K -> predicted makespan
  std::optional<AnyTreeBound> any_tree;
  const auto consider = [&](double wanted) {
    const auto slices = std::clamp<std::size_t>(static_cast<std::size_t>(std::llround(wanted)), 1, bound);
    if (tried.count(slices) != 0)
      return;
    if (any_tree && any_tree->at(slice_size(message_bytes, slices), slices) > best.prediction.makespan) {
      tried.emplace(slices, std::numeric_limits<double>::infinity());
      return;
    }
    const BroadcastTree& tree = tree_for(slices);
    if (trees_vary && !any_tree)  // the first tree names the root
      any_tree.emplace(costs, tree.root());
    // A count whose ports alone are slower than the best so far cannot become it: not predicted.
    if (best.evaluated > 0 &&
        ports_lower_bound(tree, costs, slice_size(message_bytes, slices), slices, port) > best.prediction.makespan) {
      tried.emplace(slices, std::numeric_limits<double>::infinity());
      return;
    }
    // Ranked by the estimate where a link is over-subscribed: a max-min run per count tried would
    // cost more than the search.
    const LinkPrediction predicted =
        predict_with_links(tree, costs, links, slice_size(message_bytes, slices), slices, port, false);
    tried.emplace(slices, predicted.makespan);
    ++best.evaluated;
    if (best.evaluated == 1 || predicted.makespan < best.prediction.makespan ||
        (predicted.makespan == best.prediction.makespan && slices < best.slices)) {
      best.slices = slices;
      best.prediction = {predicted.startup, predicted.period, predicted.makespan};
      best.exact = predicted.exact;
    }
  };
  for (double slices = 1.0; slices < static_cast<double>(bound); slices *= 2.0)
    consider(slices);
  consider(static_cast<double>(bound));
  consider(static_cast<double>(hint));
  const double around = static_cast<double>(best.slices);
  for (double octave : {-0.75, -0.5, -0.25, 0.25, 0.5, 0.75})
    consider(around * std::exp2(octave));
  // Then one slice at a time while a neighbour predicts faster (at most 64 steps).
  for (int step = 0; step < 64; ++step) {
    const std::size_t from = best.slices;
    consider(static_cast<double>(from) - 1.0);
    consider(static_cast<double>(from) + 1.0);
    if (best.slices == from)
      break;
  }
  return refine && !best.exact
             ? refine_slice_count_with_max_min(tree_for, costs, links, message_bytes, max_slices, port, best)
             : best;
}

LinkSliceChoice refine_slice_count_with_max_min(const TreeForSlices& tree_for, const CostModel& costs,
                                                const LinkRouteModel& links, double message_bytes,
                                                std::size_t max_slices, PortModel port, const LinkSliceChoice& from)
{
  if (from.exact)
    return from;
  const auto bound = static_cast<std::size_t>(
      std::max(1.0, std::min(static_cast<double>(std::max<std::size_t>(max_slices, 1)), std::floor(message_bytes))));
  LinkSliceChoice best = from;
  std::size_t evaluated = 0;
  std::map<std::size_t, double> tried;  // K -> makespan with the max-min prediction
  // A fluid run costs about as much as the replay of its K slices: the runs' slice counts add up
  // to at most 8 x the larger of the estimate's K and the best K so far, + 16, and their
  // hosts^2 x K to one run at the size limit.
  const double hosts = static_cast<double>(tree_for(from.slices).size());
  double spent_slices = 0.0;
  double work_left = std::max(kMaxMinWorkLimit, hosts * hosts * static_cast<double>(from.slices));
  const auto consider = [&](double wanted) {
    const auto slices = std::clamp<std::size_t>(static_cast<std::size_t>(std::llround(wanted)), 1, bound);
    if (tried.count(slices) != 0)
      return;
    const double count = static_cast<double>(slices);
    const double allowed = 8.0 * static_cast<double>(std::max(from.slices, best.slices)) + 16.0;
    if (evaluated > 0 && (spent_slices + count > allowed || hosts * hosts * count > work_left))
      return;
    spent_slices += count;
    work_left -= hosts * hosts * count;
    const LinkPrediction predicted =
        predict_with_links(tree_for(slices), costs, links, slice_size(message_bytes, slices), slices, port, true);
    tried.emplace(slices, predicted.makespan);
    ++best.evaluated;
    ++best.max_min_evaluated;
    ++evaluated;
    if (evaluated == 1 || predicted.makespan < best.prediction.makespan ||
        (predicted.makespan == best.prediction.makespan && slices < best.slices)) {
      best.slices = slices;
      best.prediction = {predicted.startup, predicted.period, predicted.makespan};
      best.exact = predicted.exact;
    }
  };
  consider(static_cast<double>(from.slices));
  consider(1.0);  // the atomic broadcast: where a link is busy whatever K, often the fastest
  for (int octave = 0; octave < 8; ++octave) {
    const std::size_t at = best.slices;
    consider(static_cast<double>(at) / 2.0);
    consider(static_cast<double>(at) * 2.0);
    if (best.slices == at)
      break;
  }
  for (double fraction : {0.5, 0.25, 0.125}) {
    const double around = static_cast<double>(best.slices);
    consider(around * std::exp2(-fraction));
    consider(around * std::exp2(fraction));
  }
  for (int step = 0; step < 4; ++step) {
    const std::size_t at = best.slices;
    consider(static_cast<double>(at) - 1.0);
    consider(static_cast<double>(at) + 1.0);
    if (best.slices == at)
      break;
  }
  return best;
}

}  // namespace hbcast
