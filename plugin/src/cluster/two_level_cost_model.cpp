#include <hbcast/cluster/two_level_cost_model.hpp>

#include <stdexcept>

namespace hbcast {

TwoLevelCostModel::TwoLevelCostModel(std::vector<std::size_t> cluster_of_host, double unit, double global_cost,
                                     double send_overhead)
    : cluster_of_(std::move(cluster_of_host)), unit_(unit), global_cost_(global_cost), send_overhead_(send_overhead)
{
  if (!(unit > 0) || !(global_cost >= 1))
    throw std::invalid_argument("two-level cost model: need unit > 0 and C >= 1");
}

}  // namespace hbcast
