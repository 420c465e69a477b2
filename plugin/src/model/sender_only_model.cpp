#include <hbcast/model/sender_only_model.hpp>

#include <hbcast/model/host_blocks.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

double median(std::vector<double>& values)
{
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + mid, values.end());
  double upper = values[mid];
  if (values.size() % 2 == 1)
    return upper;
  double lower = *std::max_element(values.begin(), values.begin() + mid);
  return 0.5 * (lower + upper);
}

// Destinations whose costs enter host u's median: all others, or an evenly spaced subset.
std::vector<NodeId> median_destinations(NodeId from, std::size_t node_count)
{
  std::vector<NodeId> destinations;
  const std::size_t others = node_count - 1;
  const std::size_t sample = SenderOnlyModel::median_sample_size(node_count);
  const std::size_t stride = (others + sample - 1) / sample;
  for (std::size_t k = 0; k < others; k += stride)
    destinations.push_back((from + 1 + k) % node_count);
  return destinations;
}

// The median of a multiset given as (value, count) pairs, as median() takes it over the
// expanded values: the middle one, or the mean of the two middle ones.
double weighted_median(std::vector<std::pair<double, std::size_t>>& counted)
{
  std::sort(counted.begin(), counted.end());
  std::size_t total = 0;
  for (const auto& entry : counted)
    total += entry.second;
  const auto order_statistic = [&](std::size_t k) {  // the k-th smallest, from 0
    std::size_t seen = 0;
    for (const auto& [value, count] : counted)
      if ((seen += count) > k)
        return value;
    return counted.back().first;
  };
  const std::size_t mid = total / 2;
  return total % 2 == 1 ? order_statistic(mid) : 0.5 * (order_statistic(mid - 1) + order_statistic(mid));
}

// Every destination of a host of block `a` counted once: |b| hosts of each other block, |a| - 1 of
// its own. Hosts of one block have the same multiset, hence the same medians.
void block_medians(const CostModel& pairwise, const HostBlocks& blocks, std::vector<double>& alpha,
                   std::vector<double>& beta)
{
  std::vector<std::pair<double, std::size_t>> latencies, inverse_bandwidths;
  for (std::size_t a = 0; a < blocks.count(); ++a) {
    latencies.clear();
    inverse_bandwidths.clear();
    for (std::size_t b = 0; b < blocks.count(); ++b) {
      const std::size_t count = blocks.members[b].size() - (a == b ? 1 : 0);
      if (count == 0)
        continue;
      const NodeId u = blocks.first(a), v = a == b ? blocks.second(b) : blocks.first(b);
      if (!std::isfinite(pairwise.latency(u, v)))
        continue;  // a pair the platform does not route says nothing of u's sending speed
      latencies.emplace_back(pairwise.latency(u, v), count);
      inverse_bandwidths.emplace_back(pairwise.inverse_bandwidth(u, v), count);
    }
    const double block_alpha = latencies.empty() ? NAN : weighted_median(latencies);
    const double block_beta = inverse_bandwidths.empty() ? NAN : weighted_median(inverse_bandwidths);
    for (NodeId u : blocks.members[a]) {
      alpha[u] = block_alpha;
      beta[u] = block_beta;
    }
  }
}

// Host u's medians over median_destinations(u).
void sampled_medians(const CostModel& pairwise, std::vector<double>& alpha, std::vector<double>& beta)
{
  const std::size_t n = pairwise.size();
  std::vector<double> latencies;
  std::vector<double> inverse_bandwidths;
  for (NodeId u = 0; u < n; ++u) {
    latencies.clear();
    inverse_bandwidths.clear();
    for (NodeId v : median_destinations(u, n)) {
      if (!std::isfinite(pairwise.latency(u, v)))
        continue;  // not routed
      latencies.push_back(pairwise.latency(u, v));
      inverse_bandwidths.push_back(pairwise.inverse_bandwidth(u, v));
    }
    alpha[u] = latencies.empty() ? NAN : median(latencies);
    beta[u] = inverse_bandwidths.empty() ? NAN : median(inverse_bandwidths);
  }
}

// A host with no routed destination among those looked at cannot send: it gets the slowest
// sender's times, twice over, so that sender-only schedulers choose it last.
void slowest_for_silent_hosts(std::vector<double>& alpha, std::vector<double>& beta)
{
  double slowest_alpha = 0.0, slowest_beta = 0.0;
  for (std::size_t u = 0; u < alpha.size(); ++u)
    if (!std::isnan(alpha[u])) {
      slowest_alpha = std::max(slowest_alpha, alpha[u]);
      slowest_beta = std::max(slowest_beta, beta[u]);
    }
  for (std::size_t u = 0; u < alpha.size(); ++u)
    if (std::isnan(alpha[u])) {
      alpha[u] = 2.0 * slowest_alpha;
      beta[u] = 2.0 * slowest_beta;
    }
}

}  // namespace

std::size_t SenderOnlyModel::median_sample_size(std::size_t node_count)
{
  const std::size_t others = node_count > 0 ? node_count - 1 : 0;
  const std::size_t budgeted = std::clamp(kRouteBudget / std::max<std::size_t>(node_count, 1),
                                          kMinMedianDestinations, kMaxMedianDestinations);
  return std::max<std::size_t>(1, std::min(others, budgeted));
}

SenderOnlyModel::SenderOnlyModel(std::vector<double> alpha, std::vector<double> beta)
    : alpha_(std::move(alpha)), beta_(std::move(beta))
{
  if (alpha_.size() != beta_.size())
    throw std::invalid_argument("sender-only model: latency and bandwidth vectors differ in length");
  for (std::size_t u = 0; u < alpha_.size(); ++u)
    if (!(alpha_[u] >= 0.0) || !(beta_[u] >= 0.0) || !std::isfinite(alpha_[u]) || !std::isfinite(beta_[u]))
      throw std::invalid_argument("sender-only model: transmission time of node " + std::to_string(u) +
                                  " must be finite and >= 0");
}

SenderOnlyModel SenderOnlyModel::from_times(const std::vector<double>& times)
{
  return SenderOnlyModel(std::vector<double>(times.size(), 0.0), times);
}

SenderOnlyModel SenderOnlyModel::from_pairwise(const CostModel& pairwise)
{
  const std::size_t n = pairwise.size();
  std::vector<double> alpha(n, 0.0);
  std::vector<double> beta(n, 0.0);
  if (n > 1) {
    const HostBlocks* blocks = pairwise.host_blocks();
    if (blocks != nullptr && median_sample_size(n) == n - 1)  // every destination: exact on blocks
      block_medians(pairwise, *blocks, alpha, beta);
    else
      sampled_medians(pairwise, alpha, beta);
    slowest_for_silent_hosts(alpha, beta);
  }
  SenderOnlyModel model(std::move(alpha), std::move(beta));
  model.send_alpha_.resize(n);
  model.send_beta_.resize(n);
  for (NodeId u = 0; u < n; ++u) {
    model.send_alpha_[u] = pairwise.send_latency(u);
    model.send_beta_[u] = pairwise.send_inverse_bandwidth(u);
  }
  return model;
}

std::vector<double> SenderOnlyModel::transmission_times(double bytes) const
{
  std::vector<double> times(size());
  for (NodeId u = 0; u < size(); ++u)
    times[u] = alpha_[u] + bytes * beta_[u];
  return times;
}

}  // namespace hbcast
