#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/platform_graph.hpp>

#include <boost/graph/adjacency_list.hpp>

#include <utility>
#include <vector>

namespace hbcast {

/// A direct link u -> v of the platform graph: T_uv(L) = latency + L * inverse_bandwidth.
struct TopologyLink {
  double latency = 0.0;
  double inverse_bandwidth = 0.0;
};

/// The platform graph P = (V, E) of Beaumont-Marchal-Robert, section 2.4: hosts and the directed links between
/// them (a bidirectional link is two edges). Topology-aware heuristics (Beaumont-Marchal-Robert, sections 3 and 4)
/// and the steady-state LP work on it; T_uv is only defined on its edges. Each host also has the
/// multi-port send overhead send_u(L) = send_latency + L * send_inverse_bandwidth.
class TopologyGraph {
public:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, boost::no_property, TopologyLink>;
  using Edge = Graph::edge_descriptor;

  explicit TopologyGraph(std::size_t host_count);
  /// Generated platforms: each undirected link becomes two edges (star platforms have no direct
  /// host-to-host link and are rejected with std::invalid_argument).
  static TopologyGraph from_platform_graph(const PlatformGraph& platform);

  /// Adds u -> v; throws std::invalid_argument on a self-loop, a duplicate, bandwidth <= 0.
  void add_link(NodeId from, NodeId to, double latency, double bandwidth);
  void set_send_overhead(NodeId host, double latency, double inverse_bandwidth);

  std::size_t size() const { return boost::num_vertices(graph_); }
  std::size_t link_count() const { return boost::num_edges(graph_); }
  const Graph& graph() const { return graph_; }
  bool has_link(NodeId from, NodeId to) const;
  /// T_uv(bytes) of the link u -> v; throws std::out_of_range when there is none.
  double link_time(NodeId from, NodeId to, double bytes) const;
  double send_overhead(NodeId host, double bytes) const;
  double send_latency(NodeId host) const { return send_overhead_.at(host).first; }
  double send_inverse_bandwidth(NodeId host) const { return send_overhead_.at(host).second; }
  std::vector<NodeId> out_neighbors(NodeId host) const;
  /// Every directed link (u, v), in a stable order (by u, then insertion).
  std::vector<std::pair<NodeId, NodeId>> links() const;
  /// T_uv(bytes) of every link, in links() order.
  std::vector<double> link_times(double bytes) const;
  /// The lowest-index host not reachable from `source` along directed links, or kNoNode when
  /// every host is (breadth-first search).
  NodeId first_unreached_from(NodeId source) const;

private:
  Graph graph_;
  std::vector<std::pair<double, double>> send_overhead_;  // latency, inverse bandwidth
};

}  // namespace hbcast
