#pragma once
#include <map>
#include <hbcast/model/cost_model.hpp>
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/model/port_model.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hbcast {

struct SteadyStateSolution;  // platform_graph/steady_state_lp.hpp (a family above this layer)

/// What a scheduler sees: the hosts, the pairwise cost model, the size of one transfer it plans
/// for (the message when atomic, one slice when pipelined, as Beaumont-Marchal-Robert weights edges by T_uv(L))
/// and the port model.
class BroadcastInstance {
public:
  BroadcastInstance(std::shared_ptr<const CostModel> costs, std::vector<std::string> host_names,
                    double transfer_bytes, PortModel port = PortModel::one_port);

  std::size_t size() const { return costs_->size(); }
  const CostModel& costs() const { return *costs_; }
  const std::shared_ptr<const CostModel>& shared_costs() const { return costs_; }
  const std::vector<std::string>& host_names() const { return host_names_; }
  double transfer_bytes() const { return transfer_bytes_; }
  PortModel port() const { return port_; }
  /// How many slices of transfer_bytes() the broadcast pipelines (1: atomic). Most schedulers
  /// build one tree for any count; the link-aware ones pace their slices by it.
  void set_slices(std::size_t slices);
  std::size_t slices() const { return slices_; }
  /// The same hosts, costs, port model, links, platform graph and parameters, planning for `slices`
  /// slices of `slice_bytes` each (what `--slices auto` tries); shared models and the steady-state
  /// solution, which depend on the transfer size, are not carried over.
  std::unique_ptr<BroadcastInstance> for_slices(double slice_bytes, std::size_t slices) const;

  /// The sender-only model derived from the pairwise one (built once, on first use).
  std::shared_ptr<const SenderOnlyModel> sender_only() const;
  /// The latency grouping of the hosts (cluster_by_latency at kLowekampTolerance) the grid and
  /// two-level schedulers share (built once, on first use).
  const HostClustering& latency_clusters() const;
  /// Builds the shared models now (sender-only, latency grouping), e.g. before forking one process
  /// per scheduler, so that each inherits them instead of rebuilding them.
  void build_shared_models() const;

  /// The platform graph (direct host-to-host links), when the platform has one; topology-aware
  /// schedulers (Beaumont-Marchal-Robert) need it. Throws std::invalid_argument naming `who` when absent.
  void set_topology(std::shared_ptr<const TopologyGraph> topology) { topology_ = std::move(topology); }
  bool has_topology() const { return topology_ != nullptr; }
  const TopologyGraph& topology(const std::string& who) const;

  /// The platform's links and routes, when known; link-aware schedulers need them. links() throws
  /// std::invalid_argument naming `who` when absent.
  void set_links(std::shared_ptr<const LinkRouteModel> links) { links_ = std::move(links); }
  bool has_links() const { return links_ != nullptr; }
  const std::shared_ptr<const LinkRouteModel>& links(const std::string& who) const;
  /// Scheduler parameters the user set by name (`simulate --param m=4`), e.g. LCF(m)'s m; a
  /// scheduler reads its own with parameter(), which falls back to its registered default.
  void set_parameters(std::map<std::string, double> parameters) { parameters_ = std::move(parameters); }
  double parameter(const std::string& name, double fallback) const;
  /// The steady-state LP SSB(G) already solved on this instance's platform graph from `source`
  /// with slices of transfer_bytes() (`hbcast lp` solves it once for itself and every LP
  /// heuristic). steady_state_edge_loads(instance, root) reuses it when the root is `source`.
  void set_steady_state(std::shared_ptr<const SteadyStateSolution> solution, NodeId source);
  /// The solution set for `source`, or nullptr.
  const SteadyStateSolution* steady_state(NodeId source) const;

private:
  std::map<std::string, double> parameters_;
  std::shared_ptr<const CostModel> costs_;
  std::vector<std::string> host_names_;
  double transfer_bytes_;
  PortModel port_;
  std::size_t slices_ = 1;
  mutable std::once_flag sender_only_once_;
  mutable std::shared_ptr<const SenderOnlyModel> sender_only_;
  mutable std::once_flag clusters_once_;
  mutable HostClustering clusters_;
  std::shared_ptr<const TopologyGraph> topology_;
  std::shared_ptr<const LinkRouteModel> links_;
  std::shared_ptr<const SteadyStateSolution> steady_state_;
  NodeId steady_state_source_ = kNoNode;
};

}  // namespace hbcast
