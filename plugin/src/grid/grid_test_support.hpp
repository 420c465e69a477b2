#pragma once
// Shared by the grid unit tests: hand-made and random instances (not a test file itself).
#include <hbcast/grid/grid_instance.hpp>
#include <hbcast/grid/table2_instance_generator.hpp>
#include <hbcast/model/dense_cost_model.hpp>
#include <hbcast/model/random_platform_generator.hpp>

#include <random>
#include <vector>

namespace hbcast::grid_test {

/// Gaps c (k x k), broadcast times T, and latencies (0 when not given).
inline GridInstance instance_from(const std::vector<std::vector<double>>& c, const std::vector<double>& T,
                                  std::size_t root = 0, const std::vector<std::vector<double>>& l = {})
{
  const std::size_t k = T.size();
  std::vector<GridCluster> clusters(k);
  std::vector<double> gap(k * k, 0.0), latency(k * k, 0.0);
  for (std::size_t i = 0; i < k; ++i) {
    clusters[i].broadcast_time = T[i];
    for (std::size_t j = 0; j < k; ++j) {
      gap[i * k + j] = c[i][j];
      latency[i * k + j] = l.empty() ? 0.0 : l[i][j];
    }
  }
  return GridInstance(clusters, latency, gap, root, 0.0);
}

/// Symmetric c from the upper triangle given as {i, j, value}.
inline std::vector<std::vector<double>> symmetric(std::size_t k, const std::vector<std::tuple<int, int, double>>& edges)
{
  std::vector<std::vector<double>> c(k, std::vector<double>(k, 0.0));
  for (const auto& [i, j, value] : edges)
    c[i][j] = c[j][i] = value;
  return c;
}

/// Table 2 values, but every ordered pair drawn on its own (asymmetric) and a random root.
inline GridInstance random_asymmetric_instance(std::size_t k, std::mt19937_64& rng)
{
  const Table2Ranges r;
  std::vector<GridCluster> clusters(k);
  for (std::size_t i = 0; i < k; ++i)
    clusters[i].broadcast_time = uniform_between(rng, r.broadcast_min, r.broadcast_max);
  std::vector<double> latency(k * k, 0.0), gap(k * k, 0.0);
  for (std::size_t x = 0; x < k * k; ++x)
    if (x / k != x % k) {
      latency[x] = uniform_between(rng, r.latency_min, r.latency_max);
      gap[x] = uniform_between(rng, r.gap_min, r.gap_max);
    }
  return GridInstance(clusters, latency, gap, uniform_index(rng, k), 0.0);
}

/// A platform of `sizes.size()` sites: hosts of site a are consecutive; inside a site every pair
/// costs (lat_a, bw_a), between sites a and b (wan_lat, wan_bw) drawn per site pair.
inline DenseCostModel random_sites(const std::vector<std::size_t>& sizes, std::mt19937_64& rng)
{
  auto draw = [&rng](double low, double high) { return uniform_between(rng, low, high); };
  std::vector<std::size_t> site;
  for (std::size_t a = 0; a < sizes.size(); ++a)
    site.insert(site.end(), sizes[a], a);
  const std::size_t k = sizes.size(), n = site.size();
  std::vector<double> lat(k * k), bw(k * k);
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a; b < k; ++b) {
      lat[a * k + b] = lat[b * k + a] = a == b ? draw(20e-6, 60e-6) : draw(1e-3, 15e-3);
      bw[a * k + b] = bw[b * k + a] = a == b ? 125e6 : draw(10e6, 40e6);
    }
  DenseCostModel costs(n);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v)
        costs.set_link(u, v, lat[site[u] * k + site[v]], bw[site[u] * k + site[v]]);
  return costs;
}

}  // namespace hbcast::grid_test
