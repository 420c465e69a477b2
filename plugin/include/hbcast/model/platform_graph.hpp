#pragma once
#include <cstddef>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace hbcast {

/// A generated platform as plain data, before it becomes SimGrid XML: hosts, links with a
/// bandwidth (bytes/s) and a latency (s), each host's multi-port send overhead
/// send_u(S) = send_latency + S / send_bandwidth (Beaumont-Marchal-Robert, section 3.2), and the generator,
/// seed and parameters that made it (recorded in the XML so a file says where it came from).
///
/// Two shapes:
///  * routed_graph: undirected links between hosts; a pair of non-adjacent hosts communicates
///    over a multi-hop route through other hosts (Beaumont-Marchal-Robert, section 5.1 random platforms).
///  * star: every host has one directed link up to a central switch and one directed link down
///    from it (endpoint kStarSwitch); route u->v = up_u then down_v.
class PlatformGraph {
public:
  enum class Shape { routed_graph, star };

  /// Link endpoint standing for the star's central switch (never a host index).
  static constexpr std::size_t kStarSwitch = std::numeric_limits<std::size_t>::max();

  struct Link {
    std::size_t from = 0;
    std::size_t to = 0;
    double bandwidth = 0.0;  ///< bytes per second, > 0
    double latency = 0.0;    ///< seconds, >= 0
    bool directed = false;   ///< false: usable both ways, each direction with the full bandwidth
  };

  struct SendOverhead {
    double latency = 0.0;                                         ///< seconds
    double bandwidth = std::numeric_limits<double>::infinity();  ///< bytes per second
  };

  PlatformGraph(Shape shape, std::vector<std::string> host_names);

  Shape shape() const { return shape_; }
  std::size_t host_count() const { return host_names_.size(); }
  const std::vector<std::string>& host_names() const { return host_names_; }
  const std::vector<Link>& links() const { return links_; }
  const SendOverhead& send_overhead(std::size_t host) const { return send_overheads_.at(host); }
  /// send_u(S) = send_latency + S / send_bandwidth.
  double send_overhead_time(std::size_t host, double bytes) const;
  /// Generator name, seed and every parameter, as printable key/value pairs.
  const std::map<std::string, std::string>& parameters() const { return parameters_; }

  /// Adds a link and returns its index. Throws std::invalid_argument on an unknown endpoint, a
  /// self-loop, a bandwidth <= 0 or a negative or non-finite latency.
  std::size_t add_link(const Link& link);
  void set_send_overhead(std::size_t host, SendOverhead overhead);
  void set_parameter(const std::string& key, const std::string& value);

  /// Indices of the links host u can send on: directed links from u, undirected links touching u.
  std::vector<std::size_t> outgoing_links(std::size_t host) const;
  /// For an undirected link, the endpoint that is not `host`; for a directed one, its `to`.
  std::size_t other_end(const Link& link, std::size_t host) const;

private:
  Shape shape_;
  std::vector<std::string> host_names_;
  std::vector<Link> links_;
  std::vector<SendOverhead> send_overheads_;
  std::map<std::string, std::string> parameters_;
};

/// The multi-port rule of Beaumont-Marchal-Robert, section 5.1 / Table 2, send_u = 0.80 x min_w T_uw, applied to
/// every host: u's link of highest bandwidth is taken as its fastest (ties: lower latency, then
/// lower link index) and send_u gets latency 0.8 lat and bandwidth bw / 0.8, i.e. 0.8 x that
/// link's time at every message size. That link is the one of minimum time for large messages, and
/// at every size when u's links share one latency (as on Table-2 platforms); with unequal
/// latencies a slower, lower-latency link can be faster for small messages.
/// Throws std::invalid_argument naming a host without an outgoing link.
void apply_fastest_link_send_overheads(PlatformGraph& graph);

/// Host names "node-0" .. "node-(n-1)", as the random and star generators name their hosts.
std::vector<std::string> numbered_host_names(std::size_t n);

/// The shortest decimal text that reads back as exactly `value` (for parameter records).
std::string shortest_decimal(double value);

/// Parameter check shared by the generators: throws std::invalid_argument
/// "GENERATOR platform: 'PARAMETER' must be RULE (got VALUE)" unless `condition` holds.
void require_parameter(bool condition, const std::string& generator, const std::string& parameter,
                       const std::string& rule, double value);

}  // namespace hbcast
