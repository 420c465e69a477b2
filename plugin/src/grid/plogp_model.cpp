#include <hbcast/grid/plogp_model.hpp>

namespace hbcast {

std::size_t binomial_rounds(std::size_t processes)
{
  std::size_t rounds = 0;
  for (std::size_t reached = 1; reached < processes; reached *= 2)
    ++rounds;
  return rounds;
}

double plogp_binomial_time(std::size_t processes, double latency, double gap)
{
  return static_cast<double>(binomial_rounds(processes)) * (latency + gap);
}

}  // namespace hbcast
