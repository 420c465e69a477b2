// The link-aware packing of a period: slots that are one-port matchings and fit every SHARED link,
// checked by hand on a two-sided platform and on random plans.
#include <hbcast/platform_graph/periodic_packing.hpp>

#include <hbcast/model/dense_cost_model.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>

using namespace hbcast;

namespace {

// Two sides of hosts (0 .. n/2 - 1 and the rest), every host on a private link (bandwidth 1), and
// a core link of bandwidth `core` and policy `sharing` that every route between the sides crosses.
class TwoSidedLinks final : public LinkRouteModel {
public:
  TwoSidedLinks(std::size_t hosts, double core, LinkSharing sharing) : hosts_(hosts)
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

DenseCostModel unit_costs(const LinkRouteModel& links)
{
  DenseCostModel costs(links.host_count());
  for (NodeId u = 0; u < links.host_count(); ++u)
    for (NodeId v = 0; v < links.host_count(); ++v)
      if (u != v)
        costs.set_link(u, v, 0.0, links.route(u, v)->bandwidth);
  return costs;
}

BroadcastTree random_packing_tree(std::size_t nodes, std::mt19937& rng)
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

TEST(PeriodicPacking, TwoTransfersAcrossASharedCoreTakeTwoSlots)
{
  // Hosts 0, 1 | 2, 3. Tree 0: 0 -> 2 -> 3 and 0 -> 1; tree 1: 0 -> 1 -> 3 and 1 -> 2, equal weights,
  // a period of one slice of 2 bytes: each tree moves 1 byte per edge, 1 s at bandwidth 1.
  // Within a slot the ports allow 0 -> 2 with 1 -> 3 (tree 0 and tree 1), but both cross the core:
  // with a SHARED core of bandwidth 1 they need two slots; a FATPIPE core, or one of bandwidth 2,
  // lets them share one.
  BroadcastTree first(4, 0), second(4, 0);
  first.add_child(0, 2);
  first.add_child(2, 3);
  first.add_child(0, 1);
  second.add_child(0, 1);
  second.add_child(1, 3);
  second.add_child(1, 2);
  const std::vector<BroadcastTree> trees{first, second};
  const auto crossing_pairs_share_a_slot = [&](const LinkRouteModel& links) {
    const DenseCostModel costs = unit_costs(links);
    for (PackingOrder order : {PackingOrder::longest_first, PackingOrder::busiest_first, PackingOrder::even_slots}) {
      const PeriodicSchedule schedule = pack_period(trees, {1.0, 1.0}, costs, 2.0, 1, &links, 0.0, order);
      check_periodic_schedule(schedule, {first.parents(), second.parents()});
      for (const auto& slot : schedule.slots) {
        std::size_t crossing = 0;
        for (const auto& piece : slot)
          crossing += (piece.from < 2) != (piece.to < 2) ? 1 : 0;
        if (crossing > 1)
          return true;
      }
    }
    return false;
  };
  EXPECT_FALSE(crossing_pairs_share_a_slot(TwoSidedLinks(4, 1.0, LinkSharing::shared)));
  EXPECT_TRUE(crossing_pairs_share_a_slot(TwoSidedLinks(4, 1.0, LinkSharing::fatpipe)));
  EXPECT_TRUE(crossing_pairs_share_a_slot(TwoSidedLinks(4, 2.0, LinkSharing::shared)));
}

TEST(PeriodicPacking, SlotsAreMatchingsWithinEveryLinksBandwidth)
{
  for (unsigned seed = 1; seed <= 60; ++seed) {
    std::mt19937 rng(seed);
    const std::size_t nodes = 2 + rng() % 12, tree_count = 1 + rng() % 6;
    const double core = std::uniform_real_distribution<double>(0.5, 3.0)(rng);
    const TwoSidedLinks links(nodes, core, LinkSharing::shared);
    const DenseCostModel costs = unit_costs(links);
    std::vector<BroadcastTree> trees;
    std::vector<double> weights;
    std::vector<std::vector<NodeId>> parents;
    for (std::size_t t = 0; t < tree_count; ++t) {
      trees.push_back(random_packing_tree(nodes, rng));
      weights.push_back(std::uniform_real_distribution<double>(0.1, 2.0)(rng));
      parents.push_back(trees.back().parents());
    }
    const double quantum = seed % 3 == 0 ? 0.0 : std::uniform_real_distribution<double>(0.1, 2.0)(rng);
    const PackingOrder order = std::vector<PackingOrder>{PackingOrder::longest_first, PackingOrder::busiest_first,
                                                         PackingOrder::even_slots}[seed % 3];
    const PeriodicSchedule schedule = pack_period(trees, weights, costs, 1.0, 1 + rng() % 8, &links, quantum, order);
    // One port each way, every edge's block once and in order.
    ASSERT_NO_THROW(check_periodic_schedule(schedule, parents)) << "seed " << seed;
    for (const auto& slot : schedule.slots) {
      // A slot with several pieces keeps the core within its bandwidth (each piece at its route's
      // bottleneck, min(1, core)).
      double core_load = 0.0;
      for (const auto& piece : slot)
        if ((piece.from < nodes / 2) != (piece.to < nodes / 2))
          core_load += std::min(1.0, core);
      if (slot.size() > 1) {
        EXPECT_LE(core_load, core * (1.0 + 1e-9)) << "seed " << seed;
      }
    }
    // A quantum cuts each transfer into pieces no longer than it (even slots: a quarter more, where
    // the rest would be a sliver).
    const std::vector<double> lengths = slot_lengths(schedule, weights, costs, 1.0);
    ASSERT_EQ(lengths.size(), schedule.slots.size());
    if (quantum > 0.0) {
      for (double length : lengths) {
        EXPECT_LE(length, quantum * (order == PackingOrder::even_slots ? 1.25 : 1.0) * (1.0 + 1e-9)) << "seed " << seed;
      }
    }
  }
}
