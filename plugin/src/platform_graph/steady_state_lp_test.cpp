// SSB(G) (Beaumont-Marchal-Robert, section 4.1) on graphs whose optimum is derived by hand. Link u -> v is given by
// its time T_uv for one slice; in the derivations n_uv is the load (slices/s) of u -> v and TP the
// throughput (slices/s). One-port: per host, sum of n T over in-links <= 1 and over out-links <= 1.
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/platform_graph/topology_cost_model.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

using namespace hbcast;

namespace {

SteadyStateLpOptions lp_options(SteadyStateLpMethod method, bool presolve = true)
{
  SteadyStateLpOptions options;
  options.method = method;
  options.presolve = presolve;
  return options;
}

constexpr double kSlice = 1e6;  // bytes
constexpr double kTolerance = 1e-9;

// A link whose slice takes `time` seconds: T = 0 + kSlice / (kSlice / time).
void add_timed_link(TopologyGraph& graph, NodeId from, NodeId to, double time)
{
  graph.add_link(from, to, 0.0, kSlice / time);
}

// n_uv of the link from -> to (edge_loads follow graph.links()).
double load(const SteadyStateSolution& solution, const TopologyGraph& graph, NodeId from, NodeId to)
{
  const auto links = graph.links();
  for (std::size_t e = 0; e < links.size(); ++e)
    if (links[e] == std::make_pair(from, to))
      return solution.edge_loads.at(e);
  throw std::out_of_range("no such link");
}

// s=0 -> a=1, s -> b=2 (T = 0.01), a <-> b (T = 0.02): TP = 75 (SeveralTreesBeatEverySingleTree).
TopologyGraph source_above_linked_pair()
{
  TopologyGraph graph(3);
  add_timed_link(graph, 0, 1, 0.01);
  add_timed_link(graph, 0, 2, 0.01);
  add_timed_link(graph, 1, 2, 0.02);
  add_timed_link(graph, 2, 1, 0.02);
  return graph;
}

// A single tree's one-port throughput in slices per second (its bytes per second over kSlice).
double tree_slices_per_second(const BroadcastTree& tree, const TopologyGraph& graph)
{
  const TopologyCostModel costs(graph);
  return 1.0 / steady_state_period(tree, costs, kSlice, PortModel::one_port);
}

BroadcastTree tree_of(std::size_t n, NodeId root, std::initializer_list<std::pair<NodeId, NodeId>> edges)
{
  BroadcastTree tree(n, root);
  for (const auto& [parent, child] : edges)
    tree.add_child(parent, child);
  return tree;
}

}  // namespace

// Chain 0 -> 1 -> 2 -> 3 (T = 0.01, 0.04, 0.02), plus the reverse links. Every slice for 3 crosses
// each forward link (the only path), so n_e >= TP there; each link is alone in its sender's useful
// sends, so TP <= 1 / T_e for each: TP = 1 / max T = 25, reached by the chain itself.
TEST(SteadyStateLp, ChainIsBoundByItsSlowestLink)
{
  TopologyGraph graph(4);
  const double times[] = {0.01, 0.04, 0.02};
  for (NodeId u = 0; u < 3; ++u) {
    add_timed_link(graph, u, u + 1, times[u]);
    add_timed_link(graph, u + 1, u, times[u]);
  }
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_EQ(solution.status, SteadyStateSolution::Status::optimal);
  EXPECT_NEAR(solution.slices_per_second, 25.0, kTolerance);
  EXPECT_NEAR(solution.bytes_per_second, 25.0 * kSlice, kTolerance * kSlice);
  EXPECT_NEAR(load(solution, graph, 1, 2), 25.0, kTolerance);  // saturated: 25 * 0.04 = 1
  for (NodeId u = 0; u < 3; ++u)
    EXPECT_GE(load(solution, graph, u, u + 1), 25.0 - kTolerance);
  EXPECT_NEAR(solution.slices_per_second, tree_slices_per_second(tree_of(4, 0, {{0, 1}, {1, 2}, {2, 3}}), graph), kTolerance);
}

// Star 0 -> {1, 2, 3} (T = 0.01, 0.02, 0.03), leaves linked back to 0 only. Leaf w's only in-link
// is 0 -> w, so n_0w >= TP, and the source's out-port gives TP (0.01 + 0.02 + 0.03) <= 1:
// TP = 1 / sum T = 1 / 0.06, every load equal to TP.
TEST(SteadyStateLp, StarFromTheSourceSerializesItsSends)
{
  TopologyGraph graph(4);
  for (NodeId w = 1; w <= 3; ++w) {
    add_timed_link(graph, 0, w, 0.01 * static_cast<double>(w));
    add_timed_link(graph, w, 0, 0.01 * static_cast<double>(w));
  }
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_NEAR(solution.slices_per_second, 1.0 / 0.06, kTolerance);
  for (NodeId w = 1; w <= 3; ++w)
    EXPECT_NEAR(load(solution, graph, 0, w), 1.0 / 0.06, kTolerance);
}

// Diamond s=0 -> a=1 (A), s -> b=2 (B), a -> t=3 (C), b -> t (D). a and b have one in-link each,
// so n_sa, n_sb >= TP and the source's out-port gives TP (A + B) <= 1. t gets f via a and TP - f
// via b; its in-port gives f C + (TP - f) D <= 1, whose least value over f is TP min(C, D). a's
// and b's out-ports (f C <= 1, (TP - f) D <= 1) are weaker. TP = min(1 / (A + B), 1 / min(C, D)).
TEST(SteadyStateLp, DiamondBoundBySourceOutPort)
{
  // A = B = 0.01, C = 0.01, D = 0.015: min(1 / 0.02, 1 / 0.01) = 50.
  TopologyGraph graph(4);
  add_timed_link(graph, 0, 1, 0.01);
  add_timed_link(graph, 0, 2, 0.01);
  add_timed_link(graph, 1, 3, 0.01);
  add_timed_link(graph, 2, 3, 0.015);
  EXPECT_NEAR(solve_steady_state_broadcast(graph, 0, kSlice).slices_per_second, 50.0, kTolerance);
}

TEST(SteadyStateLp, DiamondBoundByDestinationInPort)
{
  // A = B = 0.01, C = 0.03, D = 0.04: min(50, 1 / 0.03). At TP = 1 / C the in-port of t forces
  // f = TP: t is fed entirely through the faster link a -> t and b -> t carries nothing.
  TopologyGraph graph(4);
  add_timed_link(graph, 0, 1, 0.01);
  add_timed_link(graph, 0, 2, 0.01);
  add_timed_link(graph, 1, 3, 0.03);
  add_timed_link(graph, 2, 3, 0.04);
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_NEAR(solution.slices_per_second, 1.0 / 0.03, kTolerance);
  EXPECT_NEAR(load(solution, graph, 1, 3), 1.0 / 0.03, kTolerance);
  EXPECT_NEAR(load(solution, graph, 2, 3), 0.0, kTolerance);
}

// Two disjoint paths to t=5: s=0 -> a=1 -> t and s -> b=2 -> t, where a and b also feed a private
// leaf (a -> c=3, b -> d=4). T: s->a = s->b = 0.001, a->t = b->t = 0.01, a->c = b->d = 0.005.
// Loads: n_sa, n_sb >= TP (source out-port: 0.002 TP <= 1), n_ac = n_bd = TP, t gets f via a.
//   a out: 0.01 f + 0.005 TP <= 1      b out: 0.01 (TP - f) + 0.005 TP <= 1      t in: 0.01 TP <= 1
// Summing a's and b's: 0.02 TP <= 2, so TP <= 100 (as t's in-port), and at TP = 100 the two out-ports
// force f = 50: t takes half of its slices along each path. A single tree must give t one parent,
// whose out-port then carries 0.015 TP <= 1: 200 / 3 < 100. Both paths are needed.
TEST(SteadyStateLp, TwoDisjointPathsShareOneDestination)
{
  TopologyGraph graph(6);
  add_timed_link(graph, 0, 1, 0.001);
  add_timed_link(graph, 0, 2, 0.001);
  add_timed_link(graph, 1, 5, 0.01);
  add_timed_link(graph, 2, 5, 0.01);
  add_timed_link(graph, 1, 3, 0.005);
  add_timed_link(graph, 2, 4, 0.005);
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_NEAR(solution.slices_per_second, 100.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 1, 5), 50.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 2, 5), 50.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 1, 3), 100.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 2, 4), 100.0, kTolerance);
  // The only two spanning trees (t's parent is a or b) are symmetric.
  EXPECT_NEAR(tree_slices_per_second(tree_of(6, 0, {{0, 1}, {0, 2}, {1, 3}, {2, 4}, {1, 5}}), graph), 200.0 / 3.0, 1e-9);
  EXPECT_NEAR(tree_slices_per_second(tree_of(6, 0, {{0, 1}, {0, 2}, {1, 3}, {2, 4}, {2, 5}}), graph), 200.0 / 3.0, 1e-9);
}

// s=0 -> a=1, s -> b=2 (T = 0.01), a <-> b (T = 0.02). The three spanning trees: {s->a, s->b}
// (period 0.02), s->a->b and s->b->a (period max(0.01, 0.02)): 50 slices/s at best.
// LP: each of a, b receives TP, so n_sa + n_ba >= TP and n_sb + n_ab >= TP, hence
// n_ab + n_ba >= 2 TP - (n_sa + n_sb) >= 2 TP - 100 (source out-port). Adding the in-ports of a and b,
// 0.01 (n_sa + n_ba + n_sb + n_ab) + 0.01 (n_ab + n_ba) <= 2, gives 0.02 TP + 0.01 (2 TP - 100) <= 2:
// TP <= 75. Reached with n_sa = n_sb = 50, n_ab = n_ba = 25 (slices 1, 2 to a; 2, 3 to b; a sends 1
// to b, b sends 3 to a: 3 slices every 0.04 s), the only loads meeting every bound above with equality.
TEST(SteadyStateLp, SeveralTreesBeatEverySingleTree)
{
  const TopologyGraph graph = source_above_linked_pair();
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_NEAR(solution.slices_per_second, 75.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 0, 1), 50.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 0, 2), 50.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 1, 2), 25.0, kTolerance);
  EXPECT_NEAR(load(solution, graph, 2, 1), 25.0, kTolerance);
  for (const auto& tree : {tree_of(3, 0, {{0, 1}, {0, 2}}), tree_of(3, 0, {{0, 1}, {1, 2}}), tree_of(3, 0, {{0, 2}, {2, 1}})})
    EXPECT_NEAR(tree_slices_per_second(tree, graph), 50.0, kTolerance);
  // Full program: links s->a, s->b carry both commodities, a->b only b's, b->a only a's: 6 x, 4 n,
  // TP; rows: 2 x 2 conservation, 2 x 3 ports, 6 linking.
  const auto full = solve_steady_state_broadcast(graph, 0, kSlice, lp_options(SteadyStateLpMethod::dual_simplex));
  EXPECT_NEAR(full.slices_per_second, 75.0, kTolerance);
  EXPECT_EQ(full.variable_count, 11u);
  EXPECT_EQ(full.constraint_count, 16u);
  // Cut generation: TP and the 4 loads; rows: 2 x 3 ports, then the cuts.
  EXPECT_EQ(solution.variable_count, 5u);
  EXPECT_GT(solution.constraint_count, 6u);
}

TEST(SteadyStateLp, EveryMethodFindsTheSameOptimum)
{
  const TopologyGraph graph = source_above_linked_pair();
  for (auto method : {SteadyStateLpMethod::cut_generation, SteadyStateLpMethod::dual_simplex,
                      SteadyStateLpMethod::primal_simplex, SteadyStateLpMethod::barrier})
    for (bool presolve : {true, false}) {
      const auto solution = solve_steady_state_broadcast(graph, 0, kSlice, lp_options(method, presolve));
      EXPECT_NEAR(solution.slices_per_second, 75.0, 1e-7) << static_cast<int>(method) << " presolve " << presolve;
    }
}

TEST(SteadyStateLp, SingleHostAndFreeLinksAreUnbounded)
{
  const auto alone = solve_steady_state_broadcast(TopologyGraph(1), 0, kSlice);
  EXPECT_EQ(alone.status, SteadyStateSolution::Status::unbounded);
  EXPECT_TRUE(std::isinf(alone.slices_per_second));

  TopologyGraph free_chain(3);  // zero latency, infinite bandwidth: T = 0 on every link
  free_chain.add_link(0, 1, 0.0, INFINITY);
  free_chain.add_link(1, 2, 0.0, INFINITY);
  EXPECT_EQ(solve_steady_state_broadcast(free_chain, 0, kSlice).status, SteadyStateSolution::Status::unbounded);

  free_chain.add_link(0, 2, 0.0, 1.0);  // a costly link beside free paths changes nothing
  EXPECT_TRUE(std::isinf(solve_steady_state_broadcast(free_chain, 0, kSlice).bytes_per_second));

  TopologyGraph half_free(3);  // 0 -> 1 free, 1 -> 2 costs 0.5 s: TP = 2
  half_free.add_link(0, 1, 0.0, INFINITY);
  half_free.add_link(1, 2, 0.5, INFINITY);
  EXPECT_NEAR(solve_steady_state_broadcast(half_free, 0, kSlice).slices_per_second, 2.0, kTolerance);
}

TEST(SteadyStateLp, RejectsUnreachableHostsAndBadArguments)
{
  TopologyGraph graph(3);
  add_timed_link(graph, 0, 1, 0.01);
  add_timed_link(graph, 2, 1, 0.01);
  try {
    solve_steady_state_broadcast(graph, 0, kSlice);
    FAIL() << "host 2 is unreachable";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("host 2"), std::string::npos) << error.what();
  }
  EXPECT_THROW(solve_steady_state_broadcast(graph, 3, kSlice), std::invalid_argument);
  EXPECT_THROW(solve_steady_state_broadcast(graph, 2, -1.0), std::invalid_argument);
  EXPECT_THROW(solve_steady_state_broadcast(graph, 2, NAN), std::invalid_argument);
}

// A chain 0 -> 1 -> ... -> 199 (T = 0.01) and its reverse: every slice for the last host crosses
// each forward link, each alone among its sender's useful sends, so TP = 1 / 0.01 = 100. Past 128
// hosts the cut generation runs its maximum flows on worker threads.
TEST(SteadyStateLp, LongChainSolvedOnWorkerThreads)
{
  TopologyGraph graph(200);
  for (NodeId u = 0; u + 1 < 200; ++u) {
    add_timed_link(graph, u, u + 1, 0.01);
    add_timed_link(graph, u + 1, u, 0.01);
  }
  const auto solution = solve_steady_state_broadcast(graph, 0, kSlice);
  EXPECT_NEAR(solution.slices_per_second, 100.0, 100.0 * kTolerance);
  for (NodeId u = 0; u + 1 < 200; ++u)
    EXPECT_NEAR(load(solution, graph, u, u + 1), 100.0, 1e-6) << u;
}

// Cut generation (skipping certified hosts; too few hosts for worker threads, which
// LongChainSolvedOnWorkerThreads covers) against the full program solved by the dual simplex, on
// random strongly connected graphs of 3 to 12 hosts.
TEST(SteadyStateLpProperty, CutGenerationEqualsTheFullProgram)
{
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937 random(seed);
    const std::size_t n = std::uniform_int_distribution<std::size_t>(3, 12)(random);
    std::uniform_real_distribution<double> time(0.005, 0.05);
    std::uniform_int_distribution<NodeId> host(0, static_cast<NodeId>(n - 1));
    TopologyGraph graph(n);
    for (NodeId u = 0; u < n; ++u)  // a ring keeps every host reachable
      add_timed_link(graph, u, static_cast<NodeId>((u + 1) % n), time(random));
    for (std::size_t k = 0; k < 2 * n; ++k) {
      const NodeId from = host(random), to = host(random);
      if (from != to && !graph.has_link(from, to))
        add_timed_link(graph, from, to, time(random));
    }
    const double cuts = solve_steady_state_broadcast(graph, 0, kSlice).slices_per_second;
    const double full =
        solve_steady_state_broadcast(graph, 0, kSlice, lp_options(SteadyStateLpMethod::dual_simplex)).slices_per_second;
    ASSERT_NEAR(cuts, full, 1e-7 * full) << "seed " << seed << ", " << n << " hosts";
  }
}
