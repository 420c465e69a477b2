// SSB(G) (Beaumont-Marchal-Robert, section 4.1) projected onto its variables TP and n_uv, rows generated lazily.
//
// Why it is the same program: once n is fixed, the x^{uv}_w of different destinations w share no
// row but x^{uv}_w <= n_uv, so (a)-(d) ask, for each w separately, for a flow of value TP from the
// source to w under capacities n. By max-flow/min-cut that exists iff every cut has capacity >= TP:
//   for every host set S holding the source but not all hosts:  sum_{u in S, v not in S} n_uv >= TP.
// With the one-port rows (i), (j) on n, these cut rows describe exactly the feasible (TP, n) of
// SSB(G), so the optimum is the same. There are 2^(|V|-1) - 1 of them, but few bind: we solve with
// some, find for each destination w a maximum flow under the current n, and add the minimum cut of
// every w that gets less than TP, until none does. Each round adds rows that the current solution
// violates, and no row twice, so the loop ends (the rows are finitely many). At the end the master's
// TP is an upper bound (it is a relaxation) and the flows found carry it to every host within loads
// that meet the ports (a feasible solution): the optimum, to a relative 1e-9.
//
// This is far smaller than the full program (|E| + 1 columns, 2 |V| + cuts rows, against about
// |E| |V| of each), and the dual simplex re-optimizes warm after each round of cuts.
//
// The optimal face is seldom one point, and which vertex the simplex reaches depends on the order
// and number of rows, so two descriptions of one platform could get different loads. A second
// phase holds TP at the optimum and returns the loads of least port time (each arc's time, raised
// by a fixed fraction of its hosts' indices to separate equal times), with the cuts they need.
// Where CLP fails it, the loads are max_w of the first phase's per-destination flows, as in (d).
#include "max_flow_network.hpp"
#include "steady_state_lp_detail.hpp"

#include <hbcast/platform_graph/arcs_by_node.hpp>

#include <ClpSimplex.hpp>
#include <boost/container_hash/hash.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <unordered_set>

namespace hbcast::steady_state_lp_detail {
namespace {

// A flow short of TP by more than this fraction yields a cut row; CLP's own tolerance is 1e-7
// absolute on rows of order 1, so rows it reports as met are met far closer than that.
constexpr double kRelativeShortfall = 1e-9;
constexpr int kCutMaxRounds = 10000;
// Where CLP finds TP held at the optimum infeasible (its rounding), the second phase holds it this
// much lower (see solve_by_cut_generation).
constexpr double kHeldSlack = 1e-9;
// The relative spread of the second phase's costs among arcs of equal time (see least_port_time_costs).
constexpr double kTieBreak = 1e-3;
// The second phase runs up to this many hosts: its rounds of cuts, each a maximum flow per host,
// multiply (a 500-host random platform: 70 rounds in a minute against the first phase's 6).
constexpr std::size_t kSecondPhaseMaxHosts = 128;
// The second phase gives up once its program holds this many times the first phase's rows.
constexpr std::size_t kSecondPhaseRowFactor = 2;
// CLP's primal tolerance in the second phase, whose loads are returned without a raise.
constexpr double kHeldPrimalTolerance = 1e-12;

// The master program on (TP, n): columns TP then n_e; rows in-port, out-port per host, then cuts.
class CutMaster {
public:
  CutMaster(const std::vector<TimedLink>& links, std::size_t host_count, const LoadLimits& limits)
      : link_count_(links.size())
  {
    std::vector<CoinBigIndex> start{0};
    std::vector<int> index;
    std::vector<double> value;
    start.push_back(0);  // TP appears only in cut rows
    for (const auto& link : links) {
      if (link.time > 0.0) {
        index.insert(index.end(), {static_cast<int>(link.to), static_cast<int>(host_count + link.from)});
        value.insert(value.end(), {link.time, link.time});
      }
      start.push_back(static_cast<CoinBigIndex>(index.size()));
    }
    const std::size_t columns = links.size() + 1, rows = 2 * host_count;
    std::vector<double> column_lower(columns, 0.0), column_upper(columns, COIN_DBL_MAX), objective(columns, 0.0);
    objective[0] = -1.0;  // CLP minimizes
    // Multi-port: no port rows (kept, unbounded, so that row indices do not depend on the model).
    std::vector<double> row_lower(rows, -COIN_DBL_MAX), row_upper(rows, limits.one_port ? 1.0 : COIN_DBL_MAX);
    model_.setLogLevel(0);
    model_.loadProblem(static_cast<int>(columns), static_cast<int>(rows), start.data(), index.data(), value.data(),
                       column_lower.data(), column_upper.data(), objective.data(), row_lower.data(), row_upper.data());
    add_capacity_rows(limits.capacity);
  }

  /// sum_{e in row} n_e * time <= 1 for each capacity row (shared links; multi-port, lone arcs).
  void add_capacity_rows(const std::vector<CapacityRow>& rows)
  {
    std::vector<CoinBigIndex> starts{0};
    std::vector<int> columns;
    std::vector<double> elements;
    for (const auto& row : rows) {
      for (std::size_t e : row.arcs) {
        columns.push_back(static_cast<int>(1 + e));
        elements.push_back(row.time);
      }
      starts.push_back(static_cast<CoinBigIndex>(columns.size()));
    }
    const std::vector<double> lower(rows.size(), -COIN_DBL_MAX), upper(rows.size(), 1.0);
    if (!rows.empty())
      model_.addRows(static_cast<int>(rows.size()), lower.data(), upper.data(), starts.data(), columns.data(),
                     elements.data());
  }

  /// Queues sum_{e in cut} n_e - TP >= 0 (cut: increasing link indices) unless already present.
  bool add_cut(std::vector<int> cut)
  {
    if (!cuts_.insert(cut).second)
      return false;
    pending_columns_.push_back(0);
    pending_elements_.push_back(-1.0);
    for (int e : cut) {
      pending_columns_.push_back(1 + e);
      pending_elements_.push_back(1.0);
    }
    pending_starts_.push_back(static_cast<CoinBigIndex>(pending_columns_.size()));
    return true;
  }

  void solve()
  {
    const int added = static_cast<int>(pending_starts_.size()) - 1;
    if (added > 0) {
      const std::vector<double> lower(static_cast<std::size_t>(added), 0.0), upper(lower.size(), COIN_DBL_MAX);
      model_.addRows(added, lower.data(), upper.data(), pending_starts_.data(), pending_columns_.data(),
                     pending_elements_.data());
      pending_starts_.assign(1, 0);
      pending_columns_.clear();
      pending_elements_.clear();
    }
    // First solve from the all-zero start, which is feasible: primal. Later ones: rows were added
    // that cut the optimum off, the basis stays dual feasible: dual simplex, warm.
    // A new objective keeps the basis primal feasible: primal simplex, warm.
    solved_ && !solve_primal_next_ ? model_.dual() : model_.primal();
    solved_ = true;
    solve_primal_next_ = false;
    iterations_ += model_.numberIterations();
    require_optimal(model_);
  }

  /// From now on TP is held at `throughput` and the program minimizes sum_e cost_e n_e instead.
  void hold_throughput(double throughput, const std::vector<double>& cost, double primal_tolerance)
  {
    model_.setColumnBounds(0, throughput, throughput);
    model_.setPrimalTolerance(primal_tolerance);
    model_.setObjectiveCoefficient(0, 0.0);
    for (std::size_t e = 0; e < cost.size(); ++e)
      model_.setObjectiveCoefficient(static_cast<int>(1 + e), cost[e]);
    solve_primal_next_ = true;
  }

  double throughput() const { return std::max(0.0, model_.primalColumnSolution()[0]); }
  std::vector<double> loads() const
  {
    const double* x = model_.primalColumnSolution();
    std::vector<double> n(link_count_);
    for (std::size_t e = 0; e < link_count_; ++e)
      n[e] = std::max(0.0, x[1 + e]);
    return n;
  }
  int iterations() const { return iterations_; }
  std::size_t row_count() const { return static_cast<std::size_t>(model_.numberRows()); }

private:
  ClpSimplex model_;
  std::size_t link_count_;
  std::unordered_set<std::vector<int>, boost::hash<std::vector<int>>> cuts_;  // only asked whether held
  std::vector<CoinBigIndex> pending_starts_{0};
  std::vector<int> pending_columns_;
  std::vector<double> pending_elements_;
  bool solved_ = false;
  bool solve_primal_next_ = false;
  int iterations_ = 0;
};

// The links leaving `side` (a host set holding the source), in increasing index order.
std::vector<int> links_leaving(const std::vector<TimedLink>& links, const std::vector<bool>& side)
{
  std::vector<int> cut;
  for (std::size_t e = 0; e < links.size(); ++e)
    if (side[links[e].from] && !side[links[e].to])
      cut.push_back(static_cast<int>(e));
  return cut;
}

// Starting rows: every host's in-links, the source's out-links, and the links leaving the hosts
// the source reaches through free links (this last row keeps the first master bounded).
void add_initial_cuts(CutMaster& master, const std::vector<TimedLink>& links, std::size_t host_count, NodeId source,
                      const std::vector<bool>& free_reach)
{
  for (NodeId w = 0; w < host_count; ++w) {
    std::vector<bool> all_but_w(host_count, true);
    all_but_w[w] = false;
    if (w != source)
      master.add_cut(links_leaving(links, all_but_w));
  }
  std::vector<bool> source_only(host_count, false);
  source_only[source] = true;
  master.add_cut(links_leaving(links, source_only));
  master.add_cut(links_leaving(links, free_reach));
}

// Each link's share of its sender's spare out-port time and of its receiver's spare in-port time
// (the smaller), as a load: the most it can grow with the ports still met.
void limit_by_port_spare(const std::vector<TimedLink>& links, std::size_t host_count, const std::vector<double>& loads,
                         std::vector<double>& extra)
{
  std::vector<double> in_spare(host_count, 1.0), out_spare(host_count, 1.0);
  std::vector<double> in_degree(host_count, 0.0), out_degree(host_count, 0.0);
  for (std::size_t e = 0; e < links.size(); ++e) {
    in_spare[links[e].to] -= loads[e] * links[e].time;
    out_spare[links[e].from] -= loads[e] * links[e].time;
    in_degree[links[e].to] += 1.0;
    out_degree[links[e].from] += 1.0;
  }
  for (std::size_t e = 0; e < links.size(); ++e)
    if (links[e].time > 0.0)
      extra[e] = std::min(extra[e], std::min(std::max(0.0, out_spare[links[e].from]) / out_degree[links[e].from],
                                             std::max(0.0, in_spare[links[e].to]) / in_degree[links[e].to]) /
                                        links[e].time);
}

// The master's optimum is a vertex: many n_uv sit at 0 although their ports have time to spare,
// and those zeros, not TP, make most cuts fail. So the flows are tried on loads raised into the
// spare time: each link gets an equal share of its sender's spare out-port time and of its
// receiver's spare in-port time (the smaller), twice over; with capacity rows (shared links), also
// an equal share of each row's spare time. The rows stay met, and a cut short of
// TP under the raised loads is short under the master's too (loads only grew): a valid row.
// Without the raise, the 200-host platform of lp_bench keeps adding cuts that leave TP unchanged.
std::vector<double> raised_into_spare_time(const std::vector<TimedLink>& links, std::size_t host_count,
                                           const LoadLimits& limits, std::vector<double> loads)
{
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<double> extra(links.size(), std::numeric_limits<double>::infinity());
    if (limits.one_port)
      limit_by_port_spare(links, host_count, loads, extra);
    for (const auto& row : limits.capacity) {
      // The row's spare time in equal shares between its arcs (and their other rows: the minimum).
      double spare = 1.0;
      for (std::size_t e : row.arcs)
        spare -= loads[e] * row.time;
      const double share = std::max(0.0, spare) / static_cast<double>(row.arcs.size()) / row.time;
      for (std::size_t e : row.arcs)
        extra[e] = std::min(extra[e], share);
    }
    for (std::size_t e = 0; e < links.size(); ++e)
      if (std::isfinite(extra[e]))
        loads[e] += extra[e];
  }
  return loads;
}

// Hosts whose maximum flow from the source is known to reach TP without computing it. If every
// host of a set C (the source first) gets TP, so does any w whose arcs from C carry TP in all:
// a cut separating w from the source either leaves a host of C out, and is at least TP, or holds
// all of C and crosses every arc from C to w. Arcs the flow would ignore (at or below
// `negligible`) are not counted. O(V + E) over a round.
class ReachCertificate {
public:
  ReachCertificate(const std::vector<TimedLink>& links, std::size_t host_count)
      : links_(links), out_arcs_(host_count, links.size(), [&links](std::size_t e) { return links[e].from; }),
        certified_(host_count), from_certified_(host_count)
  {
  }

  /// A round: the capacities (kept by reference) and its TP; only the source is known to get it.
  void reset(const std::vector<double>& capacity, double negligible, double throughput, NodeId source)
  {
    capacity_ = &capacity;
    negligible_ = negligible;
    throughput_ = throughput;
    std::fill(certified_.begin(), certified_.end(), false);
    std::fill(from_certified_.begin(), from_certified_.end(), 0.0);
    certify(source);
  }

  bool certified(NodeId w) const { return certified_[w]; }
  std::size_t host_count() const { return certified_.size(); }

  /// w gets TP: its arcs count towards its successors, which may then get TP too.
  void certify(NodeId w)
  {
    pending_.assign(1, w);
    while (!pending_.empty()) {
      const NodeId u = pending_.back();
      pending_.pop_back();
      if (certified_[u])
        continue;
      certified_[u] = true;
      for (std::size_t i = out_arcs_.first(u); i < out_arcs_.first(u + 1); ++i) {
        const std::size_t e = out_arcs_.arcs()[i];
        const NodeId v = links_[e].to;
        if (certified_[v] || (*capacity_)[e] <= negligible_)
          continue;
        from_certified_[v] += (*capacity_)[e];
        if (from_certified_[v] >= throughput_)
          pending_.push_back(v);
      }
    }
  }

private:
  const std::vector<TimedLink>& links_;
  ArcsByNode out_arcs_;
  std::vector<bool> certified_;
  std::vector<double> from_certified_;
  std::vector<NodeId> pending_;
  const std::vector<double>* capacity_ = nullptr;
  double negligible_ = 0.0;
  double throughput_ = 0.0;
};

// The maximum flows of one round, for the hosts the certificate leaves open, and the final flows
// to every host, spread over worker threads: each host's verdict depends only on the capacities,
// so the cuts (gathered back in host order) and the final loads are the same whatever the number
// of threads.
class ParallelSeparation {
public:
  ParallelSeparation(std::size_t host_count, const std::vector<std::pair<NodeId, NodeId>>& arcs)
      : host_count_(host_count)
  {
    const std::size_t wanted = std::min<std::size_t>(kMaxThreads, std::thread::hardware_concurrency());
    const std::size_t threads = std::clamp<std::size_t>(host_count / kHostsPerThread, 1, std::max<std::size_t>(wanted, 1));
    for (std::size_t t = 0; t < threads; ++t)
      networks_.emplace_back(host_count, arcs);
  }

  /// The cut of each host in `open` whose flow falls short of TP (none: it gets TP).
  std::vector<std::optional<std::vector<int>>> short_cuts(const std::vector<NodeId>& open,
                                                          const std::vector<double>& capacity, double negligible,
                                                          NodeId source, double throughput)
  {
    std::vector<std::optional<std::vector<int>>> cuts(open.size());
    run_striped(capacity, negligible, [&](MaxFlowNetwork& network, std::size_t t) {
      for (std::size_t i = t; i < open.size(); i += networks_.size())
        if (network.solve_from_sink(source, open[i], throughput) < throughput * (1.0 - kRelativeShortfall))
          cuts[i] = network.arcs_leaving_source_side(source);
    });
    return cuts;
  }

  /// Once no host falls short: every destination's flow (solve(), levels from the source), the
  /// least flow value, and per arc the most any flow puts on it (max_w, as in (d)). A minimum and
  /// maxima: the same in any order, so whatever the number of threads.
  std::pair<double, std::vector<double>> all_flows(const std::vector<double>& capacity, double negligible,
                                                   NodeId source, double throughput)
  {
    std::vector<double> carried(networks_.size(), throughput);
    std::vector<std::vector<double>> loads(networks_.size(), std::vector<double>(capacity.size(), 0.0));
    run_striped(capacity, negligible, [&](MaxFlowNetwork& network, std::size_t t) {
      for (NodeId w = t; w < host_count_; w += networks_.size()) {
        if (w == source)
          continue;
        carried[t] = std::min(carried[t], network.solve(source, w, throughput));
        for (std::size_t e : network.arcs_with_flow())
          loads[t][e] = std::max(loads[t][e], network.flow(e));
      }
    });
    for (std::size_t t = 1; t < networks_.size(); ++t)
      for (std::size_t e = 0; e < capacity.size(); ++e)
        loads[0][e] = std::max(loads[0][e], loads[t][e]);
    return {*std::min_element(carried.begin(), carried.end()), std::move(loads[0])};
  }

private:
  // work(network t, t) for every t, t > 0 on worker threads; if no thread can be started, the
  // stripes left run on the calling thread.
  template <typename Work>
  void run_striped(const std::vector<double>& capacity, double negligible, Work work)
  {
    auto stripe = [&](std::size_t t) {
      networks_[t].set_capacities(capacity, negligible);
      work(networks_[t], t);
    };
    std::vector<std::thread> workers;
    std::size_t t = 1;
    try {
      for (; t < networks_.size(); ++t)
        workers.emplace_back(stripe, t);
    } catch (const std::system_error&) {
      for (; t < networks_.size(); ++t)
        stripe(t);
    }
    stripe(0);
    for (auto& worker : workers)
      worker.join();
  }

  static constexpr std::size_t kMaxThreads = 8;
  static constexpr std::size_t kHostsPerThread = 64;  // below, a thread costs more than it saves
  std::size_t host_count_;
  std::deque<MaxFlowNetwork> networks_;
};

// One round's separation: the minimum cut of every destination whose flow falls short of TP, in
// host order. Certified hosts are skipped (their flow reaches TP), so the cuts are the ones the
// flows of every host would give: the source side is the residual reach of a maximum flow, the
// same for every maximum flow.
bool add_violated_cuts(CutMaster& master, ParallelSeparation& separation, const ReachCertificate& certificate,
                       const std::vector<double>& capacity, double negligible, NodeId source, double throughput)
{
  std::vector<NodeId> open;
  for (NodeId w = 0; w < certificate.host_count(); ++w)
    if (!certificate.certified(w))
      open.push_back(w);
  bool added = false;
  for (auto& cut : separation.short_cuts(open, capacity, negligible, source, throughput))
    if (cut)
      added = master.add_cut(std::move(*cut)) || added;
  return added;
}

// The least-port-time objective of the second phase: sum_e n_e T_e, each time raised by a tiny
// fraction fixed by the arc's two host indices alone. The optimal face of SSB(G) is seldom a
// single point, and the simplex returns whichever optimal vertex its pivots reach first, which
// depends on the order and number of rows (shared links that never bind, cuts found in another
// order). Least port time picks among them by the pairwise costs; the fraction separates arcs of
// equal time (a cluster's links) generically, so that one vertex is optimal and the same
// program written in any row order gives the same loads.
std::vector<double> least_port_time_costs(const std::vector<TimedLink>& links)
{
  double shortest = std::numeric_limits<double>::infinity();
  for (const auto& link : links)
    if (link.time > 0.0)
      shortest = std::min(shortest, link.time);
  std::vector<double> cost;
  cost.reserve(links.size());
  for (const auto& link : links) {
    // splitmix64 of the arc's hosts: a fixed pseudo-random fraction in [0, 1).
    std::uint64_t z = (static_cast<std::uint64_t>(link.from) << 32 | static_cast<std::uint64_t>(link.to)) +
                      0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    const double fraction = static_cast<double>(z >> 11) * 0x1.0p-53;
    // A free link costs a tie-break only: it carries any rate.
    cost.push_back(link.time > 0.0 ? link.time * (1.0 + kTieBreak * fraction) : shortest * kTieBreak * fraction);
  }
  return cost;
}

// The second phase: TP held at `held`, the loads of least port time among those carrying it, with
// the cuts they need. The master's loads themselves must carry TP now (no raise): a cut short of
// it under them is added until none is. The loads returned are the master's n; none once the
// program holds more than `row_budget` rows (the least-cost loads can need far more cuts than
// the optimum did).
std::optional<ScaledSolution> least_port_time_loads(CutMaster& master, ParallelSeparation& separation,
                                                    ReachCertificate& certificate, const std::vector<TimedLink>& links,
                                                    NodeId source, double held, double primal_tolerance,
                                                    std::size_t row_budget, ScaledSolution solution)
{
  master.hold_throughput(held, least_port_time_costs(links), primal_tolerance);
  for (int round = 1; round <= kCutMaxRounds; ++round, ++solution.rounds) {
    master.solve();
    const std::vector<double> loads = master.loads();
    const double negligible = 1e-12 * std::max(1.0, *std::max_element(loads.begin(), loads.end()));
    certificate.reset(loads, negligible, held, source);
    if (add_violated_cuts(master, separation, certificate, loads, negligible, source, held)) {
      if (master.row_count() > row_budget)
        return std::nullopt;
      continue;
    }
    solution.throughput = separation.all_flows(loads, negligible, source, held).first;
    solution.edge_loads = loads;
    solution.iterations = master.iterations();
    solution.constraint_count = master.row_count();
    return solution;
  }
  return std::nullopt;
}

}  // namespace

ScaledSolution solve_by_cut_generation(const std::vector<TimedLink>& links, std::size_t host_count, NodeId source,
                                       const std::vector<bool>& free_reach, const LoadLimits& limits)
{
  std::vector<std::pair<NodeId, NodeId>> arcs;
  for (const auto& link : links)
    arcs.emplace_back(link.from, link.to);
  ParallelSeparation separation(host_count, arcs);
  ReachCertificate certificate(links, host_count);
  CutMaster master(links, host_count, limits);
  add_initial_cuts(master, links, host_count, source, free_reach);

  ScaledSolution solution;
  for (solution.rounds = 1; solution.rounds <= kCutMaxRounds; ++solution.rounds) {
    master.solve();
    const double throughput = master.throughput();
    const std::vector<double> capacity = raised_into_spare_time(links, host_count, limits, master.loads());
    const double negligible = 1e-12 * std::max(1.0, *std::max_element(capacity.begin(), capacity.end()));
    certificate.reset(capacity, negligible, throughput, source);
    if (add_violated_cuts(master, separation, certificate, capacity, negligible, source, throughput))
      continue;
    // No cut: TP is the optimum, the flows under the raised loads carry it to every host (to the
    // solver's tolerance: `carried`, the least of them, is the TP these loads certify).
    auto [carried, loads] = separation.all_flows(capacity, negligible, source, throughput);
    solution.throughput = carried;
    solution.edge_loads = std::move(loads);
    solution.iterations = master.iterations();
    solution.variable_count = links.size() + 1;
    solution.constraint_count = master.row_count();
    // The second phase only chooses among optimal loads: held at `carried` with a tight tolerance,
    // else a relative 1e-9 lower with CLP's own. Past 128 hosts, where CLP fails both, or where
    // the cuts outgrow twice the first phase's rows, the flows above stand.
    if (host_count > kSecondPhaseMaxHosts)
      return solution;
    const double held = std::min(throughput, carried);
    const std::size_t row_budget = kSecondPhaseRowFactor * static_cast<std::size_t>(master.row_count());
    for (const auto& [slack, tolerance] : {std::pair{0.0, kHeldPrimalTolerance}, std::pair{kHeldSlack, 1e-7}}) {
      try {
        if (auto least = least_port_time_loads(master, separation, certificate, links, source, held * (1.0 - slack),
                                               tolerance, row_budget, solution))
          return *least;
        break;
      } catch (const std::runtime_error&) {
        // CLP stopped short at this TP: the next rung, or the first phase's loads.
      }
    }
    return solution;
  }
  throw std::runtime_error("SSB(G): no optimum after " + std::to_string(kCutMaxRounds) + " rounds of cuts");
}

}  // namespace hbcast::steady_state_lp_detail
