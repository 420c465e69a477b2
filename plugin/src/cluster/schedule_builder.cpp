#include <hbcast/cluster/schedule_builder.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/core/binomial_tree.hpp>

#include <stdexcept>

namespace hbcast {

ScheduleBuilder::ScheduleBuilder(const ClusterInstance& instance)
    : instance_(&instance), offsets_(cluster_offsets(instance)), informed_(instance.cluster_count(), 0)
{
  instance.validate();  // every scheduler builds on a valid instance
  informed_[0] = 1;  // the source
  schedule_.transfers.reserve(instance.node_count());  // at most N - 1 transfers: no reallocation
}

ScheduleBuilder::ScheduleBuilder(const ClusterInstance& instance, const std::vector<std::size_t>& order)
    : ScheduleBuilder(instance)
{
  check_cluster_order(instance, order);
}

bool ScheduleBuilder::local_round(std::size_t cluster, std::size_t target, double time)
{
  const std::size_t have = informed_[cluster];
  if (have == 0 || have >= target)
    return false;
  const std::size_t sent = std::min(have, target - have);
  for (std::size_t j = 0; j < sent; ++j)
    schedule_.transfers.push_back({node(cluster, j), node(cluster, have + j), time, false});
  informed_[cluster] += sent;
  total_informed_ += sent;
  return true;
}

double ScheduleBuilder::local_broadcast(std::size_t cluster, std::size_t target, double time)
{
  while (local_round(cluster, target, time))
    time += 1.0;
  return time;
}

std::size_t ScheduleBuilder::local_send(std::size_t cluster, std::size_t from_local, std::size_t target, double time)
{
  const std::size_t to = informed_[cluster];
  if (to >= target)
    return target;
  schedule_.transfers.push_back({node(cluster, from_local), node(cluster, to), time, false});
  ++informed_[cluster];
  ++total_informed_;
  return to;
}

void ScheduleBuilder::global(std::size_t from, std::size_t local, std::size_t to, double time)
{
  if (informed_[to] != 0)
    throw std::logic_error("Khuller-Kim-Wan scheduler: a cluster would receive two global messages");
  schedule_.transfers.push_back({node(from, local), node(to, 0), time, true});
  informed_[to] = 1;
  ++total_informed_;
}

std::size_t doubling_rounds(std::size_t have, std::size_t want)
{
  if (have >= want)
    return 0;
  if (have == 0)
    throw std::invalid_argument("doubling rounds: nobody holds the message");
  return binomial_rounds((want + have - 1) / have);  // have 2^r >= want <=> 2^r >= ceil(want / have)
}

}  // namespace hbcast
