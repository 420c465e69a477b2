#include <hbcast/calibration/probe_plan.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <stdexcept>

namespace hbcast::calibration {
namespace {

double parse_size_token(std::string token)
{
  const std::string given = token;
  while (!token.empty() && token.back() == ' ')
    token.pop_back();
  while (!token.empty() && token.front() == ' ')
    token.erase(0, 1);
  static const std::pair<const char*, double> units[] = {{"GiB", 1073741824.0}, {"MiB", 1048576.0}, {"KiB", 1024.0},
                                                         {"GB", 1e9},           {"MB", 1e6},        {"kB", 1e3},
                                                         {"KB", 1e3},           {"B", 1.0}};
  double unit = 1;
  for (const auto& [suffix, value] : units) {
    const std::string s = suffix;
    if (token.size() > s.size() && token.compare(token.size() - s.size(), s.size(), s) == 0) {
      unit = value;
      token.erase(token.size() - s.size());
      break;
    }
  }
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != token.size() || !std::isfinite(value) || value < 0)
    throw std::invalid_argument("'" + given + "' is not a message size");
  const double bytes = value * unit;
  if (bytes != std::floor(bytes))
    throw std::invalid_argument("'" + given + "' is not a whole number of bytes");
  return bytes;
}

}  // namespace

std::vector<double> default_probe_sizes()
{
  std::vector<double> sizes;
  for (double s = 1; s <= 16777216; s *= 2)
    sizes.push_back(s);
  return sizes;
}

std::vector<double> parse_probe_sizes(const std::string& text)
{
  std::vector<double> sizes;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    const double low = parse_size_token(text.substr(0, colon)), high = parse_size_token(text.substr(colon + 1));
    if (low < 1 || high < low)
      throw std::invalid_argument("size range '" + text + "' must be LOW:HIGH with 1 <= LOW <= HIGH");
    for (double s = low; s <= high; s *= 2)
      sizes.push_back(s);
  } else {
    std::size_t start = 0;
    while (start <= text.size()) {
      const auto end = std::min(text.find(',', start), text.size());
      sizes.push_back(parse_size_token(text.substr(start, end - start)));
      start = end + 1;
    }
  }
  for (std::size_t k = 1; k < sizes.size(); ++k)
    if (sizes[k] <= sizes[k - 1])
      throw std::invalid_argument("sizes must increase: " + size_text(sizes[k]) + " after " + size_text(sizes[k - 1]));
  if (sizes.empty())
    throw std::invalid_argument("no size given");
  return sizes;
}

std::string size_text(double bytes)
{
  const std::pair<const char*, double> units[] = {{"GiB", 1073741824.0}, {"MiB", 1048576.0}, {"KiB", 1024.0}};
  for (const auto& [name, unit] : units)
    if (bytes >= unit && std::fmod(bytes, unit) == 0)
      return std::to_string(static_cast<long long>(bytes / unit)) + " " + name;
  return std::to_string(static_cast<long long>(bytes)) + " B";
}

std::vector<PairStep> all_pair_steps(int ranks, const ProbeOptions& options)
{
  std::vector<double> small;
  for (const double s : options.sizes)
    if (s <= options.all_pairs_max)
      small.push_back(s);
  std::vector<PairStep> steps;
  if (small.empty())
    return steps;
  for (int i = 0; i < ranks; ++i)
    for (int j = i + 1; j < ranks; ++j)
      steps.push_back({i, j, small});
  return steps;
}

std::vector<PairStep> sampled_pair_steps(const std::vector<std::vector<int>>& groups, const ProbeOptions& options)
{
  std::vector<double> large;
  for (const double s : options.sizes)
    if (s > options.all_pairs_max)
      large.push_back(s);
  if (large.empty())
    return {};
  std::mt19937_64 rng(options.seed);
  std::set<std::pair<int, int>> pairs;
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (const int u : groups[g]) {
      std::vector<int> mates;
      for (const int v : groups[g])
        if (v != u)
          mates.push_back(v);
      std::shuffle(mates.begin(), mates.end(), rng);
      for (std::size_t k = 0; k < mates.size() && k < options.partners; ++k)
        pairs.insert(std::minmax(u, mates[k]));
      for (std::size_t h = 0; h < groups.size(); ++h)
        if (h != g) {
          std::uniform_int_distribution<std::size_t> pick(0, groups[h].size() - 1);
          pairs.insert(std::minmax(u, groups[h][pick(rng)]));
        }
    }
  std::vector<PairStep> steps;
  for (const auto& [a, b] : pairs)
    steps.push_back({a, b, large});
  return steps;
}

std::vector<ConcurrentStep> concurrent_steps(const std::vector<std::vector<int>>& groups, const ProbeOptions& options)
{
  std::vector<ConcurrentStep> steps;
  if (!options.concurrent)
    return steps;
  const std::size_t count = groups.size();
  auto name = [](const char* kind, std::size_t g) { return std::string(kind) + ":" + std::to_string(g + 1); };
  for (std::size_t g = 0; g < count; ++g) {
    const std::size_t size = std::min(groups[g].size(), options.max_flows);
    if (size < 2)
      continue;
    ConcurrentStep ring{name("ring", g), {}};
    for (std::size_t k = 0; k < size; ++k)
      ring.flows.emplace_back(groups[g][k], groups[g][(k + 1) % size]);
    steps.push_back(ring);
  }
  std::vector<std::pair<std::size_t, std::size_t>> cross;
  for (std::size_t g = 0; g < count; ++g)
    for (std::size_t h = 0; h < count; ++h)
      if (g != h && std::max(groups[g].size(), groups[h].size()) >= 2)
        cross.emplace_back(g, h);
  if (cross.size() > options.max_cross_tests) {
    std::mt19937_64 rng(options.seed + 1);
    std::shuffle(cross.begin(), cross.end(), rng);
    cross.resize(options.max_cross_tests);
    std::sort(cross.begin(), cross.end());
  }
  for (const auto& [g, h] : cross) {
    ConcurrentStep step{"cross:" + std::to_string(g + 1) + "-" + std::to_string(h + 1), {}};
    // max(sizes) flows, each host of the smaller group in several: distinct pairs all the same.
    const std::size_t k = std::min(std::max(groups[g].size(), groups[h].size()), options.max_flows);
    for (std::size_t i = 0; i < k; ++i)
      step.flows.emplace_back(groups[g][i % groups[g].size()], groups[h][i % groups[h].size()]);
    steps.push_back(step);
  }
  // Two flows between the first two groups of 2 hosts or more, the first host of g to the first of
  // h beside the i-th of g to the j-th of h: which pairs meet shows how a fat-tree routes (SimGrid's
  // FAT_TREE picks the cable up from a leaf by destination, down to a leaf by source), which the
  // tests above cannot tell apart. The first 8 hosts of each: at most 56 tests of two flows.
  {
    std::vector<std::size_t> wide;
    for (std::size_t g = 0; g < count && wide.size() < 2; ++g)
      if (groups[g].size() >= 2)
        wide.push_back(g);
    if (wide.size() == 2) {
      const auto& from = groups[wide[0]];
      const auto& to = groups[wide[1]];
      const std::size_t senders = std::min<std::size_t>(from.size(), 8), receivers = std::min<std::size_t>(to.size(), 8);
      for (std::size_t i = 1; i < senders; ++i)
        for (std::size_t j = 0; j < receivers; ++j) {
          ConcurrentStep step{"pairs:" + std::to_string(wide[0] + 1) + "-" + std::to_string(wide[1] + 1) + ":" +
                                  std::to_string(i) + ":" + std::to_string(j),
                              {}};
          step.flows.emplace_back(from[0], to[0]);
          step.flows.emplace_back(from[i], to[j]);
          steps.push_back(step);
        }
    }
  }
  if (count >= 3) {
    for (std::size_t g = 0; g < count; ++g) {
      // Out of g: one flow to each other group (so that no link between two groups carries two),
      // from distinct hosts of g; into g: the reverse.
      ConcurrentStep out{name("out", g), {}}, in{name("in", g), {}};
      std::size_t k = 0;
      for (std::size_t h = 0; h < count && k < groups[g].size() && out.flows.size() < options.max_flows; ++h) {
        if (h == g)
          continue;
        out.flows.emplace_back(groups[g][k], groups[h].front());
        in.flows.emplace_back(groups[h].front(), groups[g][k]);
        ++k;
      }
      if (out.flows.size() >= 2) {
        steps.push_back(out);
        steps.push_back(in);
      }
    }
  }
  return steps;
}

}  // namespace hbcast::calibration
