// Property tests of the Khuller-Kim-Wan schedulers on random instances (random_cluster_instance, seed in
// every failure message): every schedule passes the checker; no schedule beats the brute-force
// optimum; the lower bounds never exceed it; the multicast guarantee holds against the optimum
// (tiny instances) and the paper's guarantees against the lower bounds their proofs use (larger ones).
#include "cluster_test_support.hpp"

#include <hbcast/cluster/bounded_degree_broadcast.hpp>
#include <hbcast/cluster/bounded_degree_multicast.hpp>
#include <hbcast/cluster/bounded_matching_broadcast.hpp>
#include <hbcast/cluster/bounded_matching_multicast.hpp>
#include <hbcast/cluster/brute_force_optimum.hpp>
#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/cluster/interleaved_lcf.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/lcf_m.hpp>
#include <hbcast/cluster/lcf_multicast.hpp>
#include <hbcast/cluster/lcf_no_idle.hpp>
#include <hbcast/cluster/lower_bounds.hpp>
#include <hbcast/cluster/postal_lcf.hpp>
#include <hbcast/core/binomial_tree.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace hbcast;

namespace {

constexpr auto kDegree = ClusterOptions::degree_limits;
constexpr auto kMatching = ClusterOptions::matching_bound;
constexpr auto kMulticast = ClusterOptions::multicast;

// p': the global steps LCF(k') takes in LCF Multicast (Khuller-Kim-Wan, section 3.1).
double lcf_k_prime_steps(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  const std::size_t k = instance.receiving_clusters().size();
  return static_cast<double>(run_lcf_m(builder, instance.sizes, k, largest_first_order(instance)).global_steps);
}

// Lemma 3.1 and Theorem 3.2: OPT >= p'C and OPT >= (p' - 1)(C - 1) + ceil(log2(k' / 2)).
double lcf_multicast_lower_bound(const ClusterInstance& instance)
{
  const std::size_t k = instance.receiving_clusters().size();
  if (k == 0)
    return 0.0;
  const double p = lcf_k_prime_steps(instance), c = instance.global_cost;
  return std::max(p * c, (p - 1) * (c - 1) + static_cast<double>(binomial_rounds(k)) - 1);
}

// Theorem 3.1: LCF Multicast takes at most 2 log2 k' + p'C + C + 4. Its proof needs p' >= 2
// (|A_i| <= |B_(i-1)|): with p' <= 1 a member cluster larger than k' may be reached, and the
// bound fails (seeds 1052 and 1109 of LargerInstancesAgainstTheLowerBounds).
std::optional<double> lcf_multicast_upper_bound(const ClusterInstance& instance)
{
  const double p = lcf_k_prime_steps(instance), c = instance.global_cost;
  if (p < 2)
    return std::nullopt;
  return 2 * std::log2(static_cast<double>(instance.receiving_clusters().size())) + p * c + c + 4;
}

}  // namespace

// The broadcast guarantees against the optimum (Lemma 2.4, Lemma 4.2, Theorem 4.3) are the
// lcf_guarantees validation case's; here: every schedule is valid and no faster than the brute-force
// optimum, the lower bounds never exceed it, and the multicast variants (not in that case).
TEST(ClusterProperties, TinyInstancesAgainstTheBruteForceOptimum)
{
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto full = random_cluster_instance({4, 4, 7, 1, 4, true}, seed);
    const auto basic = with_only(full, ClusterOptions::none);
    const auto opt = brute_force_optimum(basic);
    ASSERT_TRUE(opt);
    EXPECT_LE(broadcast_lower_bounds(basic).best(), *opt);
    EXPECT_GE(hbcast::test::checked_time(basic, schedule_lcf(basic)), *opt);
    EXPECT_GE(hbcast::test::checked_time(basic, schedule_lcf_no_idle(basic)), *opt);

    const auto degree = with_only(full, kDegree);
    const auto degree_opt = brute_force_optimum(degree);
    ASSERT_TRUE(degree_opt);
    EXPECT_LE(bounded_degree_lower_bound(degree), *degree_opt);
    EXPECT_GE(hbcast::test::checked_time(degree, schedule_bounded_degree_broadcast(degree)), *degree_opt);

    const auto matching = with_only(full, kMatching);
    const auto matching_opt = brute_force_optimum(matching);
    ASSERT_TRUE(matching_opt);
    EXPECT_LE(bounded_matching_lower_bound(matching), *matching_opt);
    EXPECT_GE(hbcast::test::checked_time(matching, schedule_bounded_matching_broadcast(matching)), *matching_opt);

    const auto multicast = with_only(full, kMulticast);
    const auto multicast_opt = brute_force_optimum(multicast);
    ASSERT_TRUE(multicast_opt);
    const double mc = hbcast::test::checked_time(multicast, schedule_lcf_multicast(multicast));
    EXPECT_GE(mc, *multicast_opt);
    EXPECT_LE(mc, 2 * *multicast_opt + 10);                           // Lemma 3.2 (the + 10 dominates here)
    EXPECT_LE(lcf_multicast_lower_bound(multicast), *multicast_opt);  // equal on many seeds

    const auto degree_multicast = with_only(full, kDegree | kMulticast);
    const double bdm =
        hbcast::test::checked_time(degree_multicast, schedule_bounded_degree_multicast(degree_multicast));
    EXPECT_GE(bdm, *brute_force_optimum(degree_multicast));
    const auto matching_multicast = with_only(full, kMatching | kMulticast);
    const double bmm =
        hbcast::test::checked_time(matching_multicast, schedule_bounded_matching_multicast(matching_multicast));
    EXPECT_GE(bmm, *brute_force_optimum(matching_multicast));
  }
}

TEST(ClusterProperties, LargerInstancesAgainstTheLowerBounds)
{
  for (std::uint64_t seed = 1000; seed < 1300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    auto full = random_cluster_instance({60, 40, 100000, 1, 30, true}, seed);
    full.global_cost += 1.0 + static_cast<double>(seed % 7) / 7.0;  // C >= 2, not always an integer
    const auto basic = with_only(full, ClusterOptions::none);
    const auto bounds = broadcast_lower_bounds(basic);
    const double lb = bounds.best();
    const double lcf = hbcast::test::checked_time(basic, schedule_lcf(basic));
    ScheduleBuilder builder(basic);  // lower_bounds.hpp: LCF takes p global steps (Lemma 2.3)
    EXPECT_EQ(run_lcf_m(builder, basic.sizes, basic.node_count(), largest_first_order(basic)).global_steps,
              relaxed_global_steps(basic.sizes));
    EXPECT_LE(lcf, 2 * lb + 7);  // the proof of Lemma 2.4 compares with these very bounds (C, p >= 2)
    EXPECT_LE(hbcast::test::checked_time(basic, schedule_lcf_no_idle(basic)), lcf + 1e-9);
    const auto degree = with_only(full, kDegree);
    EXPECT_LE(hbcast::test::checked_time(degree, schedule_bounded_degree_broadcast(degree)),
              3 * bounded_degree_lower_bound(degree) + 7);
    const auto matching = with_only(full, kMatching);
    EXPECT_GE(hbcast::test::checked_time(matching, schedule_bounded_matching_broadcast(matching)),
              bounded_matching_lower_bound(matching));
    const auto multicast = with_only(full, kMulticast);
    EXPECT_NO_THROW(check_schedule(multicast, schedule_lcf_multicast(multicast)));
    const auto degree_multicast = with_only(full, kDegree | kMulticast);
    EXPECT_NO_THROW(check_schedule(degree_multicast, schedule_bounded_degree_multicast(degree_multicast)));
    const auto matching_multicast = with_only(full, kMatching | kMulticast);
    EXPECT_NO_THROW(check_schedule(matching_multicast, schedule_bounded_matching_multicast(matching_multicast)));
    auto postal = basic;
    postal.postal = true;
    const double plb = postal_lower_bound(postal);
    const double plcf = hbcast::test::checked_time(postal, schedule_postal_lcf(postal));
    EXPECT_GE(plcf, plb);
    EXPECT_LE(plcf, 3 * plb + 4);  // Theorem 5.1 against the bounds of Lemmas 5.1, 5.2
    EXPECT_GE(hbcast::test::checked_time(postal, schedule_interleaved_lcf(postal)), plb);
  }
}

// Theorem 3.1 where its proof applies (p' >= 2): many small clusters make LCF(k') take several steps.
TEST(ClusterProperties, LcfMulticastWithinTheorem31)
{
  const RandomClusterOptions families[] = {{60, 40, 100000, 2, 30, false}, {200, 3, 100000, 2, 30, false}};
  std::size_t checked = 0;
  for (const auto& options : families)
    for (std::uint64_t seed = 1000; seed < 1300; ++seed) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", clusters of at most " + std::to_string(options.max_size));
      const auto multicast = with_only(random_cluster_instance(options, seed), kMulticast);
      if (const auto bound = lcf_multicast_upper_bound(multicast)) {
        EXPECT_LE(hbcast::test::checked_time(multicast, schedule_lcf_multicast(multicast)), *bound);
        ++checked;
      }
    }
  EXPECT_GE(checked, 200u);  // not vacuous
}
