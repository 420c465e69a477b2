#include <hbcast/model/sender_only_instances.hpp>

#include <hbcast/model/random_platform_generator.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

void require_positive_time(double value, const std::string& what)
{
  if (!(value > 0.0) || !std::isfinite(value))
    throw std::invalid_argument(what + " must be finite and > 0 (got " + shortest_decimal(value) + ")");
}

}  // namespace

std::vector<double> speed_class_times(const std::vector<double>& values, const std::vector<std::size_t>& counts)
{
  if (values.empty() || values.size() != counts.size())
    throw std::invalid_argument("speed classes: give as many counts as values, at least one");
  std::vector<double> times;
  for (std::size_t c = 0; c < values.size(); ++c) {
    require_positive_time(values[c], "speed class time");
    if (counts[c] == 0)
      throw std::invalid_argument("speed classes: class " + shortest_decimal(values[c]) + " has no processor");
    times.insert(times.end(), counts[c], values[c]);
  }
  return times;
}

std::vector<double> random_class_times(std::size_t n, const std::vector<double>& values, std::mt19937_64& rng)
{
  if (n == 0 || values.empty())
    throw std::invalid_argument("random speed classes: need at least one processor and one class");
  for (double value : values)
    require_positive_time(value, "speed class time");
  std::vector<double> times(n);
  for (auto& time : times)
    time = values[rng() % values.size()];
  return times;
}

std::vector<double> random_class_times(std::size_t n, const std::vector<double>& values, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  return random_class_times(n, values, rng);
}

std::vector<double> random_distinct_class_times(std::size_t n, std::size_t classes, std::size_t max_value,
                                                std::mt19937_64& rng)
{
  if (classes == 0 || classes > n || classes > max_value)
    throw std::invalid_argument("random distinct classes: need 1 <= classes <= processors and classes <= max value");
  std::vector<double> values;
  while (values.size() < classes) {
    const auto candidate = static_cast<double>(1 + rng() % max_value);
    if (std::find(values.begin(), values.end(), candidate) == values.end())
      values.push_back(candidate);
  }
  std::sort(values.begin(), values.end());
  std::vector<double> times(n);
  for (std::size_t k = 0; k < n; ++k)
    times[k] = k < classes ? values[k] : values[rng() % classes];
  portable_shuffle(times.begin() + 1, times.end(), rng);  // processor 0 keeps the fastest value
  return times;
}

std::vector<double> uniform_random_times(std::size_t n, double low, double high, std::mt19937_64& rng)
{
  if (n == 0)
    throw std::invalid_argument("uniform random times: need at least one processor");
  require_positive_time(low, "uniform random times: low");
  require_positive_time(high, "uniform random times: high");
  if (low > high)
    throw std::invalid_argument("uniform random times: low must be <= high");
  std::vector<double> times(n);
  for (auto& time : times)
    time = uniform_between(rng, low, high);
  return times;
}

std::vector<double> uniform_random_times(std::size_t n, double low, double high, std::uint64_t seed)
{
  std::mt19937_64 rng(seed);
  return uniform_random_times(n, low, high, rng);
}

std::vector<double> sender_only_platform_times(const SenderOnlyPlatformParameters& p)
{
  require_parameter(p.node_count >= 2, "sender-only", "nodes", "at least 2", static_cast<double>(p.node_count));
  require_parameter(p.time_min > 0.0 && std::isfinite(p.time_min), "sender-only", "t-min", "finite and > 0", p.time_min);
  require_parameter(p.time_max >= p.time_min && std::isfinite(p.time_max), "sender-only", "t-max", "finite and >= t-min",
                    p.time_max);
  if (p.classes == 0)
    return uniform_random_times(p.node_count, p.time_min, p.time_max, p.seed);
  std::vector<double> values(p.classes, p.time_min);
  for (std::size_t c = 1; c < p.classes; ++c)
    values[c] = p.time_min + (p.time_max - p.time_min) * static_cast<double>(c) / static_cast<double>(p.classes - 1);
  return random_class_times(p.node_count, values, p.seed);
}

PlatformGraph generate_sender_only_platform(const SenderOnlyPlatformParameters& p)
{
  PlatformGraph graph = sender_only_star_platform(sender_only_platform_times(p), p.message_bytes);
  graph.set_parameter("generator", "sender-only");
  graph.set_parameter("seed", std::to_string(p.seed));
  graph.set_parameter("nodes", std::to_string(p.node_count));
  graph.set_parameter("classes", std::to_string(p.classes));
  graph.set_parameter("t-min", shortest_decimal(p.time_min));
  graph.set_parameter("t-max", shortest_decimal(p.time_max));
  return graph;
}

PlatformGraph sender_only_star_platform(const std::vector<double>& times, double message_bytes)
{
  if (times.size() < 2)
    throw std::invalid_argument("sender-only star: need at least 2 processors");
  if (!(message_bytes > 0.0) || !std::isfinite(message_bytes))
    throw std::invalid_argument("sender-only star: the message size must be finite and > 0");
  for (double time : times)
    require_positive_time(time, "sender-only star: transmission time");
  std::vector<std::string> names(times.size());
  for (std::size_t u = 0; u < times.size(); ++u)
    names[u] = "node-" + std::to_string(u);
  PlatformGraph graph(PlatformGraph::Shape::star, names);
  const double fastest_up = message_bytes / *std::min_element(times.begin(), times.end());
  for (std::size_t u = 0; u < times.size(); ++u) {
    graph.add_link({u, PlatformGraph::kStarSwitch, message_bytes / times[u], 0.0, true});
    graph.add_link({PlatformGraph::kStarSwitch, u, fastest_up, 0.0, true});
  }
  graph.set_parameter("generator", "sender-only-star");
  graph.set_parameter("message-bytes", shortest_decimal(message_bytes));
  return graph;
}

}  // namespace hbcast
