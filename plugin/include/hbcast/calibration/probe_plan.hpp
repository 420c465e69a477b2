#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hbcast::calibration {

/// What hbcast-probe measures (docs/calibration.md, "hbcast-probe").
struct ProbeOptions {
  std::vector<double> sizes;          ///< the ladder, ascending (default: 1 B to 16 MiB, powers of 2)
  double all_pairs_max = 262144;      ///< every pair up to this size (3 sizes past 64 KiB); sampled pairs beyond
  std::size_t partners = 4;           ///< sampled partners per host within its group (and 1 per other group)
  std::size_t repetitions = 5;        ///< timed round trips per size (median, min and max kept)
  std::uint64_t seed = 1;             ///< of the sampling
  bool concurrent = true;             ///< run the concurrent tests
  double concurrent_bytes = 4194304;  ///< message size of the concurrent tests
  std::size_t concurrent_messages = 4;  ///< timed messages per flow (after one untimed)
  std::size_t max_flows = 64;         ///< flows per concurrent test at most
  std::size_t max_cross_tests = 256;  ///< tests between group pairs at most (sampled beyond)
};

/// The default ladder: 1, 2, 4, ... 16 MiB.
std::vector<double> default_probe_sizes();

/// One pair's ping-pongs: ranks first < second, at `sizes`.
struct PairStep {
  int first = 0, second = 0;
  std::vector<double> sizes;
};

/// Every pair at the sizes up to all_pairs_max (rank order: 0-1, 0-2, ..., 1-2, ...).
std::vector<PairStep> all_pair_steps(int ranks, const ProbeOptions& options);

/// The sizes above all_pairs_max on sampled pairs: for each host, `partners` random others of its
/// group and one random host of each other group (seeded; a pair once), so that every host and
/// every group pair gets a bandwidth. `groups` of ranks, from the latencies.
std::vector<PairStep> sampled_pair_steps(const std::vector<std::vector<int>>& groups, const ProbeOptions& options);

/// Flows measured at once (distinct sender-receiver pairs; a rank may be in several).
struct ConcurrentStep {
  std::string name;  ///< ring:G, cross:G-H, out:G, in:G (groups numbered from 1)
  std::vector<std::pair<int, int>> flows;
};

/// Within each group of 2+ a ring (every host sends to the next: its backbone at full load);
/// from each group to each other, max(sizes) flows (their link, uplinks; the hosts of the smaller
/// group in several flows, so that a group of one host still shows a shared link); with 3 groups
/// or more, from distinct hosts of each group one flow to each other group (its uplink out, no
/// link between two groups carrying two), and the reverse (in).
/// At most max_flows flows a test, max_cross_tests group-pair tests (sampled with the seed).
std::vector<ConcurrentStep> concurrent_steps(const std::vector<std::vector<int>>& groups, const ProbeOptions& options);

/// Parses "1,4,1KiB,4MiB" or "1:16MiB" (powers of 2 between); throws std::invalid_argument.
std::vector<double> parse_probe_sizes(const std::string& text);
/// "4 MiB", "512 B", ... for messages.
std::string size_text(double bytes);

}  // namespace hbcast::calibration
