#include <hbcast/sched/scheduler_registry.hpp>

#include <hbcast/cluster/two_level_schedulers.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/grid/grid_scheduler.hpp>
#include <hbcast/platform_graph/lp_grow_tree.hpp>
#include <hbcast/platform_graph/lp_prune.hpp>
#include <hbcast/platform_graph/multi_tree.hpp>
#include <hbcast/platform_graph/multi_tree_capped.hpp>
#include <hbcast/platform_graph/multi_tree_periodic.hpp>
#include <hbcast/platform_graph/multiport_grow_tree.hpp>
#include <hbcast/platform_graph/multiport_prune_degree.hpp>
#include <hbcast/platform_graph/topo_grow_tree.hpp>
#include <hbcast/platform_graph/topo_prune_degree.hpp>
#include <hbcast/platform_graph/topo_prune_simple.hpp>
#include <hbcast/link_aware/link_binomial.hpp>
#include <hbcast/link_aware/link_ecef.hpp>
#include <hbcast/link_aware/link_fnf.hpp>
#include <hbcast/sched/binomial.hpp>
#include <hbcast/sched/chain.hpp>
#include <hbcast/sched/flat.hpp>
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/sched/mpich_binomial.hpp>
#include <hbcast/sched/multicast_pruning.hpp>
#include <hbcast/sched/two_tree.hpp>
#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sender_only/fnf_multicast.hpp>
#include <hbcast/sender_only/multicast_schedule.hpp>
#include <hbcast/sender_only/optimal.hpp>
#include <hbcast/sender_only/optimal_multicast.hpp>
#include <hbcast/sender_only/ptas_multicast.hpp>
#include <hbcast/sender_only/sender_only_ptas.hpp>

#include <stdexcept>
#include <utility>

namespace hbcast {

namespace {

// Barchet-Steffenel-Mounié's inter-cluster heuristics, each over rho = 0.30 latency clusters with binomial trees inside.
void add_grid_schedulers(std::vector<SchedulerInfo>& registry)
{
  for (const GridHeuristic& heuristic : grid_heuristics())
    registry.push_back({heuristic.name, heuristic.paper_name + " over latency clusters: " + heuristic.summary,
                        "Barchet-Steffenel-Mounié, sections 4-5",
                        [&heuristic](const BroadcastInstance& instance, NodeId root) {
                          return schedule_on_grid(instance, root, heuristic);
                        }});
}

std::vector<SchedulerInfo> build_registry()
{
  std::vector<SchedulerInfo> registry = {
      {"flat", "the root sends to every other host in turn, in host order", "Barchet-Steffenel-Mounié, section 4.1",
       schedule_flat},
      {"binomial",
       "Beaumont et al.'s binomial tree over host order, ranks relative to the root: the first 2^m ranks a "
       "binomial tree, ranks >= 2^m hung from rank - 2^m in a last round (MPICH's tree only when n = 2^m)",
       "Beaumont-Marchal-Robert, Algorithm 4", schedule_binomial},
      {"mpich-binomial",
       "MPICH's (and SMPI's binomial_tree) binomial tree over host order, ranks relative to the root: rank r "
       "receives from r - lowbit(r), largest subtree sent first",
       "MPICH MPIR_Bcast binomial", schedule_mpich_binomial},
      {"chain",
       "pipelined chain along the hosts' latency groups: each host forwards every slice to the next one",
       "Beaumont-Marchal-Robert, section 3.1 (a path's period is one transfer); Open MPI's pipeline broadcast",
       schedule_chain},
      {"fnf", "Fastest Node First on the sender-only model, given source", "Liu, sections 3 and 4.4",
       schedule_fnf, false, schedule_fnf_multicast},
      {"optimal", "optimal tree on the sender-only model, FNF-guided branch-and-bound (proven or not)",
       "Liu, section 5", schedule_optimal, false, schedule_optimal_multicast},
      {"ptas", "Khuller-Kim-Woeginger PTAS on the sender-only model (eps = 0.1, eps' fitted to n)",
       "Khuller-Kim-Woeginger, section 3", schedule_ptas, false, schedule_ptas_multicast},
      {"prune-simple", "platform graph pruned slowest link first while every host stays reachable",
       "Beaumont-Marchal-Robert, Algorithm 1", schedule_topo_prune_simple, true},
      {"prune-degree", "platform graph pruned at the node of largest weighted out-degree (one-port)",
       "Beaumont-Marchal-Robert, Algorithm 2", schedule_topo_prune_degree, true},
      {"grow-tree", "Prim-like tree adding the link that least raises a weighted out-degree (one-port)",
       "Beaumont-Marchal-Robert, Algorithm 3", schedule_topo_grow_tree, true},
      {"multiport-grow-tree", "Prim-like tree adding the link that least raises a multi-port node period",
       "Beaumont-Marchal-Robert, Algorithm 5", schedule_multiport_grow_tree, true},
      {"multiport-prune-degree", "platform graph pruned at the node of largest multi-port period",
       "Beaumont-Marchal-Robert, section 5.2.2", schedule_multiport_prune_degree, true},
      {"lp-prune", "platform graph pruned least-used link first, by the steady-state LP's edge loads",
       "Beaumont-Marchal-Robert, Algorithm 6", schedule_lp_prune, true, {}, {}, false, false, true},
      {"lp-grow-tree", "Prim-like tree adding the link most used by the steady-state LP",
       "Beaumont-Marchal-Robert, Algorithm 7", schedule_lp_grow_tree, true, {}, {}, false, false, true},
      {"lcf", "Largest Cluster First on latency-grouped clusters, phases as stated (two-level model)",
       "Khuller-Kim-Wan, section 2 (multicast: LCF Multicast, section 3)", schedule_two_level_lcf, false,
       schedule_two_level_lcf_multicast},
      {"lcf-no-idle", "LCF where a fully informed cluster's nodes send globally every C without waiting",
       "Khuller-Kim-Wan, section 2 (remark after the algorithm)", schedule_two_level_lcf_no_idle},
      {"lcf-postal", "LCF in the postal model: a global send occupies its sender one unit (use --port multi)",
       "Khuller-Kim-Wan, section 5.1", schedule_two_level_postal_lcf},
      {"lcf-interleaved", "Interleaved LCF, postal model: each node alternates local and global slots (--port multi)",
       "Khuller-Kim-Wan, section 5.2", schedule_two_level_interleaved_lcf},
      {"lcf-m", "LCF(m): LCF until m hosts hold the message, then they inform every other cluster at once",
       "Khuller-Kim-Wan, section 3", schedule_two_level_lcf_m, false, {},
       {{"m", "copies LCF(m) makes before the one global step (0: k', the number of other clusters)", 0, 0}}},
      {"bounded-degree", "LCF with at most d hosts per cluster in global transfers, then local broadcasts",
       "Khuller-Kim-Wan, sections 4.1-4.2", schedule_two_level_bounded_degree, false,
       schedule_two_level_bounded_degree_multicast,
       {{"degree", "d: hosts per cluster that may take part in global transfers", 1}}},
      {"bounded-matching", "at most B global transfers at a time: LCF(B), then B clusters per step, then local",
       "Khuller-Kim-Wan, sections 4.3-4.4", schedule_two_level_bounded_matching, false,
       schedule_two_level_bounded_matching_multicast,
       {{"matching", "B: global transfers allowed at the same time", 1}}},
  };
  add_grid_schedulers(registry);
  registry.push_back({"link-fnf",
                      "earliest completion first, each transfer placed where no shared link of its route is over-subscribed "
                      "(or flat, binomial, FNF or ECEF's tree so placed, or left to contend, when it finishes first)",
                      "FNF (Liu) with link capacities; link_aware/README.md",
                      [](const BroadcastInstance& instance, NodeId root) {
                        return with_link_timed_seeds(schedule_link_fnf(instance, root), instance, root, "link-fnf");
                      },
                      false, {}, {}, true});
  registry.push_back({"link-ecef",
                      "link-fnf with ECEF-LA's lookahead over groups of hosts that share their routes (or a seed tree "
                      "placed or left to contend, as link-fnf)",
                      "ECEF-LA (Barchet-Steffenel-Mounié, section 4.4) with link capacities; link_aware/README.md",
                      [](const BroadcastInstance& instance, NodeId root) {
                        return with_link_timed_seeds(schedule_link_ecef(instance, root), instance, root, "link-ecef");
                      },
                      false, {}, {}, true});
  registry.push_back({"link-binomial", "the binomial tree, each send placed where no shared link of its route is over-subscribed",
                      "binomial (Beaumont-Marchal-Robert, Algorithm 4) with link capacities; link_aware/README.md",
                      schedule_link_binomial, false, {}, {}, true});
  registry.push_back({"two-tree",
                      "two binary trees over the hosts' latency groups, each host inner in one and a leaf in the "
                      "other, half the slices each (a plan, run only when named)",
                      "Sanders-Speck-Träff, Parallel Computing 35(12), 2009, section 2", schedule_two_tree, false, {},
                      {}, false, true});
  // `best` is run by simulate, which ranks every other scheduler's plan (simulation/best_plan.hpp).
  registry.push_back({"best",
                      "the plan predicted fastest among every other scheduler's, under both port models, each at "
                      "its best slice count; replayed, with the runner-up's margin (run only when named)",
                      "hbcast: Beaumont-Marchal-Robert's pipelined predictions, section 3",
                      [](const BroadcastInstance&, NodeId) -> ScheduleResult {
                        throw std::logic_error("best chooses among the other schedulers' plans: run it with simulate");
                      },
                      true, {}, {}, true, true});
  registry.push_back({"multi-tree",
                      "the steady-state optimum as weighted trees priced against the program's port and link "
                      "rows (a plan, run only when named)",
                      "Beaumont-Marchal-Robert, section 4.1 (SSB), Edmonds' branching theorem", schedule_multi_tree, true, {},
                      {}, true, true, true});
  registry.push_back({"multi-tree-capped",
                      "multi-tree's plan with every transfer capped at its tree's planned rate (Comm::set_rate), each "
                      "round of slices split among the trees by weight (a plan, run only when named)",
                      "Beaumont-Marchal-Robert, section 4.1 (SSB); rate-capped execution", schedule_multi_tree_capped, true, {},
                      {{"round", "slices per round (0: K / (100 x the deepest tree's depth), doubled while the replay "
                                 "would exceed 2 x 10^6 transfers)", 0, 0},
                       {"alone", "1: run the plan's best tree alone where it is predicted to finish first; 0: always the form", 1, 0}},
                      true, true, true});
  registry.push_back({"multi-tree-periodic",
                      "multi-tree's plan in time-slotted periods, no port used twice in a slot (weighted bipartite "
                      "edge colouring; one-port; a plan, run only when named)",
                      "Beaumont, Legrand, Marchal, Robert, IEEE TPDS 2005; Beaumont-Marchal-Robert, section 4.1 (SSB)",
                      schedule_multi_tree_periodic, true, {},
                      {{"period", "slices per period (0: chosen by predicted makespan)", 0, 0},
                       {"alone", "1: run the plan's best tree alone where it is predicted to finish first; 0: always the form", 1, 0}}, true, true, true});
  return registry;
}

// The one list every command reads; register_scheduler appends to it.
std::vector<SchedulerInfo>& registry_entries()
{
  static std::vector<SchedulerInfo> registry = build_registry();
  return registry;
}

}  // namespace

const std::vector<SchedulerInfo>& scheduler_registry()
{
  return registry_entries();
}

void register_scheduler(SchedulerInfo scheduler)
{
  if (scheduler.name.empty())
    throw std::invalid_argument("a scheduler needs a name");
  if (!scheduler.build)
    throw std::invalid_argument("scheduler '" + scheduler.name + "' has no build function");
  if (find_scheduler(scheduler.name))
    throw std::invalid_argument("a scheduler named '" + scheduler.name + "' is already registered");
  registry_entries().push_back(std::move(scheduler));
}

const SchedulerInfo* find_scheduler(const std::string& name)
{
  for (const auto& scheduler : scheduler_registry())
    if (scheduler.name == name)
      return &scheduler;
  return nullptr;
}

std::vector<const SchedulerInfo*> schedulers_of_all()
{
  std::vector<const SchedulerInfo*> all;
  for (const auto& scheduler : scheduler_registry())
    if (!scheduler.named_only)
      all.push_back(&scheduler);
  return all;
}

ScheduleResult run_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance, NodeId root)
{
  ScheduleResult result = scheduler.build(instance, root);
  validate_tree(result.tree, instance.host_names());
  return result;
}

MulticastResult run_multicast_scheduler(const SchedulerInfo& scheduler, const BroadcastInstance& instance,
                                        NodeId root, const std::vector<NodeId>& members)
{
  const auto mask = member_mask(instance.size(), root, members);
  MulticastResult result;
  if (scheduler.build_multicast) {
    result.schedule = scheduler.build_multicast(instance, root, members);
    result.method = "multicast";
  } else {
    result.schedule = run_scheduler(scheduler, instance, root);
    result.schedule.tree = prune_to_members(result.schedule.tree, members);
    result.method = "pruned broadcast";
  }
  validate_multicast_tree(result.schedule.tree, members);
  result.recruited = recruited_relays(result.schedule.tree, mask);
  return result;
}

}  // namespace hbcast
