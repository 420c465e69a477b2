#pragma once
#include <hbcast/calibration/network_factors.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hbcast::calibration {

/// A host's private link: one-way latency to its switch, and its up (send) and down (receive)
/// bandwidths in bytes per second (split duplex: sending and receiving never contend).
struct HostLink {
  double latency = 0;
  double up = 0, down = 0;
};

/// A link between two groups, or a group's uplink: latency (s), bandwidth (B/s), and whether the
/// flows crossing it share its bandwidth (SimGrid SHARED or SPLITDUPLEX) or each get all of it
/// (FATPIPE: a per-flow limit, as a path that no measurement saw saturated).
struct SharedLink {
  double latency = 0;
  double bandwidth = 0;
  bool shared = true;
  /// A per-flow limit below the shared capacity (a FATPIPE beside the shared link).
  std::optional<double> flow_limit;
};

/// Hosts behind one switch (SimGrid <cluster>): a route between two of them crosses the sender's
/// up link, the backbone when there is one, and the receiver's down link.
struct HostGroup {
  std::vector<std::size_t> hosts;     ///< host indices, ascending
  std::optional<double> backbone;     ///< SHARED backbone capacity (B/s), crossed by all its routes
  std::optional<double> uplink_out;   ///< shared capacity of everything leaving the group
  std::optional<double> uplink_in;    ///< shared capacity of everything entering the group
};

/// A two-level SimGrid FAT_TREE cluster (topo_parameters "2;K,M;1,P;1,Q"): M leaf switches of K
/// hosts, P spines, Q parallel cables between a leaf and each spine, every link split duplex with
/// one bandwidth and latency. SimGrid routes by position (host i is in leaf i / K): up from a leaf
/// on cable c = dst mod (P Q) (spine c mod P), down from the spine on cable src mod Q.
struct FatTreeShape {
  std::size_t hosts_per_leaf = 0, leaves = 0, spines = 0, cables = 0;
  double bandwidth = 0, latency = 0;
  std::vector<std::size_t> position;  ///< host index -> position in the cluster's radical order
  std::size_t alike_shapes = 1;       ///< shapes that gave the concurrent tests the same rates
};

/// The platform a calibration found: groups of hosts, each with private host links and an
/// optional backbone; between groups, per group an optional uplink (out and in) and per ordered
/// group pair a link carrying the extra latency and, where measured, a bandwidth limit. SMPI's
/// size factors apply on top.
///
/// Route u -> v, u in g, v in h: up(u) [backbone g] then, when g != h, [out g] link(g,h) [in h]
/// [backbone h]; down(v). Its latency is the sum, its lone-flow bandwidth the minimum.
struct CalibratedNetwork {
  std::vector<std::string> hosts;
  std::vector<HostLink> host_links;
  std::vector<HostGroup> groups;
  std::vector<std::size_t> group_of;                 ///< host -> group index
  std::vector<std::vector<SharedLink>> between;      ///< [g][h] for g != h
  NetworkFactors factors;
  /// Set when the measurements are those of a two-level fat-tree: the platform is that cluster and
  /// routes, latencies and sharing follow it (groups are its leaves).
  std::optional<FatTreeShape> fat_tree;

  std::size_t size() const { return hosts.size(); }
  double latency(std::size_t u, std::size_t v) const;
  /// The bottleneck bandwidth of a lone flow u -> v (no factor).
  double bandwidth(std::size_t u, std::size_t v) const;
  /// A lone message of `bytes` u -> v, with the factors.
  double transfer_time(std::size_t u, std::size_t v, double bytes) const;

  /// The links a flow u -> v crosses, as indices into link_capacities() (for max-min sharing).
  std::vector<std::size_t> route_links(std::size_t u, std::size_t v) const;
  /// Every link's capacity and whether it is shared (FATPIPE links bound each flow only).
  std::vector<std::pair<double, bool>> link_capacities() const;
  /// Max-min fair rates (SimGrid's sharing) of concurrent flows, without factors.
  std::vector<double> concurrent_rates(const std::vector<std::pair<std::size_t, std::size_t>>& flows) const;
};

}  // namespace hbcast::calibration
