#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <vector>

namespace hbcast {

/// Sender-only instances (Liu, section 2): one transmission time per processor, in seconds
/// for the whole message. Generators for the experiments of Liu and Khuller-Kim-Woeginger.

/// k speed classes given as values and counts: counts[i] processors of time values[i], class by
/// class. Throws std::invalid_argument when the lists differ in length, a count is 0 or a value
/// is not finite and > 0.
std::vector<double> speed_class_times(const std::vector<double>& values, const std::vector<std::size_t>& counts);

/// n processors, each drawing one of `values` uniformly (Liu's Table 1 setup: 3 classes).
/// Draws: one 64-bit std::mt19937_64 value per processor, taken modulo the class count.
std::vector<double> random_class_times(std::size_t n, const std::vector<double>& values, std::uint64_t seed);
/// The same draws from the caller's generator (experiments drawing many instances from one seed).
std::vector<double> random_class_times(std::size_t n, const std::vector<double>& values, std::mt19937_64& rng);

/// n >= classes processors with exactly `classes` distinct integer times in 1..max_value, each used,
/// processor 0 one of the fastest (a given source in the paper's setting). Draws: values 1 + rng() %
/// max_value until `classes` distinct ones; processors 0..classes-1 take them in increasing order
/// and each further one values[rng() % classes]; then portable_shuffle of processors 1..n-1.
/// Throws std::invalid_argument unless 1 <= classes <= min(n, max_value).
std::vector<double> random_distinct_class_times(std::size_t n, std::size_t classes, std::size_t max_value,
                                                std::mt19937_64& rng);

/// Fisher-Yates with rng() % i: unlike std::shuffle, the same permutation with every standard library.
template <class RandomIt>
void portable_shuffle(RandomIt first, RandomIt last, std::mt19937_64& rng)
{
  for (auto i = std::distance(first, last); i > 1; --i)
    std::iter_swap(first + (i - 1), first + static_cast<decltype(i)>(rng() % static_cast<std::uint64_t>(i)));
}

/// n processors with times uniform in [low, high) (unit_uniform_draw, one per processor).
std::vector<double> uniform_random_times(std::size_t n, double low, double high, std::uint64_t seed);
std::vector<double> uniform_random_times(std::size_t n, double low, double high, std::mt19937_64& rng);

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
