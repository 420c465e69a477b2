#pragma once
#include <hbcast/core/node_id.hpp>
#include <hbcast/model/host_blocks.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/topology_graph.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <memory>
#include <string>
#include <vector>

namespace hbcast {

/// Which host pairs may carry transfers in the steady-state program of a routed platform.
struct RoutedCandidates {
  enum class Rule {
    automatic,  ///< all up to kAllPairsLimit hosts, nearest above
    all,        ///< every ordered pair: the exact optimum over the platform's routes
    nearest,    ///< each host's `nearest` fastest receivers, a ring, and the source to every host
    direct,     ///< pairs joined by a single link: Beaumont-Marchal-Robert's platform graph, SSB(G) itself
  };
  static constexpr std::size_t kAllPairsLimit = 100;
  Rule rule = Rule::automatic;
  std::size_t nearest = 8;
};

/// Parses "auto", "all", "direct" or "nearest:K"; throws std::invalid_argument naming the value.
RoutedCandidates parse_routed_candidates(const std::string& text);

/// SSB on any platform: candidate transfers as the edges of a TopologyGraph
/// (T_uv = the route's latency + L / its bottleneck bandwidth, as a lone transfer takes in exact
/// mode), and every SHARED link that two or more of them cross as a capacity row. FATPIPE links
/// and links crossed by one candidate get no row: the transfer's own time bounds them.
struct RoutedTopology {
  std::shared_ptr<TopologyGraph> graph;
  std::vector<SharedLinkRow> shared_links;
  std::string candidates;  ///< the rule applied, e.g. "all 9900 ordered pairs"
};

/// The capacity rows of the SHARED links that two or more of `arcs` (host pairs) cross.
std::vector<SharedLinkRow> shared_link_rows(const LinkRouteModel& routes,
                                            const std::vector<std::pair<NodeId, NodeId>>& arcs);

/// Builds it from `routes` (the "all" and "direct" rules look every ordered pair's route up once, as
/// does "nearest" without `blocks`: O(n^2) look-ups; O(candidates x route length) memory). With
/// `blocks` (hosts whose pairwise times depend only on their blocks: CostModel::host_blocks), the
/// nearest receivers take one look-up per pair of blocks and are the same. Throws
/// std::invalid_argument when some host cannot be reached from the source through the candidates.
RoutedTopology build_routed_topology(const LinkRouteModel& routes, NodeId source, const RoutedCandidates& candidates,
                                     const HostBlocks* blocks = nullptr);

}  // namespace hbcast
