// Plan files (README "Plans"): `hbcast smpi --plan` and libhbcast_mpi's hbcast_plan_load read them
// with load_plan_file, then rebuild each tree over the plan's hosts or map the plan onto ranks.
// Properties: a refusal is a one-line PlanError naming the file; an accepted plan writes back as
// JSON that reads as the same plan (parse -> write -> parse), and its trees either rebuild or are
// refused with a one-line error.

#include "fuzz_input.hpp"

#include <hbcast/core/tree_validation.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>

#include "rank_plan.hpp"

#include <stdexcept>

namespace {

void check_same(const hbcast::BroadcastPlan& a, const hbcast::BroadcastPlan& b)
{
  bool same = a.version == b.version && a.scheduler == b.scheduler && a.platform == b.platform &&
              a.hosts == b.hosts && a.root == b.root && a.message_bytes == b.message_bytes && a.slices == b.slices &&
              a.port == b.port && a.trees.size() == b.trees.size() &&
              a.predicted_makespan == b.predicted_makespan && a.simulated_makespan == b.simulated_makespan;
  for (std::size_t t = 0; same && t < a.trees.size(); ++t) {
    same = a.trees[t].weight == b.trees[t].weight && a.trees[t].edges.size() == b.trees[t].edges.size();
    for (std::size_t e = 0; same && e < a.trees[t].edges.size(); ++e) {
      const auto& x = a.trees[t].edges[e];
      const auto& y = b.trees[t].edges[e];
      same = x.parent == y.parent && x.child == y.child && x.start == y.start;
    }
  }
  if (!same)
    hbcast::fuzz::violated("the plan written back as JSON reads as another plan");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static hbcast::fuzz::InputFile input;
  const std::string& path = input.write(data, size);
  hbcast::BroadcastPlan plan;
  try {
    plan = hbcast::load_plan_file(path);
  } catch (const hbcast::PlanError& error) {
    hbcast::fuzz::check_refusal(error, path);
    return 0;
  }
  const std::string written = hbcast::plan_to_json(plan);
  hbcast::BroadcastPlan again;
  try {
    again = hbcast::plan_from_json(written);
  } catch (const hbcast::PlanError& error) {
    hbcast::fuzz::violated(std::string("an accepted plan, written back, is refused: ") + error.what());
  }
  check_same(plan, again);
  if (hbcast::plan_to_json(again) != written)
    hbcast::fuzz::violated("writing a plan twice gives two texts");
  // What `hbcast smpi` does with each tree, and what libhbcast_mpi does with the whole plan.
  for (const auto& tree : plan.trees) {
    try {
      const auto rebuilt = hbcast::to_broadcast_tree(tree, plan.hosts, plan.root);
      hbcast::validate_tree(rebuilt, plan.hosts);
    } catch (const std::exception& error) {
      hbcast::fuzz::check_refusal(error);
    }
  }
  try {
    hbcast::mpi::map_plan_to_ranks(plan, plan.hosts);
  } catch (const hbcast::PlanError& error) {
    hbcast::fuzz::check_refusal(error);
  }
  return 0;
}
