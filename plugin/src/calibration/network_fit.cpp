#include <hbcast/calibration/network_fit.hpp>

#include <hbcast/calibration/numbered_host_names.hpp>

#include <fmt/format.h>
#include <cstdio>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

namespace hbcast::calibration {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
/// A bandwidth is read from a series when its transfer term is at least this share of the time
/// at its largest size; a latency when the latency term is at least kLatencyShare at its smallest.
constexpr double kBandwidthShare = 0.2;
constexpr double kLatencyShare = 0.5;
/// A concurrent test is read for capacities only when latency is below this share of its flows' time.
constexpr double kTestLatencyShare = 0.1;
/// At most this many factor steps over message size.
constexpr std::size_t kMaxFactorSteps = 8;
/// Fitted figures of one kind this close (relative) are one figure, their median: what equal
/// links measure differs in the last digits by the measurement's rounding, and a schedule that
/// breaks ties between equal links would break them by that noise.
constexpr double kCanonicalTolerance = 1e-6;
/// A shared capacity read from a concurrent test within this relative distance of a bandwidth
/// measured alone (a host link, a lone-flow limit), or twice the largest share of a flow's message
/// time its latency takes, is taken as that bandwidth: a test's aggregate over a finite window
/// carries start and finish effects of that order, and a capacity that moves with them would
/// move the plans made on the platform.
constexpr double kCapacitySnap = 1e-3;

double median(std::vector<double> values)
{
  if (values.empty())
    return kNaN;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  if (values.size() % 2 == 1)
    return *middle;
  return (*middle + *std::max_element(values.begin(), middle)) / 2;
}

// Sorts the positive figures, cuts them where one exceeds its run's first by more than
// kCanonicalTolerance, and sets each run of two or more to its median; returns how many changed.
std::size_t canonical_figures(const std::vector<double*>& figures)
{
  std::vector<double*> positive;
  for (double* figure : figures)
    if (*figure > 0 && std::isfinite(*figure))
      positive.push_back(figure);
  std::stable_sort(positive.begin(), positive.end(), [](const double* a, const double* b) { return *a < *b; });
  std::size_t changed = 0;
  for (std::size_t first = 0; first < positive.size();) {
    std::size_t last = first + 1;
    while (last < positive.size() && *positive[last] <= *positive[first] * (1 + kCanonicalTolerance))
      ++last;
    std::vector<double> run;
    for (std::size_t k = first; k < last; ++k)
      run.push_back(*positive[k]);
    const double middle = median(run);
    for (std::size_t k = first; k < last; ++k)
      if (*positive[k] != middle) {
        *positive[k] = middle;
        ++changed;
      }
    first = last;
  }
  return changed;
}


std::string rate_text(double rate)
{
  return fmt::format("{:.6g} MB/s", rate / 1e6);
}

// A series of single-message times of one pair: t(S) at increasing S, medians of repeats.
struct Series {
  std::size_t a = 0, b = 0;
  bool symmetric = true;  // half round trips: (T_ab + T_ba) / 2; else exchange T_ab
  std::vector<double> sizes, times;
  std::vector<std::size_t> size_index;  // into the union of sizes
};

// Weighted least squares of t = x1 p + x2 q with relative weights 1/t^2, p, q >= 0.
struct Fit2 {
  double p = 0, q = 0;
  bool ok = false;
};

Fit2 fit_two(const std::vector<double>& x1, const std::vector<double>& x2, const std::vector<double>& t)
{
  double s11 = 0, s12 = 0, s22 = 0, s1t = 0, s2t = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double w = 1.0 / (t[k] * t[k]);
    s11 += w * x1[k] * x1[k];
    s12 += w * x1[k] * x2[k];
    s22 += w * x2[k] * x2[k];
    s1t += w * x1[k] * t[k];
    s2t += w * x2[k] * t[k];
  }
  Fit2 fit;
  const double det = s11 * s22 - s12 * s12;
  if (t.size() >= 2 && det > 1e-12 * s11 * s22) {
    fit.p = (s1t * s22 - s2t * s12) / det;
    fit.q = (s2t * s11 - s1t * s12) / det;
    fit.ok = true;
  }
  if (!fit.ok || fit.p < 0 || fit.q < 0) {
    // One term alone: the better of the two.
    const double p = s11 > 0 ? s1t / s11 : 0, q = s22 > 0 ? s2t / s22 : 0;
    double rp = 0, rq = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
      rp += std::pow((x1[k] * p - t[k]) / t[k], 2);
      rq += std::pow((x2[k] * q - t[k]) / t[k], 2);
    }
    fit = rp <= rq ? Fit2{p, 0, s11 > 0} : Fit2{0, q, s22 > 0};
  }
  return fit;
}

double relative_residual_sum(const Fit2& fit, const std::vector<double>& x1, const std::vector<double>& x2,
                             const std::vector<double>& t)
{
  double sum = 0;
  for (std::size_t k = 0; k < t.size(); ++k)
    sum += std::pow((x1[k] * fit.p + x2[k] * fit.q - t[k]) / t[k], 2);
  return sum;
}

// The points of a series within sizes [first, last] (indices into the union of sizes).
void segment_points(const Series& series, std::size_t first, std::size_t last, std::vector<double>& sizes,
                    std::vector<double>& times)
{
  sizes.clear();
  times.clear();
  for (std::size_t k = 0; k < series.sizes.size(); ++k)
    if (series.size_index[k] >= first && series.size_index[k] <= last) {
      sizes.push_back(series.sizes[k]);
      times.push_back(series.times[k]);
    }
}

struct SizeFactorFit {
  std::vector<std::pair<double, double>> latency, bandwidth;  // steps
  std::size_t steps = 0;
  double top_rms = 0;
  double top_start = 0;
  std::vector<std::string> assumptions;
};

// Relative RMS of per-pair affine fits over the sizes [first, last] (indices), and the points used.
std::pair<double, double> affine_rms(const std::vector<Series>& series, std::size_t first, std::size_t last)
{
  std::vector<double> sizes, times, ones;
  double total = 0, points = 0;
  for (const auto& s : series) {
    segment_points(s, first, last, sizes, times);
    if (sizes.size() < 3)
      continue;
    ones.assign(sizes.size(), 1.0);
    total += relative_residual_sum(fit_two(ones, sizes, times), ones, sizes, times);
    points += static_cast<double>(sizes.size());
  }
  return {points > 0 ? std::sqrt(total / points) : std::numeric_limits<double>::infinity(), points};
}

// SMPI-style factors (SimGrid's calibration of smpi/lat-factor and smpi/bw-factor):
//  - the top segment: the longest run of largest sizes on which every pair is affine,
//    t = L + S / B (relative RMS within 0.5%, or twice that of the 3 largest sizes if noisier);
//    it defines each pair's L and B, so its factors are 1;
//  - every smaller measured size S: t_p(S) = lf(S) L_p + S / (bf(S) B_p) over the pairs p, a
//    2-unknown least squares (lf alone when the pairs cannot tell the two apart, or when latency
//    dominates: bf then that of the next larger size);
//  - bandwidth factors divided by their largest, so that none exceeds 1 (SMPI cannot speed a flow
//    beyond its links) and links carry the fastest bandwidth seen;
//  - consecutive sizes with factors within the tolerance share a step.
SizeFactorFit fit_size_factors(const std::vector<Series>& series, const std::vector<double>& all_sizes)
{
  SizeFactorFit result;
  const std::size_t m = all_sizes.size();
  const double base_rms = affine_rms(series, m - 3, m - 1).first;
  const double tolerance = std::max(0.005, 2 * base_rms);
  std::size_t top = m - 3;
  while (top > 0 && affine_rms(series, top - 1, m - 1).first <= tolerance)
    --top;
  result.top_rms = affine_rms(series, top, m - 1).first;
  result.top_start = all_sizes[top];
  // Each pair's L and 1/B from the top segment.
  std::vector<double> base_latency(series.size(), kNaN), base_inverse(series.size(), kNaN);
  std::vector<double> sizes, times, ones;
  for (std::size_t p = 0; p < series.size(); ++p) {
    segment_points(series[p], top, m - 1, sizes, times);
    if (sizes.size() < 2)
      continue;
    ones.assign(sizes.size(), 1.0);
    const Fit2 fit = fit_two(ones, sizes, times);
    if (fit.ok && fit.q > 0) {
      base_latency[p] = fit.p;
      base_inverse[p] = fit.q;
    }
  }
  // Per size below the top: (lf, 1/bf) across pairs, from the largest size down.
  std::vector<double> lf(m, 1.0), inverse_bf(m, 1.0);
  std::vector<bool> bandwidth_shows(m, true);
  std::size_t latency_only = 0;
  for (std::size_t k = top; k-- > 0;) {
    std::vector<double> x1, x2, t;
    for (std::size_t p = 0; p < series.size(); ++p) {
      if (std::isnan(base_latency[p]))
        continue;
      for (std::size_t i = 0; i < series[p].sizes.size(); ++i)
        if (series[p].size_index[i] == k) {
          x1.push_back(base_latency[p]);
          x2.push_back(series[p].sizes[i] * base_inverse[p]);
          t.push_back(series[p].times[i]);
        }
    }
    if (t.empty()) {
      lf[k] = lf[k + 1];
      inverse_bf[k] = inverse_bf[k + 1];
      continue;
    }
    // Can the pairs tell latency from bandwidth at this size? Not when their x1/x2 ratios agree.
    double low = std::numeric_limits<double>::infinity(), high = 0;
    for (std::size_t i = 0; i < t.size(); ++i)
      if (x2[i] > 0) {
        low = std::min(low, x1[i] / x2[i]);
        high = std::max(high, x1[i] / x2[i]);
      }
    const Fit2 both = fit_two(x1, x2, t);
    double share = 0;  // the transfer's largest share of a pair's time
    for (std::size_t i = 0; i < t.size(); ++i)
      share = std::max(share, x2[i] * (both.ok && both.q > 0 ? both.q : inverse_bf[k + 1]) / t[i]);
    bandwidth_shows[k] = share >= kBandwidthShare;
    // lf alone, with the next larger size's bandwidth factor.
    double num = 0, den = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double w = 1.0 / (t[i] * t[i]);
      num += w * x1[i] * (t[i] - x2[i] * inverse_bf[k + 1]);
      den += w * x1[i] * x1[i];
    }
    const Fit2 alone{den > 0 && num > 0 ? num / den : lf[k + 1], inverse_bf[k + 1], true};
    // Both factors only when the pairs tell them apart, the transfer shows, and the second
    // unknown pays for itself (halves the residual; noisy data would rather keep one).
    const double rms_both = both.ok ? relative_residual_sum(both, x1, x2, t) : 0;
    const double rms_alone = relative_residual_sum(alone, x1, x2, t);
    if (both.ok && both.p > 0 && both.q > 0 && high > 1.2 * low && bandwidth_shows[k] && rms_both <= 0.25 * rms_alone) {
      lf[k] = both.p;
      inverse_bf[k] = both.q;
    } else {
      lf[k] = alone.p;
      inverse_bf[k] = alone.q;
      latency_only += !bandwidth_shows[k];
    }
  }
  if (latency_only > 0)
    result.assumptions.push_back(fmt::format("{} size(s) where latency dominates: their bandwidth factor is the next "
                                             "larger size's",
                                             latency_only));
  // Steps: consecutive sizes of alike factors share one, by least squares on the log factors
  // (dynamic programming over the sizes): the fewest steps whose RMS log deviation is within the
  // tolerance (0.5%, or twice the largest sizes' noise), at most kMaxFactorSteps.
  const double tolerance_log = std::log1p(std::max(0.005, 2 * result.top_rms));
  std::vector<double> log_lf(m), log_bf(m);
  for (std::size_t k = 0; k < m; ++k) {
    log_lf[k] = std::log(lf[k]);
    log_bf[k] = std::log(1.0 / inverse_bf[k]);
  }
  auto step_cost = [&](std::size_t i, std::size_t j) {  // sizes i..j: squared deviation from their mean
    double cost = 0;
    for (const auto* values : {&log_lf, &log_bf}) {
      double mean = 0;
      for (std::size_t k = i; k <= j; ++k)
        mean += (*values)[k];
      mean /= static_cast<double>(j - i + 1);
      for (std::size_t k = i; k <= j; ++k)
        cost += std::pow((*values)[k] - mean, 2);
    }
    return cost;
  };
  const double infinity = std::numeric_limits<double>::infinity();
  const std::size_t most = std::min(kMaxFactorSteps, m);
  std::vector<std::vector<double>> cost(most, std::vector<double>(m, infinity));
  std::vector<std::vector<std::size_t>> cut(most, std::vector<std::size_t>(m, 0));
  for (std::size_t j = 0; j < m; ++j)
    cost[0][j] = step_cost(0, j);
  for (std::size_t steps = 1; steps < most; ++steps)
    for (std::size_t j = steps; j < m; ++j)
      for (std::size_t i = steps; i <= j; ++i)
        if (const double c = cost[steps - 1][i - 1] + step_cost(i, j); c < cost[steps][j]) {
          cost[steps][j] = c;
          cut[steps][j] = i;
        }
  std::size_t chosen = most - 1;
  for (std::size_t steps = 0; steps < most; ++steps)
    if (std::sqrt(cost[steps][m - 1] / static_cast<double>(2 * m)) <= tolerance_log) {
      chosen = steps;
      break;
    }
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  for (std::size_t steps = chosen + 1, end = m - 1; steps-- > 0;) {
    const std::size_t start = steps == 0 ? 0 : cut[steps][end];
    ranges.insert(ranges.begin(), {start, end});
    end = start - 1;
  }
  for (const auto& [first, last] : ranges) {
    double mean_lf = 0, mean_bf = 0;
    for (std::size_t k = first; k <= last; ++k) {
      mean_lf += log_lf[k];
      mean_bf += log_bf[k];
    }
    const double count = static_cast<double>(last - first + 1);
    const double threshold = first == 0 ? 0.0 : all_sizes[first - 1];
    // The largest sizes' step is exactly 1 (they define the links); others their geometric mean.
    const bool top_step = last == m - 1;
    result.latency.emplace_back(threshold, top_step ? 1.0 : std::exp(mean_lf / count));
    result.bandwidth.emplace_back(threshold, top_step ? 1.0 : std::exp(mean_bf / count));
  }
  result.steps = result.latency.size();
  return result;
}

// The evidence a concurrent test gives, per class of flows.
struct Evidence {
  double aggregate = 0;
  bool binding = false;                                   // below the flows' lone rates
  std::vector<std::pair<std::size_t, std::size_t>> flows;  // for the model's max-min figure
  double bandwidth_factor = 1;                            // bf at the test's size
  double latency_share = 0;  // the largest share of a flow's message time its latency takes
};

}  // namespace

// A concurrent test's flows and the rate each got, as step 5 reads them.
struct MeasuredTest {
  std::vector<std::pair<std::size_t, std::size_t>> flows;
  std::vector<double> rates;
  double bandwidth_factor = 1;
};

std::vector<MeasuredTest> measured_tests(const CalibratedNetwork& net, const MeasurementSet& measurements,
                                         const NetworkFactors& factors, double envelope)
{
  std::vector<MeasuredTest> tests;
  for (const auto& test : measurements.tests) {
    if (test.flows.size() < 2)
      continue;
    MeasuredTest measured;
    bool latency_bound = false;
    for (const auto& flow : test.flows) {
      const double bytes = flow.bytes + envelope;
      const double l = factors.latency.at(bytes) * net.latency(flow.src, flow.dst);
      const double per_message = flow.seconds / flow.messages;
      const double transfer = flow.pays_latency ? per_message - l : per_message;
      if (transfer <= 0 || l > kTestLatencyShare * per_message || flow.src == flow.dst)
        latency_bound = true;
      measured.flows.emplace_back(flow.src, flow.dst);
      measured.rates.push_back(bytes / transfer);
      measured.bandwidth_factor = factors.bandwidth.at(bytes);
    }
    if (!latency_bound)
      tests.push_back(std::move(measured));
  }
  return tests;
}

// The largest relative gap between a flow's measured rate and the model's (max-min sharing).
double worst_test_error(const CalibratedNetwork& net, const std::vector<MeasuredTest>& tests)
{
  double worst = 0;
  for (const auto& test : tests) {
    const auto rates = net.concurrent_rates(test.flows);
    for (std::size_t f = 0; f < rates.size(); ++f)
      worst = std::max(worst, std::abs(test.bandwidth_factor * rates[f] - test.rates[f]) / test.rates[f]);
  }
  return worst;
}

// A two-level fat-tree behind the groups, when the data are a SimGrid FAT_TREE's: every host link
// alike, a pair's latency two links' within a group and four between groups, hosts numbered leaf by
// leaf (PREFIX<number>SUFFIX, the cluster's positions), and spine and cable counts that give every
// concurrent test's flows their measured rates to `tolerance` under SimGrid's routing. The counts
// are searched up to twice the leaf's hosts in all (P Q <= 2 K); the first best is kept.
std::optional<FatTreeShape> fat_tree_shape(const CalibratedNetwork& net, const std::vector<MeasuredTest>& tests,
                                           double tolerance)
{
  const std::size_t n = net.size(), leaves = net.groups.size();
  if (leaves < 2 || tests.empty())
    return std::nullopt;
  const std::size_t k = net.groups.front().hosts.size();
  for (const auto& group : net.groups)
    if (group.hosts.size() != k || group.backbone)
      return std::nullopt;
  const double bandwidth = net.host_links.front().up;
  auto alike = [](double a, double b) { return std::abs(a - b) <= 1e-3 * std::max(std::abs(a), std::abs(b)); };
  for (const auto& link : net.host_links)
    if (!alike(link.up, bandwidth) || !alike(link.down, bandwidth))
      return std::nullopt;
  // Positions: the hosts in the order of their numbers (one prefix and suffix).
  const auto numbered = numbered_host_names(net.hosts);
  if (!numbered)
    return std::nullopt;
  const std::vector<std::size_t>& order = numbered->order;
  FatTreeShape shape;
  shape.hosts_per_leaf = k;
  shape.leaves = leaves;
  shape.bandwidth = bandwidth;
  shape.position.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i)
    shape.position[order[i]] = i;
  for (const auto& group : net.groups)
    for (const std::size_t u : group.hosts)
      if (shape.position[u] / k != shape.position[group.hosts.front()] / k)
        return std::nullopt;
  // Latencies: 2 links within a leaf, 4 between leaves.
  const std::size_t a = order[0], b = order[k < 2 ? k : 1];
  shape.latency = net.latency(a, b) / (k < 2 ? 4.0 : 2.0);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v) {
        const bool same = shape.position[u] / k == shape.position[v] / k;
        const double expected = (same ? 2 : 4) * shape.latency;
        if (std::abs(net.latency(u, v) - expected) > 1e-3 * expected + 1e-12)
          return std::nullopt;
      }
  // Every shape that explains the tests; the tests cannot tell some apart (a leaf's flows to
  // positions alike modulo P Q meet on one cable whatever P and Q), so among those the one with as
  // many up cables as hosts per leaf (full bisection) is kept, else the nearest, then the fewest spines.
  CalibratedNetwork candidate = net;
  std::optional<FatTreeShape> found;
  std::size_t fitting = 0, found_gap = 0;
  for (std::size_t spines = 1; spines <= 2 * k; ++spines)
    for (std::size_t cables = 1; spines * cables <= 2 * k; ++cables) {
      shape.spines = spines;
      shape.cables = cables;
      candidate.fat_tree = shape;
      if (worst_test_error(candidate, tests) > tolerance)
        continue;
      ++fitting;
      const std::size_t gap = spines * cables > k ? spines * cables - k : k - spines * cables;
      if (!found || gap < found_gap) {
        found = shape;
        found_gap = gap;
      }
    }
  if (found)
    found->alike_shapes = fitting;
  return found;
}

Calibration fit_network(const MeasurementSet& measurements, const FitOptions& options)
{
  const std::size_t n = measurements.hosts().size();
  const std::string first_file = measurements.sources.empty() ? "input" : measurements.sources.front().first;
  if (n < 2)
    fail_at({first_file, 0}, "the measurements name " + std::to_string(n) + " host(s): a platform needs 2 or more");
  const auto& names = measurements.hosts();
  Calibration result;
  CalibratedNetwork& net = result.network;
  FitReport& report = result.report;
  report.notes = measurements.notes;
  report.sources = measurements.sources;
  net.hosts = names;
  // Bytes on the wire per message: the payload and the MPI's envelope (SMPI's 16 bytes).
  const double envelope = measurements.envelope_bytes;
  if (envelope > 0)
    report.assumptions.push_back(fmt::format("every message carries {:.0f} bytes of envelope (SMPI's): sizes and "
                                             "factor thresholds below count them",
                                             envelope));


  // --- Series of single-message times (half round trips by unordered pair, exchanges by ordered pair).
  std::map<std::tuple<std::size_t, std::size_t, bool>, std::map<double, std::vector<double>>> raw;
  std::map<std::pair<std::size_t, std::size_t>, std::map<double, std::vector<double>>> streaming;
  for (const auto& sample : measurements.samples) {
    if (sample.src == sample.dst)
      continue;
    if (sample.kind == SampleKind::streaming) {
      if (sample.seconds > 0)
        streaming[{sample.src, sample.dst}][sample.bytes + envelope].push_back(sample.seconds);
      continue;
    }
    const bool symmetric = sample.kind == SampleKind::half_round_trip;
    const auto a = symmetric ? std::min(sample.src, sample.dst) : sample.src;
    const auto b = symmetric ? std::max(sample.src, sample.dst) : sample.dst;
    if (sample.seconds > 0)
      raw[{a, b, symmetric}][sample.bytes + envelope].push_back(sample.seconds);
  }
  // Pairs seen only inside concurrent tests (an IMB Sendrecv ring over more than 2 ranks): their
  // flows' times under load stand for their own (exact where nothing else shared their links).
  {
    std::set<std::pair<std::size_t, std::size_t>> measured;
    for (const auto& sample : measurements.samples)
      measured.insert(std::minmax(sample.src, sample.dst));
    std::size_t borrowed = 0;
    std::set<std::pair<std::size_t, std::size_t>> taken;
    for (const auto& test : measurements.tests)
      for (const auto& flow : test.flows)
        if (flow.pays_latency && flow.seconds > 0 && flow.src != flow.dst &&
            !measured.count(std::minmax(flow.src, flow.dst))) {
          raw[{flow.src, flow.dst, false}][flow.bytes + envelope].push_back(flow.seconds / flow.messages);
          borrowed += taken.insert({flow.src, flow.dst}).second;
        }
    if (borrowed > 0)
      report.assumptions.push_back(fmt::format("{} ordered pair(s) measured only in concurrent tests: their times "
                                               "under load taken as their own (exact when no link was shared)",
                                               borrowed));
  }
  std::set<double> size_set;
  std::vector<Series> series;
  for (const auto& [key, points] : raw) {
    Series s;
    std::tie(s.a, s.b, s.symmetric) = key;
    for (const auto& [bytes, times] : points) {
      s.sizes.push_back(bytes);
      s.times.push_back(median(times));
      size_set.insert(bytes);
    }
    series.push_back(std::move(s));
  }
  const std::vector<double> all_sizes(size_set.begin(), size_set.end());
  for (auto& s : series)
    for (const double bytes : s.sizes)
      s.size_index.push_back(static_cast<std::size_t>(
          std::lower_bound(all_sizes.begin(), all_sizes.end(), bytes) - all_sizes.begin()));

  // --- 1. Size factors.
  std::vector<std::pair<double, double>> latency_steps, bandwidth_steps;
  const bool enough_sizes = all_sizes.size() >= 4 &&
                            std::any_of(series.begin(), series.end(), [](const Series& s) { return s.sizes.size() >= 4; });
  if (options.fit_factors && enough_sizes) {
    const auto factor_fit = fit_size_factors(series, all_sizes);
    report.segments = factor_fit.steps;
    report.segment_rms = factor_fit.top_rms;
    report.top_segment_start = factor_fit.top_start;
    latency_steps = factor_fit.latency;
    bandwidth_steps = factor_fit.bandwidth;
    report.assumptions.insert(report.assumptions.end(), factor_fit.assumptions.begin(), factor_fit.assumptions.end());
  } else if (options.fit_factors) {
    report.assumptions.push_back("fewer than 4 message sizes per pair: no size factors (latency + size / "
                                 "bandwidth at every size)");
  }
  // Unit factors collapse to none.
  auto collapse = [](std::vector<std::pair<double, double>> steps) {
    if (std::all_of(steps.begin(), steps.end(), [](const auto& s) { return std::abs(s.second - 1.0) <= 1e-6; }))
      steps.clear();
    return PiecewiseFactor(std::move(steps));
  };
  net.factors.latency = collapse(latency_steps);
  net.factors.bandwidth = collapse(bandwidth_steps);
  const NetworkFactors& factors = net.factors;

  // --- 2. Per pair latency and bandwidth under the factors.
  std::vector<std::vector<double>> latency(n, std::vector<double>(n, kNaN));
  std::vector<std::vector<double>> pair_bandwidth(n, std::vector<double>(n, kNaN));  // ordered, lone flow
  std::vector<std::vector<std::string>> bandwidth_origin(n, std::vector<std::string>(n));
  std::vector<std::tuple<std::size_t, std::size_t, double, double>> single_points;  // a, b, bytes, time
  for (const auto& s : series) {
    std::vector<double> x1, x2;
    for (const double bytes : s.sizes) {
      x1.push_back(factors.latency.at(bytes));
      x2.push_back(bytes / factors.bandwidth.at(bytes));
    }
    Fit2 fit = fit_two(x1, x2, s.times);
    // The largest sizes (factors 1) give the bandwidth when the pair has two of them; the
    // latency too when three or more are affine to 1e-4 (simulated data), else all sizes under
    // the factors give it, the bandwidth fixed (noisy data: a latency hides among large transfers).
    if (report.segments > 0) {
      std::vector<double> top_sizes, top_times, ones;
      for (std::size_t i = 0; i < s.sizes.size(); ++i)
        if (s.sizes[i] >= report.top_segment_start) {
          top_sizes.push_back(s.sizes[i] / factors.bandwidth.at(s.sizes[i]));
          top_times.push_back(s.times[i]);
        }
      ones.assign(top_sizes.size(), 1.0);
      const Fit2 top = top_sizes.size() >= 2 ? fit_two(ones, top_sizes, top_times) : Fit2{};
      if (top.ok && top.q > 0) {
        const double rms = std::sqrt(relative_residual_sum(top, ones, top_sizes, top_times) /
                                     static_cast<double>(top_sizes.size()));
        fit.q = top.q;
        if (rms < 1e-4 && top.p > 0 && top_sizes.size() >= 3) {
          fit.p = top.p;
        } else {
          double num = 0, den = 0;
          for (std::size_t i = 0; i < s.times.size(); ++i) {
            const double w = 1.0 / (s.times[i] * s.times[i]);
            num += w * x1[i] * (s.times[i] - x2[i] * fit.q);
            den += w * x1[i] * x1[i];
          }
          fit.p = den > 0 ? std::max(0.0, num / den) : 0;
        }
      }
    }
    const bool latency_known = x1.front() * fit.p >= kLatencyShare * s.times.front() && s.sizes.size() >= 1;
    const bool bandwidth_known = fit.q > 0 && x2.back() * fit.q >= kBandwidthShare * s.times.back();
    if (s.sizes.size() < 2) {
      single_points.emplace_back(s.a, s.b, s.sizes.front(), s.times.front());
      continue;
    }
    if (latency_known || (fit.p > 0 && !bandwidth_known)) {
      latency[s.a][s.b] = latency[s.b][s.a] = std::isnan(latency[s.a][s.b]) ? fit.p : (latency[s.a][s.b] + fit.p) / 2;
    }
    if (bandwidth_known) {
      pair_bandwidth[s.a][s.b] = 1.0 / fit.q;
      bandwidth_origin[s.a][s.b] = s.symmetric ? "half round trips" : "exchanges";
      if (s.symmetric) {
        pair_bandwidth[s.b][s.a] = 1.0 / fit.q;
        bandwidth_origin[s.b][s.a] = "half round trips";
      }
    }
  }
  // Streaming figures: the bandwidth where no single-message series gave one.
  std::size_t streaming_used = 0;
  std::vector<double> disagreement;
  for (const auto& [pair, points] : streaming) {
    const auto& [bytes, times] = *points.rbegin();
    const double rate = bytes / (median(times) * factors.bandwidth.at(bytes));
    auto& slot = pair_bandwidth[pair.first][pair.second];
    if (std::isnan(slot)) {
      slot = rate;
      bandwidth_origin[pair.first][pair.second] = "streaming";
      ++streaming_used;
    } else {
      disagreement.push_back(rate / slot - 1);
    }
  }
  if (!disagreement.empty())
    report.notes.push_back(fmt::format("streaming bandwidth (osu_bw, mpiGraph) against the single-message fit, where "
                                       "both exist: median {:+.1f}% over {} pairs (the single-message fit is kept)",
                                       100 * median(disagreement), disagreement.size()));

  // --- 3. Groups and latencies.
  bool any_latency = false;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      any_latency |= !std::isnan(latency[u][v]);
  std::vector<std::vector<std::size_t>> groups;
  if (any_latency) {
    groups = group_by_latency(latency, options.group_tolerance);
  } else {
    std::vector<std::size_t> everyone(n);
    std::iota(everyone.begin(), everyone.end(), 0);
    groups.push_back(everyone);
    report.assumptions.push_back("no latency measured: one group, and every latency 0");
  }
  if (any_latency && groups.size() > kMergeGroupLimit)
    report.assumptions.push_back(fmt::format("{} groups by latency: more than {}, not checked for groups that are one "
                                             "switch",
                                             groups.size(), kMergeGroupLimit));
  if (const std::size_t merges = any_latency ? merge_groups_behind_one_switch(groups, latency) : 0; merges > 0)
    report.notes.push_back(fmt::format("{} pair(s) of latency groups joined: their latencies add up as behind one "
                                       "switch",
                                       merges));
  net.group_of.assign(n, 0);
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (const std::size_t u : groups[g])
      net.group_of[u] = g;
  net.host_links.assign(n, HostLink{});
  for (const auto& members : groups) {
    const auto a = host_latency_terms(members, latency);
    for (std::size_t i = 0; i < members.size(); ++i)
      net.host_links[members[i]].latency = a[i];
  }
  const std::size_t group_count = groups.size();
  net.groups.resize(group_count);
  for (std::size_t g = 0; g < group_count; ++g)
    net.groups[g].hosts = groups[g];
  net.between.assign(group_count, std::vector<SharedLink>(group_count));
  std::vector<double> all_group_latencies;
  std::vector<std::vector<double>> group_latency(group_count, std::vector<double>(group_count, kNaN));
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = g + 1; h < group_count; ++h) {
      std::vector<double> extra;
      for (const std::size_t u : groups[g])
        for (const std::size_t v : groups[h])
          if (!std::isnan(latency[u][v]))
            extra.push_back(latency[u][v] - net.host_links[u].latency - net.host_links[v].latency);
      if (!extra.empty()) {
        group_latency[g][h] = group_latency[h][g] = std::max(0.0, median(extra));
        all_group_latencies.push_back(group_latency[g][h]);
      }
    }
  std::size_t unmeasured_group_pairs = 0;
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = 0; h < group_count; ++h)
      if (g != h) {
        double l = group_latency[g][h];
        if (std::isnan(l)) {
          l = all_group_latencies.empty() ? 0.0 : median(all_group_latencies);
          unmeasured_group_pairs += g < h;
        }
        net.between[g][h].latency = l;
      }
  if (unmeasured_group_pairs > 0)
    report.assumptions.push_back(fmt::format("{} group pair(s) with no measured latency: the median latency between "
                                             "groups",
                                             unmeasured_group_pairs));
  // Single-size series: their bandwidth from the model's latency.
  for (const auto& [a, b, bytes, time] : single_points) {
    const double transfer = time - factors.latency.at(bytes) * net.latency(a, b);
    if (bytes > 0 && transfer >= kBandwidthShare * time && std::isnan(pair_bandwidth[a][b])) {
      pair_bandwidth[a][b] = pair_bandwidth[b][a] = bytes / (transfer * factors.bandwidth.at(bytes));
      bandwidth_origin[a][b] = bandwidth_origin[b][a] = "one size";
    }
  }

  // --- 4. Host bandwidths and lone-flow limits between groups.
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (!std::isnan(pair_bandwidth[u][v])) {
        net.host_links[u].up = std::max(net.host_links[u].up, pair_bandwidth[u][v]);
        net.host_links[v].down = std::max(net.host_links[v].down, pair_bandwidth[u][v]);
      }
  std::vector<double> ups, downs;
  for (const auto& link : net.host_links) {
    if (link.up > 0)
      ups.push_back(link.up);
    if (link.down > 0)
      downs.push_back(link.down);
  }
  if (ups.empty())
    fail_at({first_file, 0}, "no bandwidth could be read: no pair was measured at a size where its transfer time "
                             "shows (measure up to a few MiB)");
  std::vector<std::string> unknown_up, unknown_down;
  for (std::size_t u = 0; u < n; ++u) {
    auto& link = net.host_links[u];
    if (link.up <= 0) {
      link.up = median(ups);
      unknown_up.push_back(names[u]);
    }
    if (link.down <= 0) {
      link.down = downs.empty() ? link.up : median(downs);
      unknown_down.push_back(names[u]);
    }
  }
  auto list = [&](const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t k = 0; k < items.size() && k < 8; ++k)
      text += (k ? ", " : "") + items[k];
    if (items.size() > 8)
      text += fmt::format(" and {} more", items.size() - 8);
    return text;
  };
  if (!unknown_up.empty())
    report.assumptions.push_back("no sending bandwidth measured for " + list(unknown_up) +
                                 ": the median of the hosts' (" + rate_text(median(ups)) + ")");
  if (!unknown_down.empty())
    report.assumptions.push_back("no receiving bandwidth measured for " + list(unknown_down) +
                                 ": the median of the hosts'");
  report.assumptions.push_back("a host's bandwidth is the fastest it was seen sending (receiving); a host faster than "
                               "all its partners looks as fast as the fastest of them");

  const double epsilon = options.sharing_threshold;
  std::vector<std::vector<double>> path_limit(group_count, std::vector<double>(group_count, kNaN));
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = 0; h < group_count; ++h) {
      if (g == h)
        continue;
      std::vector<double> limited;
      std::size_t measured = 0;
      for (const std::size_t u : groups[g])
        for (const std::size_t v : groups[h])
          if (!std::isnan(pair_bandwidth[u][v])) {
            ++measured;
            if (pair_bandwidth[u][v] < (1 - epsilon) * std::min(net.host_links[u].up, net.host_links[v].down))
              limited.push_back(pair_bandwidth[u][v]);
          }
      if (measured > 0 && 2 * limited.size() >= measured)
        path_limit[g][h] = median(limited);
    }

  // --- 5. Shared capacities from the concurrent tests.
  std::vector<std::vector<Evidence>> backbone(group_count), out(group_count), in(group_count);
  std::vector<std::vector<std::vector<Evidence>>> cross(group_count, std::vector<std::vector<Evidence>>(group_count));
  auto lone_rate = [&](std::size_t u, std::size_t v) {
    double rate = std::min(net.host_links[u].up, net.host_links[v].down);
    const std::size_t g = net.group_of[u], h = net.group_of[v];
    if (g != h && !std::isnan(path_limit[g][h]))
      rate = std::min(rate, path_limit[g][h]);
    return rate;
  };
  for (const auto& test : measurements.tests) {
    TestResidual row;
    row.label = test.label;
    row.where = test.where;
    row.flows = test.flows.size();
    bool latency_bound = false;
    std::vector<double> rates, lone, latency_share;
    for (const auto& flow : test.flows) {
      const double bytes = flow.bytes + envelope;
      const double l = factors.latency.at(bytes) * net.latency(flow.src, flow.dst);
      const double per_message = flow.seconds / flow.messages;
      const double transfer = flow.pays_latency ? per_message - l : per_message;
      const double bf = factors.bandwidth.at(bytes);
      if (transfer <= 0 || l > kTestLatencyShare * per_message)
        latency_bound = true;
      rates.push_back(transfer > 0 ? bytes / transfer : bytes / per_message);
      latency_share.push_back(l / per_message);
      lone.push_back(bf * lone_rate(flow.src, flow.dst));
    }
    row.measured_rate = std::accumulate(rates.begin(), rates.end(), 0.0);
    if (latency_bound || test.flows.size() < 2) {
      row.role = test.flows.size() < 2 ? "skipped: a single flow" : "skipped: latency-bound (messages too small)";
      report.tests.push_back(row);
      continue;
    }
    // Classes of flows: within a group, or from one group to another.
    std::map<std::pair<std::size_t, std::size_t>, std::vector<std::size_t>> classes;
    std::set<std::size_t> sources, targets;
    for (std::size_t f = 0; f < test.flows.size(); ++f) {
      const std::size_t g = net.group_of[test.flows[f].src], h = net.group_of[test.flows[f].dst];
      classes[{g, h}].push_back(f);
      sources.insert(g);
      targets.insert(h);
    }
    auto evidence_of = [&](const std::vector<std::size_t>& flows) {
      Evidence e;
      double lone_sum = 0;
      for (const std::size_t f : flows) {
        e.aggregate += rates[f];
        lone_sum += lone[f];
        e.flows.emplace_back(test.flows[f].src, test.flows[f].dst);
        e.bandwidth_factor = factors.bandwidth.at(test.flows[f].bytes + envelope);
        e.latency_share = std::max(e.latency_share, latency_share[f]);
      }
      e.binding = flows.size() >= 2 && e.aggregate < (1 - epsilon) * lone_sum;
      return e;
    };
    std::vector<std::string> roles;
    if (classes.size() > 1 && sources.size() == 1 && !targets.count(*sources.begin())) {
      std::vector<std::size_t> all(test.flows.size());
      std::iota(all.begin(), all.end(), 0);
      out[*sources.begin()].push_back(evidence_of(all));
      roles.push_back(fmt::format("out of group {}", *sources.begin() + 1));
    } else if (classes.size() > 1 && targets.size() == 1 && !sources.count(*targets.begin())) {
      std::vector<std::size_t> all(test.flows.size());
      std::iota(all.begin(), all.end(), 0);
      in[*targets.begin()].push_back(evidence_of(all));
      roles.push_back(fmt::format("into group {}", *targets.begin() + 1));
    } else {
      for (const auto& [key, flows] : classes) {
        if (flows.size() < 2)
          continue;
        if (key.first == key.second) {
          backbone[key.first].push_back(evidence_of(flows));
          roles.push_back(fmt::format("within group {}", key.first + 1));
        } else {
          cross[key.first][key.second].push_back(evidence_of(flows));
          roles.push_back(fmt::format("group {} to {}", key.first + 1, key.second + 1));
        }
      }
    }
    row.role = roles.empty() ? "skipped: no two flows of one class" : "read " + fmt::format("{}", fmt::join(roles, ", "));
    report.tests.push_back(row);
  }
  double fastest = 0;
  for (const auto& link : net.host_links)
    fastest = std::max({fastest, link.up, link.down});
  // Links between groups start as their lone-flow limits (FATPIPE), or latency only.
  std::size_t unlimited = 0, untested = 0;
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = 0; h < group_count; ++h)
      if (g != h) {
        SharedLink& link = net.between[g][h];
        link.shared = false;
        link.bandwidth = std::isnan(path_limit[g][h]) ? 100 * fastest : path_limit[g][h];
        unlimited += std::isnan(path_limit[g][h]);
        untested += cross[g][h].empty();
      }
  // The bandwidths measured alone, to which a capacity within kCapacitySnap is taken.
  std::vector<double> alone;
  for (const auto& link : net.host_links)
    alone.insert(alone.end(), {link.up, link.down});
  for (const auto& row : path_limit)
    for (const double limit : row)
      if (!std::isnan(limit))
        alone.push_back(limit);
  std::sort(alone.begin(), alone.end());
  alone.erase(std::unique(alone.begin(), alone.end()), alone.end());
  std::size_t snaps = 0;
  double widest_snap = 0;
  auto snapped = [&](double capacity, double precision) {
    double nearest = capacity, distance = precision;
    for (const double b : alone)
      if (const double d = std::abs(capacity - b) / b; d <= distance) {
        nearest = b;
        distance = d;
      }
    if (nearest != capacity) {
      ++snaps;
      widest_snap = std::max(widest_snap, std::abs(capacity - nearest) / nearest);
    }
    return nearest;
  };
  // A test stalled when its flows got less than the model so far gives them (max-min over the
  // host links, path limits and the capacities found before); the capacity is what they got.
  auto stalled_capacity = [&](const std::vector<Evidence>& evidence) -> std::optional<double> {
    std::vector<double> stalled;
    double precision = kCapacitySnap;
    for (const auto& e : evidence) {
      // SMPI scales every link by the size's bandwidth factor: the model's rates, scaled.
      const auto rates = net.concurrent_rates(e.flows);
      const double expected = e.bandwidth_factor * std::accumulate(rates.begin(), rates.end(), 0.0);
      if (e.aggregate < (1 - epsilon) * expected) {
        stalled.push_back(e.aggregate / e.bandwidth_factor);
        precision = std::max(precision, 2 * e.latency_share);
      }
    }
    if (stalled.empty())
      return std::nullopt;
    return snapped(median(stalled), precision);
  };
  // Backbones: a ring within the group got less than its hosts' links.
  std::size_t groups_without_tests = 0;
  for (std::size_t g = 0; g < group_count; ++g)
    groups_without_tests += backbone[g].empty() && groups[g].size() >= 2;
  for (std::size_t g = 0; g < group_count; ++g)
    net.groups[g].backbone = stalled_capacity(backbone[g]);
  // Uplinks: a group whose tests toward (from) every other group tested all stall at one
  // aggregate, no lone flow measured faster across its edge; or whose test toward one host of
  // every other group stalls.
  auto uniform = [&](const std::vector<double>& values) -> std::optional<double> {
    if (values.size() < 2)
      return std::nullopt;
    const double middle = median(values);
    for (const double v : values)
      if (std::abs(v - middle) > epsilon * middle)
        return std::nullopt;
    return middle;
  };
  std::vector<std::optional<double>> uplink_out(group_count), uplink_in(group_count);
  for (std::size_t g = 0; g < group_count; ++g) {
    std::vector<double> leaving, entering;
    std::size_t tested_out = 0, tested_in = 0;
    for (std::size_t h = 0; h < group_count; ++h) {
      if (h == g)
        continue;
      tested_out += !cross[g][h].empty();
      tested_in += !cross[h][g].empty();
      if (const auto a = stalled_capacity(cross[g][h]))
        leaving.push_back(*a);
      if (const auto a = stalled_capacity(cross[h][g]))
        entering.push_back(*a);
    }
    double fastest_out = 0, fastest_in = 0;
    for (const std::size_t u : groups[g])
      for (std::size_t v = 0; v < n; ++v)
        if (net.group_of[v] != g) {
          if (!std::isnan(pair_bandwidth[u][v]))
            fastest_out = std::max(fastest_out, pair_bandwidth[u][v]);
          if (!std::isnan(pair_bandwidth[v][u]))
            fastest_in = std::max(fastest_in, pair_bandwidth[v][u]);
        }
    // A cross test that carried more than a candidate without stalling rules it out (the stall
    // was on a path the test's flows shared, as in a fat-tree's per-destination uplinks).
    double carried_out = 0, carried_in = 0;
    for (std::size_t h = 0; h < group_count; ++h)
      if (h != g) {
        for (const auto& e : cross[g][h])
          carried_out = std::max(carried_out, e.aggregate / e.bandwidth_factor);
        for (const auto& e : cross[h][g])
          carried_in = std::max(carried_in, e.aggregate / e.bandwidth_factor);
      }
    std::vector<double> out_candidates, in_candidates;
    if (const auto u = uniform(leaving); u && leaving.size() == tested_out && *u >= (1 - epsilon / 4) * fastest_out)
      out_candidates.push_back(*u);
    if (const auto u = uniform(entering); u && entering.size() == tested_in && *u >= (1 - epsilon / 4) * fastest_in)
      in_candidates.push_back(*u);
    if (const auto a = stalled_capacity(out[g]))
      out_candidates.push_back(*a);
    if (const auto a = stalled_capacity(in[g]))
      in_candidates.push_back(*a);
    auto consistent = [&](std::vector<double>& candidates, double carried, const char* way) {
      const auto before = candidates.size();
      candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                      [&](double c) { return c < (1 - epsilon) * carried; }),
                       candidates.end());
      if (candidates.size() < before)
        report.assumptions.push_back(fmt::format(
            "group {}: a test {} it stalled below what another test carried ({}): the contention depends on the "
            "path each flow takes, which a link per group cannot hold; no uplink",
            g + 1, way, rate_text(carried)));
    };
    consistent(out_candidates, carried_out, "out of");
    consistent(in_candidates, carried_in, "into");
    if (!out_candidates.empty())
      uplink_out[g] = median(out_candidates);
    if (!in_candidates.empty())
      uplink_in[g] = median(in_candidates);
  }
  for (std::size_t g = 0; g < group_count; ++g) {
    net.groups[g].uplink_out = uplink_out[g];
    net.groups[g].uplink_in = uplink_in[g];
  }
  // Links between groups: a test between them that stalls below what the model gives it so far.
  std::vector<std::vector<std::optional<double>>> shared_between(group_count,
                                                                 std::vector<std::optional<double>>(group_count));
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = 0; h < group_count; ++h)
      if (g != h)
        shared_between[g][h] = stalled_capacity(cross[g][h]);
  for (std::size_t g = 0; g < group_count; ++g)
    for (std::size_t h = 0; h < group_count; ++h) {
      if (g == h || !shared_between[g][h])
        continue;
      SharedLink& link = net.between[g][h];
      const double shared = *shared_between[g][h];
      if (!std::isnan(path_limit[g][h]) && path_limit[g][h] < (1 - epsilon) * shared)
        link.flow_limit = path_limit[g][h];
      else
        unlimited -= std::isnan(path_limit[g][h]);
      link.bandwidth = shared;
      link.shared = true;
    }
  if (snaps > 0)
    report.assumptions.push_back(fmt::format("{} shared capacity reading(s) within their precision (at least {:g}%, "
                                             "twice the flows' latency share) of a bandwidth measured alone (a host "
                                             "link or a lone-flow limit) taken as that bandwidth (the farthest {:.2g}% "
                                             "away)",
                                             snaps, 100 * kCapacitySnap, 100 * widest_snap));
  if (groups_without_tests > 0)
    report.assumptions.push_back(fmt::format("{} group(s) of 2 or more hosts without a concurrent test inside: no "
                                             "backbone limit assumed",
                                             groups_without_tests));
  if (group_count > 1 && untested > 0)
    report.assumptions.push_back(fmt::format("{} ordered group pair(s) without a concurrent test between them: their "
                                             "link is shared only if a test showed it",
                                             untested));
  if (unlimited > 0)
    report.assumptions.push_back(fmt::format("{} ordered group pair(s) show no limit of their own: their link carries "
                                             "latency only (FATPIPE, 100 x the fastest host's bandwidth)",
                                             unlimited));

  // --- Canonical figures: latencies (bandwidths) within kCanonicalTolerance of each other are one.
  {
    std::vector<double*> latencies, bandwidths;
    for (auto& link : net.host_links)
      latencies.push_back(&link.latency), bandwidths.push_back(&link.up), bandwidths.push_back(&link.down);
    for (auto& group : net.groups)
      for (auto* capacity : {&group.backbone, &group.uplink_out, &group.uplink_in})
        if (*capacity)
          bandwidths.push_back(&**capacity);
    for (std::size_t g = 0; g < group_count; ++g)
      for (std::size_t h = 0; h < group_count; ++h)
        if (g != h) {
          SharedLink& link = net.between[g][h];
          latencies.push_back(&link.latency);
          bandwidths.push_back(&link.bandwidth);
          if (link.flow_limit)
            bandwidths.push_back(&*link.flow_limit);
        }
    const std::size_t merged = canonical_figures(latencies) + canonical_figures(bandwidths);
    if (merged > 0)
      report.assumptions.push_back(fmt::format("{} figure(s) within {:g} of others (measurement noise) taken as their "
                                               "median",
                                               merged, kCanonicalTolerance));
  }

  // --- A two-level fat-tree: SimGrid's FAT_TREE routes each flow by its host pair, which the
  // groups' uplinks cannot hold; its shape is kept when it explains the concurrent tests better.
  {
    const auto tests = measured_tests(net, measurements, factors, envelope);
    if (auto shape = fat_tree_shape(net, tests, 1e-3)) {
      CalibratedNetwork tree = net;
      tree.fat_tree = shape;
      const double group_error = worst_test_error(net, tests), tree_error = worst_test_error(tree, tests);
      if (tree_error < group_error) {
        net.fat_tree = shape;
        report.assumptions.push_back(fmt::format(
            "the groups are the leaves of a two-level fat-tree (SimGrid FAT_TREE 2;{},{};1,{};1,{}: {} spine(s), {} "
            "cable(s) from each leaf to each), all links {} and {:.4g} us: its routing gives every concurrent test's "
            "flows their rates to {:.2g} (the groups with uplinks: {:.2g}); {} shape(s) fit the tests alike, the "
            "one with as many up cables per leaf as hosts (or the nearest) is written",
            shape->hosts_per_leaf, shape->leaves, shape->spines, shape->cables, shape->spines, shape->cables,
            rate_text(shape->bandwidth), shape->latency * 1e6, tree_error, group_error, shape->alike_shapes));
      }
    }
  }

  // --- Gaps: pairs never measured, filled from the model (or refused).
  std::vector<std::string> gaps;
  std::size_t gap_count = 0;
  std::vector<bool> measured_host(n, false);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (u != v && (!std::isnan(latency[u][v]) || !std::isnan(pair_bandwidth[u][v]))) {
        measured_host[u] = measured_host[v] = true;
      }
  for (std::size_t u = 0; u < n; ++u)
    if (!measured_host[u])
      fail_at({first_file, 0}, "host '" + names[u] + "' has no usable measurement with any other host");
  std::size_t latency_only = 0;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v) {
      const bool has_latency = !std::isnan(latency[u][v]);
      const bool has_bandwidth = !std::isnan(pair_bandwidth[u][v]) || !std::isnan(pair_bandwidth[v][u]);
      if (has_latency && !has_bandwidth)
        ++latency_only;
      if (has_latency || has_bandwidth)
        continue;
      ++gap_count;
      if (gaps.size() < 8)
        gaps.push_back(names[u] + " - " + names[v]);
    }
  if (latency_only > 0)
    report.assumptions.push_back(fmt::format("{} pair(s) measured at small sizes only: their bandwidth is their hosts' "
                                             "(the host model)",
                                             latency_only));
  report.filled_pairs = gap_count;
  if (gap_count > 0) {
    const std::string which = fmt::format("{}{}", fmt::join(gaps, ", "),
                                          gap_count > gaps.size() ? fmt::format(" and {} more", gap_count - gaps.size())
                                                                  : std::string());
    if (!options.fill_gaps)
      fail_at({first_file, 0}, fmt::format("{} pair(s) not measured: {} (measure them, or let calibrate fill them from "
                                           "the host model without --no-fill)",
                                           gap_count, which));
    report.warnings.push_back(fmt::format("{} pair(s) not measured, filled from the host model: {}", gap_count, which));
  }

  // --- Residuals.
  std::size_t streaming_not_compared = 0;
  for (const auto& sample : measurements.samples) {
    if (sample.src == sample.dst || sample.seconds <= 0)
      continue;
    PairResidual r;
    r.src = sample.src;
    r.dst = sample.dst;
    r.bytes = sample.bytes;
    r.kind = sample.kind;
    r.measured = sample.seconds;
    r.where = sample.where;
    const double bytes = sample.bytes + envelope;
    const double bf = factors.bandwidth.at(bytes);
    switch (sample.kind) {
      case SampleKind::half_round_trip:
        r.model = (net.transfer_time(sample.src, sample.dst, bytes) + net.transfer_time(sample.dst, sample.src, bytes)) /
                  2;
        break;
      case SampleKind::exchange:
        r.model = net.transfer_time(sample.src, sample.dst, bytes);
        break;
      case SampleKind::streaming:
        r.model = bytes / (bf * net.bandwidth(sample.src, sample.dst));
        break;
    }
    // A streaming figure hides its latency in a window of unknown size: compared only where the
    // transfer makes most of it.
    if (sample.kind == SampleKind::streaming && r.model < 0.8 * r.measured) {
      ++streaming_not_compared;
      continue;
    }
    report.pairs.push_back(r);
  }
  std::size_t t = 0;
  for (const auto& test : measurements.tests) {
    TestResidual& row = report.tests[t++];
    std::vector<std::pair<std::size_t, std::size_t>> flows;
    for (const auto& flow : test.flows)
      flows.emplace_back(flow.src, flow.dst);
    const auto rates = net.concurrent_rates(flows);
    const double bf = test.flows.empty() ? 1.0 : factors.bandwidth.at(test.flows.front().bytes + envelope);
    row.model_rate = bf * std::accumulate(rates.begin(), rates.end(), 0.0);
  }
  if (streaming_not_compared > 0)
    report.notes.push_back(fmt::format("{} streaming figure(s) at sizes where the window's latency outweighs the "
                                       "transfer: not compared",
                                       streaming_not_compared));
  if (streaming_used > 0)
    report.notes.push_back(fmt::format("{} ordered pair(s) take their bandwidth from streaming figures alone", streaming_used));
  return result;
}

}  // namespace hbcast::calibration
