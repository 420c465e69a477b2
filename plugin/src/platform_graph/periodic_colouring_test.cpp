// The link-aware weighted edge colouring of a period: checked by hand where the shared core forces
// a third slot, and against Konig's theorem (the busiest port's time) on random plans.
#include <hbcast/platform_graph/periodic_colouring.hpp>

#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

using namespace hbcast;

namespace {

// Two sides of hosts (0 .. n/2 - 1 and the rest), every host on a private link (bandwidth 1), and
// a core link of bandwidth `core` and policy `sharing` that every route between the sides crosses.
class CoreAndHostLinks final : public LinkRouteModel {
public:
  CoreAndHostLinks(std::size_t hosts, double core, LinkSharing sharing) : hosts_(hosts)
  {
    for (std::size_t h = 0; h < hosts; ++h)
      table_.push_back({"host" + std::to_string(h), 1.0, 0.0, LinkSharing::shared});
    table_.push_back({"core", core, 0.0, sharing});
  }
  std::size_t host_count() const override { return hosts_; }
  std::shared_ptr<const LinkRoute> route(NodeId from, NodeId to) const override
  {
    std::vector<LinkId> links{static_cast<LinkId>(from)};
    if ((from < hosts_ / 2) != (to < hosts_ / 2))
      links.push_back(static_cast<LinkId>(hosts_));
    links.push_back(static_cast<LinkId>(to));
    return std::make_shared<LinkRoute>(make_link_route(links, table_));
  }
  const LinkProperties& link(LinkId id) const override { return table_.at(id); }

private:
  std::size_t hosts_;
  std::vector<LinkProperties> table_;
};

DenseCostModel route_costs(const LinkRouteModel& links)
{
  DenseCostModel costs(links.host_count());
  for (NodeId u = 0; u < links.host_count(); ++u)
    for (NodeId v = 0; v < links.host_count(); ++v)
      if (u != v)
        costs.set_link(u, v, 0.0, links.route(u, v)->bandwidth);
  return costs;
}

// Trees a and b of equal weight on three hosts, every pair at latency 0.5 s and 1 byte/s, one
// slice of 2 bytes a period: each transfer sends 1 s. Where the busiest port sends 2 s, the
// colouring takes 2 s in all, in two slots.
PeriodColouring colour_two_trees_on_three_hosts(const BroadcastTree& a, const BroadcastTree& b)
{
  DenseCostModel costs(3);
  for (NodeId u = 0; u < 3; ++u)
    for (NodeId v = 0; v < 3; ++v)
      if (u != v)
        costs.set_link(u, v, 0.5, 1.0);
  const PeriodColouring colouring = colour_period({a, b}, {1.0, 1.0}, costs, 2.0, 1, nullptr);
  EXPECT_NEAR(colouring.busiest, 2.0, 1e-12);
  EXPECT_NEAR(colouring.sending_time, 2.0, 1e-9);
  EXPECT_NO_THROW(check_periodic_schedule(colouring.schedule, {a.parents(), b.parents()}));
  return colouring;
}

BroadcastTree random_plan_tree(std::size_t nodes, std::mt19937& rng)
{
  std::vector<NodeId> order(nodes);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin() + 1, order.end(), rng);
  BroadcastTree tree(nodes, 0);
  for (std::size_t k = 1; k < nodes; ++k)
    tree.add_child(order[rng() % k], order[k]);
  return tree;
}

}  // namespace

TEST(PeriodicColouring, CrossedChainsTakeTheBusiestPortsTime)
{
  // Tree A: 0 -> 1 -> 2, tree B: 0 -> 2 -> 1, equal weights, one slice of 2 bytes per period, every
  // pair at 1 byte/s, no link: each transfer sends 1 s. Node 0 sends 2 s, nodes 1 and 2 receive 2
  // s each; {0 -> 1 A, 1 -> 2 A} and {0 -> 2 B, 2 -> 1 B} are matchings: two slots, 2 s in all.
  const BroadcastTree a(0, {{1}, {2}, {}}), b(0, {{2}, {}, {1}});
  const PeriodColouring colouring = colour_two_trees_on_three_hosts(a, b);
  ASSERT_EQ(colouring.schedule.slots.size(), 2u);
  // Depth order: the slot that sends from depth 0 and 1 (mean 0.5) either way; both hold whole
  // transfers.
  for (const auto& slot : colouring.schedule.slots) {
    ASSERT_EQ(slot.size(), 2u);
    for (const auto& piece : slot) {
      EXPECT_EQ(piece.first, 0.0);
      EXPECT_EQ(piece.last, 1.0);
    }
  }
}

TEST(PeriodicColouring, TransfersBetweenTheSameHostsTakeTheirPairsSlotsInTurn)
{
  // Trees A and B are both the chain 0 -> 1 -> 2, equal weights, one slice of 2 bytes per period,
  // 1 byte/s: each of the four transfers sends 1 s. The pairs 0 -> 1 and 1 -> 2 send 2 s each and
  // form a matching: one set of 2 s, the busiest port's time. Neither of node 1's sends is ready
  // when the set begins (node 1 holds nothing yet), so each pair gives its time to A's transfer,
  // then to B's: a slot {A 0 -> 1, A 1 -> 2} and, where they end at 1 s, a slot {B 0 -> 1, B 1 -> 2}.
  const BroadcastTree a(0, {{1}, {2}, {}}), b(0, {{1}, {2}, {}});
  const PeriodColouring colouring = colour_two_trees_on_three_hosts(a, b);
  ASSERT_EQ(colouring.schedule.slots.size(), 2u);
  for (std::size_t s = 0; s < 2; ++s) {
    ASSERT_EQ(colouring.schedule.slots[s].size(), 2u);
    for (const auto& piece : colouring.schedule.slots[s]) {
      EXPECT_EQ(piece.tree, s);
      EXPECT_EQ(piece.first, 0.0);
      EXPECT_EQ(piece.last, 1.0);
    }
  }
}

TEST(PeriodicColouring, ASharedCoreAddsASlot)
{
  // Hosts 0, 1 | 2, 3, one tree 0 -> 1, 0 -> 2, 1 -> 3; 1 byte per edge, 1 s at bandwidth 1. Each
  // host's own link carries its sends and its receives. 0 -> 2 and 1 -> 3 fit the ports together
  // but both cross the core; 0 -> 1 shares node 0's port with 0 -> 2 and host 1's link with 1 -> 3.
  // With a SHARED core of bandwidth 1 no two transfers fit together: 3 s, where the busiest port
  // or link (node 0, host links 0 and 1, the core) needs 2 s. A FATPIPE core bounds each flow alone:
  // {0 -> 2, 1 -> 3} then {0 -> 1}, 2 s.
  BroadcastTree tree(4, 0);
  tree.add_child(0, 1);
  tree.add_child(0, 2);
  tree.add_child(1, 3);
  for (const auto sharing : {LinkSharing::shared, LinkSharing::fatpipe}) {
    const CoreAndHostLinks links(4, 1.0, sharing);
    const PeriodColouring colouring = colour_period({tree}, {1.0}, route_costs(links), 1.0, 1, &links);
    EXPECT_NEAR(colouring.busiest, 2.0, 1e-12);
    const bool shared = sharing == LinkSharing::shared;
    EXPECT_NEAR(colouring.sending_time, shared ? 3.0 : 2.0, 1e-9);
    EXPECT_EQ(colouring.schedule.slots.size(), shared ? 3u : 2u);
    EXPECT_NO_THROW(check_periodic_schedule(colouring.schedule, {tree.parents()}));
  }
}

TEST(PeriodicColouring, RandomPlansMeetKonigWithoutLinksAndFitTheCoreWithThem)
{
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937 rng(seed);
    const std::size_t nodes = 2 + rng() % 12, tree_count = 1 + rng() % 6;
    const CoreAndHostLinks links(nodes, std::uniform_real_distribution<double>(0.5, 3.0)(rng), LinkSharing::shared);
    const DenseCostModel costs = route_costs(links);
    std::vector<BroadcastTree> trees;
    std::vector<double> weights;
    std::vector<std::vector<NodeId>> parents;
    for (std::size_t t = 0; t < tree_count; ++t) {
      trees.push_back(random_plan_tree(nodes, rng));
      weights.push_back(std::uniform_real_distribution<double>(0.1, 2.0)(rng));
      parents.push_back(trees.back().parents());
    }
    const std::size_t period = 1 + rng() % 8;
    // Ports alone: a bipartite multigraph's fractional colouring needs exactly its busiest port.
    const PeriodColouring ports = colour_period(trees, weights, costs, 1.0, period, nullptr);
    ASSERT_NO_THROW(check_periodic_schedule(ports.schedule, parents)) << "seed " << seed;
    EXPECT_NEAR(ports.sending_time, ports.busiest, 1e-6 * ports.busiest) << "seed " << seed;
    // With the links: never below their busiest, every slot within the core's bandwidth.
    const PeriodColouring linked = colour_period(trees, weights, costs, 1.0, period, &links);
    ASSERT_NO_THROW(check_periodic_schedule(linked.schedule, parents)) << "seed " << seed;
    EXPECT_GE(linked.sending_time, linked.busiest * (1.0 - 1e-9)) << "seed " << seed;
    for (const auto& slot : linked.schedule.slots) {
      // Each piece at its route's bottleneck on the hosts' links (bandwidth 1) and the core.
      std::vector<double> host_load(nodes, 0.0);
      double core_load = 0.0;
      for (const auto& piece : slot) {
        const double rate = links.route(piece.from, piece.to)->bandwidth;
        host_load[piece.from] += rate;
        host_load[piece.to] += rate;
        if ((piece.from < nodes / 2) != (piece.to < nodes / 2))
          core_load += rate;
      }
      if (slot.size() > 1) {
        for (double load : host_load) {
          EXPECT_LE(load, 1.0 + 1e-9) << "seed " << seed;
        }
        EXPECT_LE(core_load, links.link(static_cast<LinkId>(nodes)).bandwidth * (1.0 + 1e-9)) << "seed " << seed;
      }
    }
  }
}
