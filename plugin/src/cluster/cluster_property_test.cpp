// Property tests of the seed 004 schedulers on random instances (seed in every failure message):
// every schedule passes the checker; no schedule beats the brute-force optimum; the lower bounds
// never exceed it; and the paper's guarantees hold against the optimum (tiny instances) and against
// the lower bounds their proofs use (larger ones).
#include "cluster_test_support.hpp"

#include <hbcast/cluster/bounded_degree_broadcast.hpp>
#include <hbcast/cluster/bounded_degree_multicast.hpp>
#include <hbcast/cluster/bounded_matching_broadcast.hpp>
#include <hbcast/cluster/bounded_matching_multicast.hpp>
#include <hbcast/cluster/brute_force_optimum.hpp>
#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/lower_bounds.hpp>
#include <hbcast/cluster/postal_lcf.hpp>

#include <random>

using namespace hbcast;

namespace {

std::size_t draw(std::mt19937_64& rng, std::size_t low, std::size_t high) { return low + rng() % (high - low + 1); }

// k clusters of 1..max_size nodes, integer C, every option drawn.
ClusterInstance random_instance(std::uint64_t seed, std::size_t max_clusters, std::size_t max_size, std::size_t max_c,
                                std::size_t max_nodes)
{
  std::mt19937_64 rng(seed);
  ClusterInstance instance;
  const std::size_t k = draw(rng, 1, max_clusters);
  for (std::size_t i = 0; i < k && instance.node_count() < max_nodes; ++i)
    instance.sizes.push_back(draw(rng, 1, std::min(max_size, max_nodes - instance.node_count())));
  instance.global_cost = static_cast<double>(draw(rng, 1, max_c));
  for (auto size : instance.sizes) {
    instance.degree_limits.push_back(draw(rng, 1, size));
    instance.multicast_counts.push_back(draw(rng, 0, size));
  }
  instance.matching_bound = draw(rng, 1, std::max<std::size_t>(1, instance.node_count() / 2));
  return instance;
}

ClusterInstance only(const ClusterInstance& full, bool degree, bool matching, bool multicast)
{
  ClusterInstance instance = full;
  if (!degree)
    instance.degree_limits.clear();
  if (!matching)
    instance.matching_bound.reset();
  if (!multicast)
    instance.multicast_counts.clear();
  return instance;
}

}  // namespace

TEST(ClusterProperties, TinyInstancesAgainstTheBruteForceOptimum)
{
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto full = random_instance(seed, 4, 4, 4, 7);
    const auto basic = only(full, false, false, false);
    const auto opt = brute_force_optimum(basic);
    ASSERT_TRUE(opt);
    const auto bounds = broadcast_lower_bounds(basic);
    EXPECT_LE(bounds.best(), *opt);
    const double lcf = hbcast::test::checked_time(basic, schedule_lcf(basic));
    const double no_idle = hbcast::test::checked_time(basic, schedule_lcf_no_idle(basic));
    EXPECT_GE(lcf, *opt);
    EXPECT_GE(no_idle, *opt);
    EXPECT_LE(lcf, 2 * *opt + 7);  // Lemma 2.4
    EXPECT_LE(no_idle, 2 * *opt + 7);

    const auto degree = only(full, true, false, false);
    const auto degree_opt = brute_force_optimum(degree);
    ASSERT_TRUE(degree_opt);
    EXPECT_LE(bounded_degree_lower_bound(degree), *degree_opt);
    const double bd = hbcast::test::checked_time(degree, schedule_bounded_degree_broadcast(degree));
    EXPECT_GE(bd, *degree_opt);
    EXPECT_LE(bd, 3 * *degree_opt + 7);  // Lemma 4.2

    const auto matching = only(full, false, true, false);
    const auto matching_opt = brute_force_optimum(matching);
    ASSERT_TRUE(matching_opt);
    EXPECT_LE(bounded_matching_lower_bound(matching), *matching_opt);
    const double bm = hbcast::test::checked_time(matching, schedule_bounded_matching_broadcast(matching));
    EXPECT_GE(bm, *matching_opt);
    EXPECT_LE(bm, 2 * *matching_opt + 6);  // Theorem 4.3

    const auto multicast = only(full, false, false, true);
    const auto multicast_opt = brute_force_optimum(multicast);
    ASSERT_TRUE(multicast_opt);
    const double mc = hbcast::test::checked_time(multicast, schedule_lcf_multicast(multicast));
    EXPECT_GE(mc, *multicast_opt);
    EXPECT_LE(mc, 2 * *multicast_opt + 10);  // Lemma 3.2

    const auto degree_multicast = only(full, true, false, true);
    const double bdm = hbcast::test::checked_time(degree_multicast, schedule_bounded_degree_multicast(degree_multicast));
    EXPECT_GE(bdm, *brute_force_optimum(degree_multicast));
    const auto matching_multicast = only(full, false, true, true);
    const double bmm =
        hbcast::test::checked_time(matching_multicast, schedule_bounded_matching_multicast(matching_multicast));
    EXPECT_GE(bmm, *brute_force_optimum(matching_multicast));
  }
}

TEST(ClusterProperties, LargerInstancesAgainstTheLowerBounds)
{
  for (std::uint64_t seed = 1000; seed < 1300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    auto full = random_instance(seed, 60, 40, 30, 100000);
    full.global_cost += 1.0 + static_cast<double>(seed % 7) / 7.0;  // C >= 2, not always an integer
    const auto basic = only(full, false, false, false);
    const auto bounds = broadcast_lower_bounds(basic);
    const double lb = bounds.best();
    const double lcf = hbcast::test::checked_time(basic, schedule_lcf(basic));
    EXPECT_LE(lcf, 2 * lb + 7);  // the proof of Lemma 2.4 compares with these very bounds (C, p >= 2)
    EXPECT_LE(hbcast::test::checked_time(basic, schedule_lcf_no_idle(basic)), lcf + 1e-9);
    const auto degree = only(full, true, false, false);
    EXPECT_LE(hbcast::test::checked_time(degree, schedule_bounded_degree_broadcast(degree)),
              3 * bounded_degree_lower_bound(degree) + 7);
    const auto matching = only(full, false, true, false);
    EXPECT_GE(hbcast::test::checked_time(matching, schedule_bounded_matching_broadcast(matching)),
              bounded_matching_lower_bound(matching));
    for (const auto& multicast : {only(full, false, false, true), only(full, true, false, true),
                                  only(full, false, true, true)}) {
      const auto plain = only(multicast, false, false, true);
      EXPECT_NO_THROW(check_schedule(plain, schedule_lcf_multicast(plain)));
      if (!multicast.degree_limits.empty()) {
        EXPECT_NO_THROW(check_schedule(multicast, schedule_bounded_degree_multicast(multicast)));
      }
      if (multicast.matching_bound) {
        EXPECT_NO_THROW(check_schedule(multicast, schedule_bounded_matching_multicast(multicast)));
      }
    }
    auto postal = basic;
    postal.postal = true;
    const double plb = postal_lower_bound(postal);
    const double plcf = hbcast::test::checked_time(postal, schedule_postal_lcf(postal));
    EXPECT_GE(plcf, plb);
    EXPECT_LE(plcf, 3 * plb + 4);  // Theorem 5.1 against the bounds of Lemmas 5.1, 5.2
    EXPECT_GE(hbcast::test::checked_time(postal, schedule_interleaved_lcf(postal)), plb);
  }
}
