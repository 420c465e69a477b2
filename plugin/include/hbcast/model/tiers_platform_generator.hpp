#pragma once
#include <hbcast/model/platform_graph.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hbcast {

/// Parameters of a Tiers-style platform (Calvert, Doar, Zegura, "Modeling Internet topology",
/// IEEE Communications Magazine 1997; Beaumont-Marchal-Robert section 5.1 uses Tiers for its "realistic"
/// platforms). The counts are Tiers' command line `NW NM NL SW SM SL RW RM RL RMW RLM`. The
/// defaults are the 30-node preset (tiers_preset(30)); the bandwidths default to the paper's single
/// distribution (Gaussian, mean 100 MB/s, sd 20 MB/s, as for its random platforms) on every tier,
/// so that heuristics are compared as in the paper; the latencies are ours (the paper gives none).
struct TiersPlatformParameters {
  std::size_t wans = 1;               ///< NW: Tiers builds exactly one WAN
  std::size_t mans_per_wan = 2;       ///< NM
  std::size_t lans_per_man = 2;       ///< NL
  std::size_t wan_nodes = 6;          ///< SW
  std::size_t man_nodes = 4;          ///< SM
  std::size_t lan_nodes = 4;          ///< SL (the first node is the LAN's centre)
  std::size_t wan_redundancy = 1;     ///< RW: extra edges per WAN node (0: the bare spanning tree)
  std::size_t man_redundancy = 1;     ///< RM: extra edges per MAN node
  std::size_t lan_redundancy = 0;     ///< RL: extra edges per LAN leaf, to other leaves (0: a star)
  std::size_t man_wan_links = 1;      ///< RMW: links between each MAN and the WAN
  std::size_t lan_man_links = 1;      ///< RLM: links between each LAN and its MAN
  double wan_bandwidth_mean = 100e6;  ///< bytes/s
  double wan_bandwidth_sd = 20e6;     ///< bytes/s
  double man_bandwidth_mean = 100e6;
  double man_bandwidth_sd = 20e6;
  double lan_bandwidth_mean = 100e6;
  double lan_bandwidth_sd = 20e6;
  double wan_latency = 5e-3;   ///< seconds: a continental link, a few ms
  double man_latency = 2e-4;   ///< seconds: a metropolitan link, sub-millisecond
  double lan_latency = 2e-5;   ///< seconds: a switched LAN hop, tens of microseconds
  std::uint64_t seed = 1;
};

/// Grid sides (integer coordinates) in which nodes are placed, see generate_tiers_platform.
constexpr std::int64_t kTiersWanGrid = 10000;
constexpr std::int64_t kTiersManGrid = 1000;
constexpr std::int64_t kTiersLanGrid = 100;
/// Largest platform accepted: Floyd routing in SimGrid is cubic in the host count.
constexpr std::size_t kTiersMaxNodes = 10000;

/// The presets: exactly 30 or 65 nodes, the sizes of Beaumont-Marchal-Robert's Tiers platforms, with a density
/// (edges / (n(n-1)/2)) inside the paper's 0.05..0.15 on every seed tried (see the unit test):
///  * 30: NW NM NL SW SM SL = 1 2 2 6 4 4 (6 + 2x4 + 4x4), RW RM RL RMW RLM = 1 1 0 1 1;
///  * 65: NW NM NL SW SM SL = 1 4 2 5 5 5 (5 + 4x5 + 8x5), RW RM RL RMW RLM = 1 1 1 2 1.
/// Bandwidths and latencies keep their defaults. Throws std::invalid_argument for other counts.
TiersPlatformParameters tiers_preset(std::size_t node_count);

/// Node count NW*SW + NW*NM*SM + NW*NM*NL*SL, saturating instead of overflowing.
std::size_t tiers_node_count(const TiersPlatformParameters& parameters);

/// The geometry and edges of a Tiers platform before any bandwidth is drawn.
struct TiersTopology {
  enum class Tier { wan, man, lan };
  enum class EdgeKind { spanning_tree, star, redundancy, attachment };

  struct Node {
    std::string name;          ///< "wan-K", "man-M-K", "lan-M-L-K" (MAN M, its LAN L, node K)
    Tier tier = Tier::wan;
    std::size_t network = 0;   ///< 0: the WAN; 1..NM: MAN M+1; then LAN (M, L) is 1 + NM + M*NL + L
    std::int64_t x = 0, y = 0;
  };
  struct Edge {
    std::size_t a = 0, b = 0;  ///< node indices, a < b
    EdgeKind kind = EdgeKind::spanning_tree;
    Tier tier = Tier::wan;     ///< whose bandwidth and latency the link takes
  };

  std::vector<Node> nodes;
  std::vector<Edge> edges;
};

/// Squared Euclidean distance between two nodes (exact in integers).
std::int64_t tiers_squared_distance(const TiersTopology::Node& a, const TiersTopology::Node& b);

/// Places the nodes and builds the edges (steps 1-2 of generate_tiers_platform).
TiersTopology build_tiers_topology(const TiersPlatformParameters& parameters);

/// Generates a connected Tiers-style platform (shape routed_graph; every node is a host).
///
/// All draws come from one std::mt19937_64 seeded with `seed`, converted by hand
/// (unit_uniform_draw, standard_normal_draw) so every standard library gives the same platform.
///  1. Placement. An integer in [0, k) is floor(u k) for one uniform u; a point is x then y.
///     WAN nodes: points of the kTiersWanGrid square. Then each MAN in turn: an origin in
///     [0, kTiersWanGrid - kTiersManGrid]^2, its nodes at origin + a point of the kTiersManGrid
///     square. Then each LAN (MAN by MAN): an origin inside its MAN's square, [0, kTiersManGrid -
///     kTiersLanGrid]^2 from the MAN's origin, its nodes at origin + a point of the kTiersLanGrid
///     square. Nodes are numbered in the same order: WAN, MANs, LANs.
///  2. Edges (deterministic given the points; ties go to the lower node index):
///     - the WAN and each MAN: a Euclidean minimum spanning tree (Prim from its first node);
///     - redundancy, the Tiers reading: each node of the network in turn adds edges to its
///       nearest nodes of the same network it is not yet linked to, R of them (fewer when it is
///       already linked to all), R = RW or RM; edges added by earlier nodes count as links;
///     - each LAN: a star centred on its first node; then the same redundancy rule with R = RL
///       among its leaves only (leaf-to-leaf edges; the centre takes none);
///     - each MAN attaches to the WAN by the RMW shortest (MAN node, WAN node) pairs, each LAN to
///       its MAN by the RLM shortest (LAN node, MAN node) pairs.
///     Every network is connected by its tree and attached to the one above: connected by
///     construction. Link order: WAN tree, WAN redundancy; per MAN: tree, redundancy,
///     attachment; per LAN: star, redundancy, attachment.
///  3. Bandwidths: one Gaussian per link in link order with its tier's mean and sd, redrawn at
///     or below random_platform_bandwidth_floor(mean) as for random platforms. A link takes its
///     tier's latency. Tiers: WAN and MAN edges their network's, LAN edges the LAN tier; an
///     attachment takes the tier of the network it attaches into (MAN-WAN: WAN, LAN-MAN: MAN), as
///     that network's access link.
/// Send overheads follow the 0.8 rule (apply_fastest_link_send_overheads). Recorded parameters:
/// every Tiers count, bandwidth and latency, the grids, the seed, the floors, "nodes", "edges"
/// and "density" = edges / (n(n-1)/2).
/// Throws std::invalid_argument with a one-line message naming the parameter when wans != 1, a
/// node count per network is 0, the total is outside [2, kTiersMaxNodes], man-wan-links or
/// lan-man-links is 0 or more than the node pairs available, a mean <= 0, an sd or latency < 0,
/// or a value is not finite.
PlatformGraph generate_tiers_platform(const TiersPlatformParameters& parameters);

}  // namespace hbcast
