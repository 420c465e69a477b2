#pragma once
#include <cstddef>
#include <cstdint>

namespace hbcast {

/// `hbcast generate backbone`: clusters of hosts behind a SHARED backbone (SimGrid <cluster>,
/// SPLITDUPLEX host links), each cluster's router joined to every other by its SPLITDUPLEX uplink:
/// routes host_UP, backbone, [uplink_UP(a), uplink_DOWN(b), backbone(b)], host_DOWN, the shape of
/// ClusteredLinkModel. No random choice: the seed is only recorded.
struct BackbonePlatformParameters {
  std::size_t clusters = 4;
  std::size_t nodes = 16;  ///< hosts per cluster
  double bandwidth = 1.25e8;
  double latency = 5e-5;
  double backbone_bandwidth = 2.5e8;
  double backbone_latency = 1e-4;
  double uplink_bandwidth = 1.25e8;
  double uplink_latency = 5e-3;
  std::uint64_t seed = 1;
};

/// `hbcast generate fat-tree`: a two-level SimGrid FAT_TREE cluster, topo_parameters
/// "2;hosts-per-leaf,leaves;1,spines;1,links-per-spine" (each leaf has spines x links-per-spine
/// uplinks for hosts-per-leaf hosts: over-subscribed when fewer). The seed is only recorded.
struct FatTreePlatformParameters {
  std::size_t leaves = 4;
  std::size_t hosts_per_leaf = 4;
  std::size_t spines = 2;
  std::size_t links_per_spine = 1;
  double bandwidth = 1.25e8;
  double latency = 5e-5;
  std::uint64_t seed = 1;
};

/// `hbcast generate dragonfly`: a SimGrid DRAGONFLY cluster, topo_parameters
/// "groups,group-links;chassis,chassis-links;routers,router-links;nodes" (nodes per router). The
/// seed is only recorded. SimGrid 3.32 crashes while routing some parameter sets (3,1;2,1;2,1;2 for
/// one); the defaults (36 hosts) and SimGrid's own example 3,4;4,3;5,1;2 route every pair.
struct DragonflyPlatformParameters {
  std::size_t groups = 3;
  std::size_t group_links = 2;
  std::size_t chassis = 2;
  std::size_t chassis_links = 1;
  std::size_t routers = 3;
  std::size_t router_links = 1;
  std::size_t nodes = 2;
  double bandwidth = 1.25e8;
  double latency = 5e-5;
  std::uint64_t seed = 1;
};

}  // namespace hbcast
