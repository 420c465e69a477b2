#include <hbcast/model/dense_cost_model.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

void check_affine_parameters(const char* what, double latency, double bandwidth)
{
  if (!(latency >= 0.0) || !std::isfinite(latency))
    throw std::invalid_argument(std::string(what) + " latency must be finite and >= 0");
  if (!(bandwidth > 0.0))
    throw std::invalid_argument(std::string(what) + " bandwidth must be > 0");
}

}  // namespace

DenseCostModel::DenseCostModel(std::size_t node_count)
    : node_count_(node_count)
    , latency_(node_count * node_count, 0.0)
    , inverse_bandwidth_(node_count * node_count, 0.0)
    , send_latency_(node_count, 0.0)
    , send_inverse_bandwidth_(node_count, 0.0)
{
}

void DenseCostModel::set_link(NodeId from, NodeId to, double latency, double bandwidth)
{
  if (from >= node_count_ || to >= node_count_)
    throw std::out_of_range("cost model link outside the node range");
  check_affine_parameters("link", latency, bandwidth);
  latency_[index(from, to)] = latency;
  inverse_bandwidth_[index(from, to)] = std::isinf(bandwidth) ? 0.0 : 1.0 / bandwidth;
}

void DenseCostModel::set_send_overhead(NodeId from, double latency, double bandwidth)
{
  if (from >= node_count_)
    throw std::out_of_range("send overhead for a node outside the node range");
  check_affine_parameters("send overhead", latency, bandwidth);
  send_latency_[from] = latency;
  send_inverse_bandwidth_[from] = std::isinf(bandwidth) ? 0.0 : 1.0 / bandwidth;
}

}  // namespace hbcast
