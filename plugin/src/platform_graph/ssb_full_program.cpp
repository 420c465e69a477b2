// SSB(G) as written in Beaumont-Marchal-Robert, section 4.1, program (2), handed to CLP whole. The text's formulas
// are reconstructed from the prose after the program; x^{uv}_w is the rate (slices per time unit)
// of slices destined to w crossing u -> v:
//   maximize TP subject to
//   (a) sum_v x^{source,v}_w = TP for every w        (commodity w leaves the source at rate TP)
//   (b) sum_u x^{u,w}_w = TP for every w             (and reaches w at rate TP)
//   (c) inflow = outflow of commodity w at every v other than the source and w
//   (d) n_uv = max_w x^{uv}_w                        (slices for different w overlap on a link)
//   (e) t_uv = n_uv T_uv   (f) t_in(u) = sum_v t_vu   (g) t_out(u) = sum_v t_uv
//   (h) t_uv <= 1          (i) t_in(u) <= 1           (j) t_out(u) <= 1      (one-port, per time unit)
// As handed to CLP:
//   * (e)-(g) are substituted into (i) and (j): sum_v n_vu T_vu <= 1 and sum_v n_uv T_uv <= 1 per
//     host. (h) is implied by either (every term is >= 0) and gets no row.
//   * (d) becomes n_uv >= x^{uv}_w for every w. Valid because n only appears on the left of the
//     <= rows (i) and (j) with coefficients T >= 0: lowering n_uv to max_w x^{uv}_w keeps any
//     solution feasible with the same TP, so both programs have the same optimum. The loads we
//     report are that max, recomputed from x.
//   * Commodity w has no variable on a link into the source or out of w: such flow could only
//     run in cycles. Then (a) is implied: summing (b) and (c) over all v != source counts every
//     x once as inflow and once as outflow, except the source's outflow, which is thus TP.
// Size: |E| (|V| - 1) variables and as many (d) rows. CLP's simplex methods stall on it beyond a
// few dozen hosts (massively degenerate); solve_by_cut_generation solves the same program faster.
#include "steady_state_lp_detail.hpp"

#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <CoinFinite.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace hbcast::steady_state_lp_detail {
namespace {

int checked_int(std::size_t value, const char* what)
{
  if (value > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::length_error(std::string("SSB(G) has too many ") + what + " for CLP");
  return static_cast<int>(value);
}

// Column and row numbering:
//   columns: TP | n_e for each link e | x_{e,w} for each link e, then each destination w in order
//   rows:    conservation (w, v) for w, v != source | in-port v | out-port u | x_{e,w} - n_e <= 0
class FullProgramLayout {
public:
  FullProgramLayout(const std::vector<TimedLink>& links, std::size_t host_count, NodeId source)
      : links_(links), hosts_(host_count), source_(source), destinations_(host_count - 1), first_x_(links.size() + 1)
  {
    first_x_[0] = 1 + links.size();
    for (std::size_t e = 0; e < links.size(); ++e)
      first_x_[e + 1] = first_x_[e] + commodities_on(e);
  }

  std::size_t commodities_on(std::size_t e) const
  {
    if (links_[e].to == source_)
      return 0;
    return links_[e].from == source_ ? destinations_ : destinations_ - 1;
  }
  std::size_t first_x(std::size_t e) const { return first_x_[e]; }
  std::size_t column_count() const { return first_x_.back(); }
  std::size_t x_count() const { return column_count() - 1 - links_.size(); }
  std::size_t row_count() const { return port_rows_begin() + 2 * hosts_ + x_count(); }

  std::size_t conservation_row(NodeId commodity, NodeId node) const { return slot(commodity) * destinations_ + slot(node); }
  std::size_t in_port_row(NodeId v) const { return port_rows_begin() + v; }
  std::size_t out_port_row(NodeId u) const { return port_rows_begin() + hosts_ + u; }
  std::size_t linking_row(std::size_t x_column) const { return port_rows_begin() + 2 * hosts_ + (x_column - first_x_[0]); }
  bool is_destination(NodeId w) const { return w != source_; }

private:
  std::size_t slot(NodeId v) const { return v < source_ ? v : v - 1; }
  std::size_t port_rows_begin() const { return destinations_ * destinations_; }

  const std::vector<TimedLink>& links_;
  std::size_t hosts_;
  NodeId source_;
  std::size_t destinations_;
  std::vector<std::size_t> first_x_;
};

// Loads the program column by column (CLP copies the arrays).
void load_full_program(ClpSimplex& model, const std::vector<TimedLink>& links, const FullProgramLayout& layout,
                       std::size_t host_count)
{
  const std::size_t columns = layout.column_count(), rows = layout.row_count();
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value;
  start.reserve(columns + 1);
  index.reserve(3 * layout.x_count() + layout.x_count() + 2 * links.size() + host_count);
  value.reserve(index.capacity());
  auto entry = [&](std::size_t row, double coefficient) {
    index.push_back(static_cast<int>(row));
    value.push_back(coefficient);
  };
  auto next_column = [&] { start.push_back(checked_int(index.size(), "nonzeros")); };

  next_column();  // TP: -TP in each (b) row
  for (NodeId w = 0; w < host_count; ++w)
    if (layout.is_destination(w))
      entry(layout.conservation_row(w, w), -1.0);
  for (std::size_t e = 0; e < links.size(); ++e) {  // n_e: ports (i), (j) and the (d) rows
    next_column();
    if (links[e].time > 0.0) {
      entry(layout.in_port_row(links[e].to), links[e].time);
      entry(layout.out_port_row(links[e].from), links[e].time);
    }
    for (std::size_t k = layout.first_x(e); k < layout.first_x(e + 1); ++k)
      entry(layout.linking_row(k), -1.0);
  }
  for (std::size_t e = 0; e < links.size(); ++e) {  // x_{e,w}: inflow at the head, outflow at the tail
    std::size_t k = layout.first_x(e);
    for (NodeId w = 0; w < host_count && layout.commodities_on(e) > 0; ++w) {
      if (!layout.is_destination(w) || w == links[e].from)
        continue;
      next_column();
      const std::size_t inflow = layout.conservation_row(w, links[e].to);
      if (!layout.is_destination(links[e].from)) {
        entry(inflow, 1.0);
      } else {
        const std::size_t outflow = layout.conservation_row(w, links[e].from);
        entry(std::min(inflow, outflow), inflow < outflow ? 1.0 : -1.0);
        entry(std::max(inflow, outflow), inflow < outflow ? -1.0 : 1.0);
      }
      entry(layout.linking_row(k++), 1.0);
    }
  }
  next_column();

  std::vector<double> column_lower(columns, 0.0), column_upper(columns, COIN_DBL_MAX), objective(columns, 0.0);
  objective[0] = -1.0;  // CLP minimizes
  std::vector<double> row_lower(rows, -COIN_DBL_MAX), row_upper(rows, 0.0);
  std::fill(row_lower.begin(), row_lower.begin() + static_cast<std::ptrdiff_t>(layout.in_port_row(0)), 0.0);
  for (NodeId u = 0; u < host_count; ++u)
    row_upper[layout.in_port_row(u)] = row_upper[layout.out_port_row(u)] = 1.0;
  model.loadProblem(checked_int(columns, "variables"), checked_int(rows, "constraints"), start.data(), index.data(),
                    value.data(), column_lower.data(), column_upper.data(), objective.data(), row_lower.data(),
                    row_upper.data());
}

ClpSolve::SolveType clp_solve_type(SteadyStateLpMethod method)
{
  switch (method) {
  case SteadyStateLpMethod::primal_simplex: return ClpSolve::usePrimal;
  case SteadyStateLpMethod::barrier: return ClpSolve::useBarrier;  // with crossover to a vertex
  case SteadyStateLpMethod::dual_simplex:
  case SteadyStateLpMethod::cut_generation: break;
  }
  return ClpSolve::useDual;
}

}  // namespace

void require_optimal(const ClpSimplex& model)
{
  if (!model.isProvenOptimal())
    throw std::runtime_error("CLP stopped short of the optimum of SSB(G) (status " + std::to_string(model.status()) +
                             ", secondary " + std::to_string(model.secondaryStatus()) + ")");
}

ScaledSolution solve_full_program(const std::vector<TimedLink>& links, std::size_t host_count, NodeId source,
                                  SteadyStateLpMethod method, bool presolve)
{
  const FullProgramLayout layout(links, host_count, source);
  ScaledSolution solution;
  solution.variable_count = layout.column_count();
  solution.constraint_count = layout.row_count();

  ClpSimplex model;
  model.setLogLevel(0);
  load_full_program(model, links, layout, host_count);
  ClpSolve options;
  options.setSolveType(clp_solve_type(method));
  options.setPresolveType(presolve ? ClpSolve::presolveOn : ClpSolve::presolveOff);
  model.initialSolve(options);
  require_optimal(model);
  solution.iterations = model.numberIterations();

  const double* x = model.primalColumnSolution();
  solution.throughput = x[0];
  solution.edge_loads.assign(links.size(), 0.0);
  for (std::size_t e = 0; e < links.size(); ++e)
    for (std::size_t k = layout.first_x(e); k < layout.first_x(e + 1); ++k)
      solution.edge_loads[e] = std::max(solution.edge_loads[e], x[k]);
  return solution;
}

}  // namespace hbcast::steady_state_lp_detail
