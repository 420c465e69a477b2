// solve_steady_state_broadcast: checks, the trivial cases, scaling, and the choice between the
// two equivalent forms of SSB(G) (Beaumont-Marchal-Robert, section 4.1): ssb_cut_generation.cpp (default) and
// ssb_full_program.cpp (the program as written).
#include <hbcast/platform_graph/steady_state_lp.hpp>

#include <hbcast/platform_graph/binding_link_rows.hpp>

#include "steady_state_lp_detail.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

using steady_state_lp_detail::CapacityRow;
using steady_state_lp_detail::LoadLimits;
using steady_state_lp_detail::TimedLink;

// Loads are returned on a grid of this fraction of TP.
constexpr double kLoadGrain = 1e-12;

// The hosts the source reaches through free links (T = 0) alone.
std::vector<bool> reached_by_free_links(const std::vector<TimedLink>& links, std::size_t host_count, NodeId source)
{
  std::vector<std::vector<NodeId>> successors(host_count);
  for (const auto& link : links)
    if (link.time == 0.0)
      successors[link.from].push_back(link.to);
  std::vector<bool> reached(host_count, false);
  std::vector<NodeId> pending{source};
  reached[source] = true;
  while (!pending.empty()) {
    const NodeId u = pending.back();
    pending.pop_back();
    for (NodeId v : successors[u])
      if (!reached[v]) {
        reached[v] = true;
        pending.push_back(v);
      }
  }
  return reached;
}

// The time unit tau: the geometric mean of the positive link times. Dividing times by it (and
// multiplying rates by it) puts loads and times near 1, so that CLP's absolute tolerances act
// as relative ones whatever the slice size and bandwidths.
double time_unit(const std::vector<TimedLink>& links)
{
  double log_sum = 0.0;
  std::size_t count = 0;
  for (const auto& link : links)
    if (link.time > 0.0) {
      log_sum += std::log(link.time);
      ++count;
    }
  return std::exp(log_sum / static_cast<double>(count));
}

// The capacity rows in scaled time: each shared link's that the port rows leave room to bind, and
// multi-port, each transfer's alone.
LoadLimits load_limits(const TopologyGraph& graph, const SteadyStateLpOptions& options, double slice_bytes, double tau)
{
  LoadLimits limits;
  limits.one_port = options.port == PortModel::one_port;
  for (const auto& link : binding_link_rows(graph, slice_bytes, options.port, options.shared_links)) {
    if (!(link.bandwidth > 0.0))
      throw std::invalid_argument("shared link '" + link.name + "' has no bandwidth");
    for (std::size_t e : link.arcs)
      if (e >= graph.link_count())
        throw std::invalid_argument("shared link '" + link.name + "' names transfer " + std::to_string(e) +
                                    " of " + std::to_string(graph.link_count()));
    if (!link.arcs.empty())
      limits.capacity.push_back({link.arcs, slice_bytes / link.bandwidth / tau});
  }
  if (!limits.one_port) {
    const auto arcs = graph.links();
    for (std::size_t e = 0; e < arcs.size(); ++e) {
      const double alone = graph.link_time(arcs[e].first, arcs[e].second, slice_bytes) -
                           graph.link_time(arcs[e].first, arcs[e].second, 0.0);  // slice_bytes / bandwidth
      if (alone > 0.0)
        limits.capacity.push_back({{e}, alone / tau});
    }
    // hbcast's multi-port model (Beaumont-Marchal-Robert, section 3.2): a sender is busy send_u(S) per send.
    std::vector<std::vector<std::size_t>> out_arcs(graph.size());
    for (std::size_t e = 0; e < arcs.size(); ++e)
      out_arcs[arcs[e].first].push_back(e);
    for (NodeId u = 0; u < graph.size(); ++u)
      if (const double overhead = graph.send_overhead(u, slice_bytes); overhead > 0.0 && !out_arcs[u].empty())
        limits.capacity.push_back({out_arcs[u], overhead / tau});
  }
  return limits;
}

}  // namespace

SteadyStateSolution solve_steady_state_broadcast(const TopologyGraph& graph, NodeId source, double slice_bytes,
                                                 const SteadyStateLpOptions& options)
{
  if (source >= graph.size())
    throw std::invalid_argument("source " + std::to_string(source) + " is not one of the " +
                                std::to_string(graph.size()) + " hosts");
  if (!(slice_bytes >= 0.0) || !std::isfinite(slice_bytes))
    throw std::invalid_argument("slice size must be finite and >= 0");

  if (NodeId host = graph.first_unreached_from(source); host != kNoNode)
    throw std::invalid_argument("host " + std::to_string(host) + " is unreachable from source " + std::to_string(source));

  SteadyStateSolution solution;
  const auto arcs = graph.links();
  const auto times = graph.link_times(slice_bytes);
  std::vector<TimedLink> links;
  links.reserve(arcs.size());
  for (std::size_t e = 0; e < arcs.size(); ++e)
    links.push_back({arcs[e].first, arcs[e].second, times[e]});
  solution.edge_loads.assign(links.size(), 0.0);

  const std::size_t n = graph.size();
  // Free links (T = 0) carry any rate: if they reach every host (always so for a single host),
  // the one-port rows never bind and TP is unbounded; otherwise some cut has a positive time.
  const std::vector<bool> free_reach = reached_by_free_links(links, n, source);
  if (std::find(free_reach.begin(), free_reach.end(), false) == free_reach.end()) {
    solution.status = SteadyStateSolution::Status::unbounded;
    solution.slices_per_second = solution.bytes_per_second = std::numeric_limits<double>::infinity();
    return solution;
  }

  const double tau = time_unit(links);
  for (auto& link : links)
    link.time /= tau;
  const LoadLimits limits = load_limits(graph, options, slice_bytes, tau);
  // Multi-port has no port rows: arcs that no capacity row limits either (routes of latency only,
  // as between a Vivaldi zone's hosts) carry any rate; if they reach every host, TP is unbounded.
  if (!limits.one_port) {
    std::vector<bool> limited(links.size(), false);
    for (const auto& row : limits.capacity)
      for (std::size_t e : row.arcs)
        limited[e] = true;
    std::vector<TimedLink> unlimited;
    for (std::size_t e = 0; e < links.size(); ++e)
      if (!limited[e])
        unlimited.push_back({links[e].from, links[e].to, 0.0});
    const std::vector<bool> reach = reached_by_free_links(unlimited, n, source);
    if (std::find(reach.begin(), reach.end(), false) == reach.end()) {
      solution.status = SteadyStateSolution::Status::unbounded;
      solution.slices_per_second = solution.bytes_per_second = std::numeric_limits<double>::infinity();
      return solution;
    }
  }
  if (options.method != SteadyStateLpMethod::cut_generation && !(limits.one_port && limits.capacity.empty()))
    throw std::invalid_argument("SSB: shared links and the multi-port model need the cut_generation method");
  const auto scaled = options.method == SteadyStateLpMethod::cut_generation
                          ? steady_state_lp_detail::solve_by_cut_generation(links, n, source, free_reach, limits)
                          : steady_state_lp_detail::solve_full_program(links, n, source, options.method, options.presolve);
  solution.iterations = scaled.iterations;
  solution.rounds = scaled.rounds;
  solution.variable_count = scaled.variable_count;
  solution.constraint_count = scaled.constraint_count;

  // Loads equal in exact arithmetic come out of the solver a few ulps apart, in an order that
  // depends on its pivots; the heuristics that rank links by load (lp-prune, lp-grow-tree, the
  // multi-tree packing) would break those ties by rounding noise. Rounded to 1e-9 of TP, they
  // compare equal, and the ties fall to the heuristics' own rules.
  std::vector<double> loads = scaled.edge_loads;
  if (const double grain = scaled.throughput * kLoadGrain; grain > 0.0)
    for (double& load : loads)
      load = std::round(load / grain) * grain;
  // Back to seconds. The solver meets the port rows (i), (j) within its tolerance; shrinking by the
  // worst excess (about 1e-12 in practice) makes the returned rates feasible for them exactly.
  std::vector<double> in_busy(n, 0.0), out_busy(n, 0.0);
  for (std::size_t e = 0; e < links.size(); ++e) {
    solution.edge_loads[e] = loads[e] / tau;
    in_busy[links[e].to] += loads[e] * links[e].time;
    out_busy[links[e].from] += loads[e] * links[e].time;
  }
  double excess = limits.one_port ? std::max({1.0, *std::max_element(in_busy.begin(), in_busy.end()),
                                               *std::max_element(out_busy.begin(), out_busy.end())})
                                   : 1.0;
  for (const auto& row : limits.capacity) {
    double busy = 0.0;
    for (std::size_t e : row.arcs)
      busy += loads[e] * row.time;
    excess = std::max(excess, busy);
  }
  if (excess > 1.0 + 1e-6)
    throw std::logic_error("SSB(G): the loads found overrun a port or link by " + std::to_string(excess - 1.0));
  for (double& load : solution.edge_loads)
    load /= excess;
  solution.slices_per_second = std::max(0.0, scaled.throughput / tau / excess);
  solution.bytes_per_second = solution.slices_per_second * slice_bytes;
  return solution;
}

}  // namespace hbcast
