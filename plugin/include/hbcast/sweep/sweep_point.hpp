#pragma once
#include <hbcast/sweep/scenario.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One point of a sweep grid: one scheduler on one platform instance with one setting.
struct SweepPoint {
  std::size_t id = 0;  ///< position in the expansion order, stable for a given scenario
  std::map<std::string, std::string> generator_parameters;
  std::string scheduler;
  double message_bytes = 0.0;
  std::size_t slices = 1;
  std::string port;
  double member_fraction = 0.0;  ///< 0: broadcast; else the members are drawn with `seed`
  std::vector<std::string> simgrid;
  std::size_t repetition = 0;
  /// Seeds the platform generator and the random root. It depends on the base seed, the
  /// generator parameters and the repetition only, so every scheduler, size and port of a
  /// repetition sees the same platform and root: comparisons between them are paired.
  std::uint64_t seed = 0;
};

/// Whether the point runs one of SMPI's MPI_Bcast algorithms: its scheduler is "mpi:NAME". It has
/// no slices or port of hbcast's (the algorithm segments as it does), and broadcasts.
bool is_mpi_baseline(const SweepPoint& point);
/// NAME of an MPI baseline point.
std::string mpi_algorithm(const SweepPoint& point);

/// Every point of the scenario, in a stable order: platform parameters (outermost), repetition,
/// SimGrid configuration, size, slices, port, member fraction, scheduler (innermost); after each
/// size's schedulers, its MPI baselines.
std::vector<SweepPoint> expand_scenario(const Scenario& scenario);
/// How many combinations of the generator's parameter values a scenario sweeps (1 for a file);
/// SIZE_MAX when the product overflows.
std::size_t platform_combination_count(const Scenario& scenario);
/// How many points expand_scenario gives, without expanding; SIZE_MAX when the product overflows.
std::size_t scenario_point_count(const Scenario& scenario);
/// The most points one scenario may hold. Loading expands and fingerprints every point: 0.26 s
/// and 180 MB at this bound (1.25 s and 770 MB at 10^6, 18 s under ASan). A larger grid is split
/// into several scenarios.
inline constexpr std::size_t kMaxScenarioPoints = 200'000;

/// Shard I of N (0 <= I < N) holds the points whose id is I modulo N.
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
  bool holds(std::size_t point_id) const { return point_id % count == index; }
};
/// Parses "I/N"; throws std::invalid_argument with a one-line message.
Shard parse_shard(const std::string& text);

}  // namespace hbcast::cli
