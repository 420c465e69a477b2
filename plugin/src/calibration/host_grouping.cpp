#include <hbcast/calibration/host_grouping.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace hbcast::calibration {
namespace {

std::size_t find(std::vector<std::size_t>& parent, std::size_t x)
{
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

double median_of(std::vector<double> values)
{
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  if (values.size() % 2 == 1)
    return *middle;
  return (*middle + *std::max_element(values.begin(), middle)) / 2;
}

}  // namespace

std::vector<std::vector<std::size_t>> group_by_latency(const std::vector<std::vector<double>>& latency, double tolerance)
{
  if (!(tolerance >= 0))
    throw std::invalid_argument("the grouping tolerance must be >= 0");
  const std::size_t n = latency.size();
  const double infinity = std::numeric_limits<double>::infinity();
  auto measured = [&](std::size_t u, std::size_t v) { return u != v && !std::isnan(latency[u][v]); };
  std::vector<double> nearest(n, infinity);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (measured(u, v))
        nearest[u] = std::min(nearest[u], latency[u][v]);
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v)
      if (measured(u, v) && latency[u][v] <= (1 + tolerance) * std::min(nearest[u], nearest[v]))
        parent[find(parent, u)] = find(parent, v);
  std::vector<std::size_t> label(n);
  for (std::size_t u = 0; u < n; ++u)
    label[u] = find(parent, u);
  // Loose groups (their inside as wide as the way out) become single hosts.
  std::vector<double> widest(n, 0.0), outside(n, infinity);
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v)
      if (measured(u, v)) {
        if (label[u] == label[v])
          widest[label[u]] = std::max(widest[label[u]], latency[u][v]);
        else
          outside[label[u]] = std::min(outside[label[u]], latency[u][v]);
      }
  for (std::size_t u = 0; u < n; ++u)
    if (widest[label[u]] >= outside[label[u]])
      label[u] = n + u;  // alone
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> index(2 * n, n);
  for (std::size_t u = 0; u < n; ++u) {
    if (index[label[u]] == n) {
      index[label[u]] = groups.size();
      groups.emplace_back();
    }
    groups[index[label[u]]].push_back(u);
  }
  return groups;
}

std::vector<double> host_latency_terms(const std::vector<std::size_t>& members, const std::vector<std::vector<double>>& latency)
{
  const std::size_t size = members.size();
  std::vector<double> a(size, 0.0);
  if (size == 2) {
    // a_0 + a_1 = lat(0,1); a_0 - a_1 from how every outside host sees them (else half each).
    const double l = latency[members[0]][members[1]];
    if (std::isnan(l))
      return a;
    std::vector<double> difference;
    for (std::size_t w = 0; w < latency.size(); ++w)
      if (w != members[0] && w != members[1] && !std::isnan(latency[members[0]][w]) &&
          !std::isnan(latency[members[1]][w]))
        difference.push_back(latency[members[0]][w] - latency[members[1]][w]);
    const double d = difference.empty() ? 0.0 : std::clamp(median_of(difference), -l, l);
    a[0] = (l + d) / 2;
    a[1] = (l - d) / 2;
    return a;
  }
  if (size < 3)
    return a;
  bool complete = true;
  for (std::size_t i = 0; i < size && complete; ++i)
    for (std::size_t j = i + 1; j < size && complete; ++j)
      complete = !std::isnan(latency[members[i]][members[j]]);
  if (complete) {
    std::vector<double> row(size, 0);
    double total = 0;
    for (std::size_t i = 0; i < size; ++i)
      for (std::size_t j = 0; j < size; ++j)
        if (i != j) {
          row[i] += latency[members[i]][members[j]];
          total += latency[members[i]][members[j]];
        }
    const double sum_a = total / 2 / static_cast<double>(size - 1);
    for (std::size_t i = 0; i < size; ++i)
      a[i] = std::max(0.0, (row[i] - sum_a) / static_cast<double>(size - 2));
    return a;
  }
  for (int sweep = 0; sweep < 500; ++sweep)
    for (std::size_t i = 0; i < size; ++i) {
      double sum = 0, count = 0;
      for (std::size_t j = 0; j < size; ++j)
        if (j != i && !std::isnan(latency[members[i]][members[j]])) {
          sum += latency[members[i]][members[j]] - a[j];
          ++count;
        }
      a[i] = count > 0 ? std::max(0.0, sum / count) : 0;
    }
  // A part of the measured pairs without an odd cycle (IMB's Sendrecv ring over 4 ranks: 0-1, 1-2,
  // 2-3, 3-0) fixes only a_u + a_v: adding t on one side and -t on the other changes no measured
  // pair. Of those solutions, the least-norm one (t = the sides' mean difference over 2, within
  // a >= 0) gives the unmeasured pairs the measured ones' mean, where the sweeps' start would
  // otherwise put them (one side near 0 on that ring: fills of half and twice the truth).
  std::vector<int> side(size, 0);
  for (std::size_t start = 0; start < size; ++start) {
    if (side[start] != 0)
      continue;
    std::vector<std::size_t> part{start};
    side[start] = 1;
    bool bipartite = true;
    for (std::size_t next = 0; next < part.size(); ++next) {
      const std::size_t i = part[next];
      for (std::size_t j = 0; j < size; ++j) {
        if (j == i || std::isnan(latency[members[i]][members[j]]))
          continue;
        if (side[j] == 0) {
          side[j] = -side[i];
          part.push_back(j);
        } else if (side[j] == side[i]) {
          bipartite = false;
        }
      }
    }
    if (!bipartite || part.size() < 2)
      continue;
    double dot = 0, lowest_up = std::numeric_limits<double>::infinity();
    double lowest_down = std::numeric_limits<double>::infinity();
    for (const std::size_t i : part) {
      dot += side[i] * a[i];
      (side[i] > 0 ? lowest_up : lowest_down) = std::min(side[i] > 0 ? lowest_up : lowest_down, a[i]);
    }
    const double shift = std::clamp(-dot / static_cast<double>(part.size()), -lowest_up, lowest_down);
    for (const std::size_t i : part)
      a[i] += side[i] * shift;
  }
  return a;
}

std::size_t merge_groups_behind_one_switch(std::vector<std::vector<std::size_t>>& groups,
                                           const std::vector<std::vector<double>>& latency)
{
  if (groups.size() > kMergeGroupLimit)
    return 0;
  const std::size_t n = latency.size();
  std::size_t merges = 0;
  bool merged = true;
  while (merged) {
    merged = false;
    for (std::size_t g = 0; g < groups.size() && !merged; ++g)
      for (std::size_t h = g + 1; h < groups.size() && !merged; ++h) {
        std::vector<std::size_t> both = groups[g];
        both.insert(both.end(), groups[h].begin(), groups[h].end());
        std::sort(both.begin(), both.end());
        const auto a = host_latency_terms(both, latency);
        bool fits = true, linked = false;
        for (std::size_t i = 0; i < both.size() && fits; ++i)
          for (std::size_t j = i + 1; j < both.size() && fits; ++j) {
            const double l = latency[both[i]][both[j]];
            if (std::isnan(l))
              continue;
            fits = std::abs(a[i] + a[j] - l) <= kMergeTolerance * l;
            linked = true;
          }
        if (!fits || !linked)
          continue;
        std::vector<bool> inside(n, false);
        for (const std::size_t u : both)
          inside[u] = true;
        for (std::size_t w = 0; w < n && fits; ++w) {
          if (inside[w])
            continue;
          double low = std::numeric_limits<double>::infinity(), high = -low, scale = 0;
          for (std::size_t i = 0; i < both.size(); ++i) {
            const double l = latency[both[i]][w];
            if (std::isnan(l))
              continue;
            low = std::min(low, l - a[i]);
            high = std::max(high, l - a[i]);
            scale = std::max(scale, l);
          }
          if (scale > 0)
            fits = high - low <= kMergeTolerance * scale && low >= -kMergeTolerance * scale;
        }
        if (!fits)
          continue;
        groups[g] = both;
        groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(h));
        merged = true;
        ++merges;
      }
  }
  return merges;
}

}  // namespace hbcast::calibration

namespace hbcast::calibration {

double latency_intercept(const std::vector<double>& sizes, const std::vector<double>& times, double envelope)
{
  if (sizes.empty())
    return std::numeric_limits<double>::quiet_NaN();
  if (sizes.size() == 1)
    return times.front();
  double s11 = 0, s12 = 0, s22 = 0, s1t = 0, s2t = 0;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    const double w = 1.0 / (times[k] * times[k]), x = sizes[k] + envelope;
    s11 += w;
    s12 += w * x;
    s22 += w * x * x;
    s1t += w * times[k];
    s2t += w * x * times[k];
  }
  const double det = s11 * s22 - s12 * s12;
  if (!(det > 1e-12 * s11 * s22))
    return times.front();
  const double intercept = (s1t * s22 - s2t * s12) / det;
  return intercept > 0 ? intercept : times.front();
}

}  // namespace hbcast::calibration
