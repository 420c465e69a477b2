#include <hbcast/grid/plogp_model.hpp>

namespace hbcast {

double plogp_binomial_time(std::size_t processes, double latency, double gap)
{
  return static_cast<double>(binomial_rounds(processes)) * (latency + gap);
}

}  // namespace hbcast
