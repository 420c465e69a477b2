#pragma once
#include <cstddef>
#include <vector>

namespace hbcast::calibration {

/// The default tolerance of group_by_latency: tighter than Lowekamp and Beguelin's 30% (used by
/// Barchet-Steffenel and Mounié, section 7),
/// since a calibration would rather split a switch in two (harmless: the fit then finds no
/// limit between the halves) than merge two switches joined by a shared link.
inline constexpr double kGroupTolerance = 0.15;

/// Host groups by latency, with pairs possibly unmeasured. `latency` is n x n, symmetric, NaN
/// where unmeasured (the diagonal ignored). As in Lowekamp and Beguelin's partitioning (the rule
/// of model/latency_clustering): each host's nearest measured neighbour m_u; u and v join when
/// lat(u,v) <= (1 + tolerance) min(m_u, m_v); groups are the components. A group whose widest
/// measured inner latency reaches its nearest measured outside latency is split into single
/// hosts. Groups are ordered by their first host, hosts ascending. A host with no measured pair is
/// a group of its own.
std::vector<std::vector<std::size_t>> group_by_latency(const std::vector<std::vector<double>>& latency,
                                                       double tolerance = kGroupTolerance);

/// Host latency terms a_u of one group: least squares of lat(u,v) = a_u + a_v over its measured
/// pairs (closed form when all are: (n-2) a_u + A = R_u with A = sum / (n-1); else Gauss-Seidel,
/// the least-norm solution where the pairs leave a direction free), clamped at 0. One host: 0 (its latency goes to the links between groups); two: their sum is
/// their latency, their difference how the other hosts see them. Indices as `members` lists them.
std::vector<double> host_latency_terms(const std::vector<std::size_t>& members,
                                       const std::vector<std::vector<double>>& latency);

/// Two groups are one switch when a_u + a_v explains every latency within and between them (to
/// kMergeTolerance) and every other host sees them alike: lat(u,w) - a_u the same for all their
/// u, and not below a_w. The grouping rule splits hosts whose own latencies differ widely (a
/// heterogeneous star); this joins them back. Returns the number of joins; does nothing beyond
/// kMergeGroupLimit groups.
inline constexpr double kMergeTolerance = 0.002;
inline constexpr std::size_t kMergeGroupLimit = 256;
std::size_t merge_groups_behind_one_switch(std::vector<std::vector<std::size_t>>& groups,
                                           const std::vector<std::vector<double>>& latency);

/// A pair's latency from its half round trips at small sizes: the intercept of t = L + (S + e) / B
/// by relative least squares (e: the MPI's envelope), or t at the smallest size with one size.
double latency_intercept(const std::vector<double>& sizes, const std::vector<double>& times, double envelope);

}  // namespace hbcast::calibration
