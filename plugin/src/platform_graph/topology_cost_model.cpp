#include <hbcast/platform_graph/topology_cost_model.hpp>

#include <boost/graph/adjacency_list.hpp>

#include <limits>

namespace hbcast {

double TopologyCostModel::latency(NodeId from, NodeId to) const
{
  if (from == to)
    return 0.0;
  const auto [edge, found] = boost::edge(from, to, graph_.graph());
  return found ? graph_.graph()[edge].latency : std::numeric_limits<double>::infinity();
}

double TopologyCostModel::inverse_bandwidth(NodeId from, NodeId to) const
{
  // Zero off the edges: the infinite latency already makes T infinite, and inf * 0 bytes would be NaN.
  const auto [edge, found] = boost::edge(from, to, graph_.graph());
  return found ? graph_.graph()[edge].inverse_bandwidth : 0.0;
}

double TopologyCostModel::send_latency(NodeId from) const
{
  return graph_.send_latency(from);
}

double TopologyCostModel::send_inverse_bandwidth(NodeId from) const
{
  return graph_.send_inverse_bandwidth(from);
}

}  // namespace hbcast
