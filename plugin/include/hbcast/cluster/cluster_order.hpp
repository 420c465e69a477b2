#pragma once
#include <hbcast/cluster/cluster_instance.hpp>

#include <cstdint>
#include <vector>

namespace hbcast {

/// The order in which a Khuller-Kim-Wan scheduler picks the clusters still to inform: clusters 1..k-1,
/// largest key first, ties to the lower index. LCF uses the sizes as keys (section 2); Appendix B
/// uses advertised sizes.
std::vector<std::size_t> largest_first_order(const std::vector<std::size_t>& keys);
/// largest_first_order(instance.sizes).
std::vector<std::size_t> largest_first_order(const ClusterInstance& instance);
/// Clusters 1..k-1 in a uniformly random order (Fisher-Yates on std::mt19937_64, portable).
std::vector<std::size_t> random_cluster_order(std::size_t cluster_count, std::uint64_t seed);
/// Throws std::invalid_argument unless `order` lists clusters 1..k-1 once each.
void check_cluster_order(const ClusterInstance& instance, const std::vector<std::size_t>& order);

}  // namespace hbcast
