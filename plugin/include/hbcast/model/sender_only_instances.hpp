#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <cstdint>
#include <vector>

namespace hbcast {

/// Sender-only instances (seed 000, section 2): one transmission time per processor, in seconds
/// for the whole message. Generators for the experiments of seeds 000 and 001.

/// k speed classes given as values and counts: counts[i] processors of time values[i], class by
/// class. Throws std::invalid_argument when the lists differ in length, a count is 0 or a value
/// is not finite and > 0.
std::vector<double> speed_class_times(const std::vector<double>& values, const std::vector<std::size_t>& counts);

/// n processors, each drawing one of `values` uniformly (Liu's Table 1 setup: 3 classes).
/// Draws: one 64-bit std::mt19937_64 value per processor, taken modulo the class count.
std::vector<double> random_class_times(std::size_t n, const std::vector<double>& values, std::uint64_t seed);

/// n processors with times uniform in [low, high) (unit_uniform_draw, one per processor).
std::vector<double> uniform_random_times(std::size_t n, double low, double high, std::uint64_t seed);

/// The sender-only star as a seeded platform generator (sweeps, `hbcast generate sender-only`):
/// `classes` >= 1 evenly spaced class values from time_min to time_max, each processor drawing
/// one (random_class_times); classes = 0: times uniform in [time_min, time_max). Times are for a
/// message of message_bytes; with no latency they scale linearly with the size.
struct SenderOnlyPlatformParameters {
  std::size_t node_count = 10;
  std::size_t classes = 3;
  double time_min = 1.0;
  double time_max = 3.0;
  double message_bytes = 1e6;
  std::uint64_t seed = 1;
};
/// The transmission times the parameters draw (for message_bytes).
std::vector<double> sender_only_platform_times(const SenderOnlyPlatformParameters& parameters);
PlatformGraph generate_sender_only_platform(const SenderOnlyPlatformParameters& parameters);

/// A star whose routes realize the sender-only model exactly for `message_bytes`: host u's up
/// link has bandwidth message_bytes / t_u and no latency, and every down link is as fast as the
/// fastest up link, so T_uv = message_bytes / min(up_u, down_v) = t_u for every v. Times must be
/// finite and > 0.
PlatformGraph sender_only_star_platform(const std::vector<double>& times, double message_bytes);

}  // namespace hbcast
