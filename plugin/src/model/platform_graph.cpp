#include <hbcast/model/platform_graph.hpp>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

namespace hbcast {
namespace {

// Beaumont-Marchal-Robert, Table 2: send_u = 0.80 x min over u's links of T_uw.
constexpr double kSendOverheadFraction = 0.8;

// Highest bandwidth wins (it is the fastest for large messages); ties go to the lower latency,
// then to the link seen first.
bool is_faster(const PlatformGraph::Link& candidate, const PlatformGraph::Link* best)
{
  return best == nullptr || candidate.bandwidth > best->bandwidth ||
         (candidate.bandwidth == best->bandwidth && candidate.latency < best->latency);
}

PlatformGraph::SendOverhead overhead_of(const PlatformGraph::Link& fastest)
{
  return {kSendOverheadFraction * fastest.latency, fastest.bandwidth / kSendOverheadFraction};
}

bool is_endpoint(const PlatformGraph& graph, std::size_t endpoint)
{
  return endpoint < graph.host_count() ||
         (graph.shape() == PlatformGraph::Shape::star && endpoint == PlatformGraph::kStarSwitch);
}

}  // namespace

PlatformGraph::PlatformGraph(Shape shape, std::vector<std::string> host_names)
    : shape_(shape), host_names_(std::move(host_names)), send_overheads_(host_names_.size())
{
}

double PlatformGraph::send_overhead_time(std::size_t host, double bytes) const
{
  const SendOverhead& overhead = send_overhead(host);
  return overhead.latency + bytes / overhead.bandwidth;
}

std::size_t PlatformGraph::add_link(const Link& link)
{
  if (!is_endpoint(*this, link.from) || !is_endpoint(*this, link.to))
    throw std::invalid_argument("platform link endpoint out of range");
  if (link.from == link.to)
    throw std::invalid_argument("platform link from a node to itself");
  if (!(link.bandwidth > 0.0) || !std::isfinite(link.bandwidth))
    throw std::invalid_argument("platform link bandwidth must be finite and > 0");
  if (!(link.latency >= 0.0) || !std::isfinite(link.latency))
    throw std::invalid_argument("platform link latency must be finite and >= 0");
  links_.push_back(link);
  return links_.size() - 1;
}

void PlatformGraph::set_send_overhead(std::size_t host, SendOverhead overhead)
{
  send_overheads_.at(host) = overhead;
}

void PlatformGraph::set_parameter(const std::string& key, const std::string& value)
{
  parameters_[key] = value;
}

std::vector<std::size_t> PlatformGraph::outgoing_links(std::size_t host) const
{
  std::vector<std::size_t> outgoing;
  for (std::size_t k = 0; k < links_.size(); ++k)
    if (links_[k].from == host || (!links_[k].directed && links_[k].to == host))
      outgoing.push_back(k);
  return outgoing;
}

std::size_t PlatformGraph::other_end(const Link& link, std::size_t host) const
{
  return link.from == host ? link.to : link.from;
}

void apply_fastest_link_send_overheads(PlatformGraph& graph)
{
  // Computing all outgoing sets at once keeps this linear in the link count on big graphs.
  std::vector<const PlatformGraph::Link*> fastest(graph.host_count(), nullptr);
  auto offer = [&](std::size_t host, const PlatformGraph::Link& link) {
    if (host >= graph.host_count())
      return;  // the star switch
    if (is_faster(link, fastest[host]))
      fastest[host] = &link;
  };
  for (const auto& link : graph.links()) {
    offer(link.from, link);
    if (!link.directed)
      offer(link.to, link);
  }
  for (std::size_t u = 0; u < graph.host_count(); ++u) {
    if (fastest[u] == nullptr)
      throw std::invalid_argument("host '" + graph.host_names()[u] + "' has no outgoing link");
    graph.set_send_overhead(u, overhead_of(*fastest[u]));
  }
}

std::vector<std::string> numbered_host_names(std::size_t n)
{
  std::vector<std::string> names;
  names.reserve(n);
  for (std::size_t u = 0; u < n; ++u)
    names.push_back("node-" + std::to_string(u));
  return names;
}

std::string shortest_decimal(double value)
{
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (result.ec != std::errc())
    throw std::logic_error("cannot format a number");
  return std::string(buffer, result.ptr);
}

void require_parameter(bool condition, const std::string& generator, const std::string& parameter,
                       const std::string& rule, double value)
{
  if (!condition)
    throw std::invalid_argument(generator + " platform: '" + parameter + "' must be " + rule + " (got " +
                                shortest_decimal(value) + ")");
}

}  // namespace hbcast
