#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <cstdint>
#include <random>

namespace hbcast {

/// The random platforms of Beaumont-Marchal-Robert, section 5.1 and Table 2. Defaults are Table 2's (node count
/// and density are mid-range picks of its 10..50 and 0.04..0.20); 1 MB = 1e6 bytes.
struct RandomPlatformParameters {
  std::size_t node_count = 30;
  /// Probability that a given pair of nodes has an (undirected) edge.
  double density = 0.12;
  double bandwidth_mean = 100e6;  ///< bytes/s
  double bandwidth_sd = 20e6;     ///< bytes/s
  /// Every link's latency, seconds. Table 2 gives T_uv as a bandwidth only, hence 0.
  double link_latency = 0.0;
  std::uint64_t seed = 1;
};

/// Links are truncated from below: a bandwidth draw <= this floor is drawn again. The floor is
/// 1 MB/s, or mean/100 if smaller, so that it stays below the mean and each draw is accepted with
/// probability > 1/2 whatever the parameters (with Table 2's values a redraw is a 5-sigma event).
double random_platform_bandwidth_floor(double bandwidth_mean);

/// Generates a connected random platform (shape routed_graph, hosts "node-0".."node-{n-1}").
/// Each edge becomes one link usable both ways with the full bandwidth (a split-duplex link).
///
/// Draw order, all from one std::mt19937_64 seeded with `seed` (uniforms and Gaussians are
/// converted by hand, see unit_uniform_draw, so every standard library gives the same platform):
///  1. edges: for u = 0..n-1, for v = u+1..n-1, one uniform p; edge {u,v} iff p < density;
///  2. connectivity repair ("add edges"): the components, ordered by their smallest node, are
///     joined in turn to the connected part, which starts as the component of node 0: for each,
///     one uniform picks a node of it (its nodes in increasing order), a second picks a node of
///     the connected part (its nodes in the order they joined it), the edge between the two is
///     added and the component joins. Parameter "repair-edges" records how many were added
///     (density 0 gives a random spanning tree of n-1 edges);
///  3. bandwidths: one truncated Gaussian per edge, in edge order (the drawn edges in the order
///     of step 1, then the repair edges in the order of step 2); each Gaussian takes two
///     uniforms (standard_normal_draw), and each redraw below the floor two more.
/// Topology thus depends only on (node_count, density, seed), not on the bandwidth parameters.
/// The send overheads follow the 0.8 rule (apply_fastest_link_send_overheads).
/// Throws std::invalid_argument, naming the parameter, when node_count < 2, density is outside
/// [0, 1], the mean is <= 0, the deviation < 0, the latency < 0, or a value is not finite.
PlatformGraph generate_random_platform(const RandomPlatformParameters& parameters);

/// A uniform double in [0, 1) from the top 53 bits of one 64-bit draw.
double unit_uniform_draw(std::mt19937_64& rng);
/// low + unit_uniform_draw * (high - low): a uniform double in [low, high) from one draw.
double uniform_between(std::mt19937_64& rng, double low, double high);
/// An index in 0..count-1 (count >= 1) from one unit_uniform_draw scaled by count, clamped to
/// count - 1 should the product round up to count.
std::size_t uniform_index(std::mt19937_64& rng, std::size_t count);
/// A standard normal by Box-Muller on two unit_uniform_draw calls (the sine half is dropped).
double standard_normal_draw(std::mt19937_64& rng);

}  // namespace hbcast
