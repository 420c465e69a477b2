#include <hbcast/grid/grid_instance.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

void require_times(const std::vector<double>& values, std::size_t expected, const char* what)
{
  if (values.size() != expected)
    throw std::invalid_argument(std::string("grid instance: ") + what + " has " + std::to_string(values.size()) +
                                " entries, expected " + std::to_string(expected));
  for (double value : values)
    if (!(value >= 0.0) || !std::isfinite(value))
      throw std::invalid_argument(std::string("grid instance: ") + what + " must be finite and >= 0");
}

}  // namespace

GridInstance::GridInstance(std::vector<GridCluster> clusters, std::vector<double> latency, std::vector<double> gap,
                           std::size_t root_cluster, double message_bytes)
    : clusters_(std::move(clusters)), latency_(std::move(latency)), gap_(std::move(gap)), root_(root_cluster),
      message_bytes_(message_bytes)
{
  const std::size_t k = clusters_.size();
  if (k == 0)
    throw std::invalid_argument("grid instance: no cluster");
  if (root_ >= k)
    throw std::invalid_argument("grid instance: root cluster " + std::to_string(root_) + " is not one of the " +
                                std::to_string(k) + " clusters");
  if (!(message_bytes_ >= 0.0) || !std::isfinite(message_bytes_))
    throw std::invalid_argument("grid instance: the message size must be finite and >= 0");
  require_times(latency_, k * k, "the latency matrix");
  require_times(gap_, k * k, "the gap matrix");
  for (const auto& cluster : clusters_)
    if (!(cluster.broadcast_time >= 0.0) || !std::isfinite(cluster.broadcast_time))
      throw std::invalid_argument("grid instance: every cluster needs a finite T_i >= 0");
  transfer_.resize(k * k);
  for (std::size_t x = 0; x < k * k; ++x)
    transfer_[x] = gap_[x] + latency_[x];
}

}  // namespace hbcast
