#include <hbcast/model/topology_graph.hpp>

#include <boost/graph/breadth_first_search.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hbcast {

TopologyGraph::TopologyGraph(std::size_t host_count) : graph_(host_count), send_overhead_(host_count, {0.0, 0.0}) {}

TopologyGraph TopologyGraph::from_platform_graph(const PlatformGraph& platform)
{
  if (platform.shape() != PlatformGraph::Shape::routed_graph)
    throw std::invalid_argument("a star platform has no direct host-to-host link");
  TopologyGraph topology(platform.host_count());
  for (const auto& link : platform.links()) {
    topology.add_link(link.from, link.to, link.latency, link.bandwidth);
    if (!link.directed)
      topology.add_link(link.to, link.from, link.latency, link.bandwidth);
  }
  for (NodeId u = 0; u < platform.host_count(); ++u) {
    const auto& overhead = platform.send_overhead(u);
    topology.set_send_overhead(u, overhead.latency, std::isinf(overhead.bandwidth) ? 0.0 : 1.0 / overhead.bandwidth);
  }
  return topology;
}

void TopologyGraph::add_link(NodeId from, NodeId to, double latency, double bandwidth)
{
  if (from >= size() || to >= size() || from == to)
    throw std::invalid_argument("link " + std::to_string(from) + " -> " + std::to_string(to) + " is not between two hosts");
  if (!(bandwidth > 0.0) || !(latency >= 0.0) || !std::isfinite(latency))
    throw std::invalid_argument("link " + std::to_string(from) + " -> " + std::to_string(to) +
                                " needs a bandwidth > 0 and a finite latency >= 0");
  if (has_link(from, to))
    throw std::invalid_argument("link " + std::to_string(from) + " -> " + std::to_string(to) + " given twice");
  boost::add_edge(from, to, TopologyLink{latency, std::isinf(bandwidth) ? 0.0 : 1.0 / bandwidth}, graph_);
}

void TopologyGraph::set_send_overhead(NodeId host, double latency, double inverse_bandwidth)
{
  send_overhead_.at(host) = {latency, inverse_bandwidth};
}

bool TopologyGraph::has_link(NodeId from, NodeId to) const
{
  return boost::edge(from, to, graph_).second;
}

double TopologyGraph::link_time(NodeId from, NodeId to, double bytes) const
{
  auto [edge, found] = boost::edge(from, to, graph_);
  if (!found)
    throw std::out_of_range("no link " + std::to_string(from) + " -> " + std::to_string(to));
  return graph_[edge].latency + bytes * graph_[edge].inverse_bandwidth;
}

double TopologyGraph::send_overhead(NodeId host, double bytes) const
{
  return send_overhead_.at(host).first + bytes * send_overhead_.at(host).second;
}

std::vector<NodeId> TopologyGraph::out_neighbors(NodeId host) const
{
  std::vector<NodeId> neighbors;
  for (auto [it, end] = boost::out_edges(host, graph_); it != end; ++it)
    neighbors.push_back(boost::target(*it, graph_));
  return neighbors;
}

std::vector<std::pair<NodeId, NodeId>> TopologyGraph::links() const
{
  std::vector<std::pair<NodeId, NodeId>> all;
  for (NodeId u = 0; u < size(); ++u)
    for (NodeId v : out_neighbors(u))
      all.emplace_back(u, v);
  return all;
}

std::vector<double> TopologyGraph::link_times(double bytes) const
{
  std::vector<double> times;
  times.reserve(link_count());
  for (NodeId u = 0; u < size(); ++u)
    for (auto [it, end] = boost::out_edges(u, graph_); it != end; ++it)
      times.push_back(graph_[*it].latency + bytes * graph_[*it].inverse_bandwidth);
  return times;
}

NodeId TopologyGraph::first_unreached_from(NodeId source) const
{
  std::vector<boost::default_color_type> color(size(), boost::white_color);
  boost::breadth_first_search(graph_, source,
                              boost::color_map(boost::make_iterator_property_map(color.begin(), boost::get(boost::vertex_index, graph_))));
  const auto missed = std::find(color.begin(), color.end(), boost::white_color);
  return missed == color.end() ? kNoNode : static_cast<NodeId>(missed - color.begin());
}

}  // namespace hbcast
