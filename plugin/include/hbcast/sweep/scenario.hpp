#pragma once
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast::cli {

/// A scenario file that cannot be used; the message is one line "FILE:LINE: key 'k': problem".
class ScenarioError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Where each point's platform comes from: a SimGrid XML file, or a generator whose parameters
/// may be lists (every combination is swept).
struct PlatformSource {
  std::string file;  ///< resolved against the scenario file's directory
  std::string generator;
  std::map<std::string, std::vector<std::string>> parameters;
};

/// A sweep grid (scenario file, YAML). Every list expands in a cartesian product; see
/// scenarios/example.yaml for the documented format.
struct Scenario {
  std::string path;
  std::string name;
  PlatformSource platform;
  std::vector<std::string> schedulers;
  std::vector<double> sizes;                          ///< bytes
  std::vector<std::size_t> slices;                    ///< 0: "auto" (each tree's own K, as simulate --slices auto)
  std::size_t max_slices = 0;                         ///< the bound of "auto" and of best (0: the default rule)
  std::vector<std::string> ports;                     ///< "one-port" / "multi-port"
  /// 0: broadcast; F in (0, 1]: multicast to that fraction of the other hosts, drawn per point seed.
  std::vector<double> member_fractions{0.0};
  std::vector<std::vector<std::string>> simgrid;      ///< each entry: --cfg key:value list
  std::string root = "first";                         ///< "first", "random" or a host name
  std::size_t repetitions = 1;
  std::uint64_t seed = 1;
  double timeout_seconds = 600.0;
  bool lp_bound = false;  ///< add the SSB(G) optimum and each tree's ratio to it (Beaumont-Marchal-Robert)
  /// add the count of over-subscribed shared links and the worst one (contention analysis)
  bool link_contention = false;
  /// SMPI's own MPI_Bcast algorithms run beside the schedulers, each a point and a row
  /// "mpi:NAME" per platform, repetition, configuration and size (broadcasts only).
  std::vector<std::string> mpi_baselines;
  std::string fingerprint;  ///< of the expanded scenario (scenario_fingerprint), set by the loaders
};

/// Reads and validates a scenario. Throws ScenarioError naming the file, the key and its line.
Scenario load_scenario(const std::string& path);
/// The same from an already parsed YAML mapping (e.g. inside a validation case); `path` names it
/// in errors and anchors relative platform files.
Scenario scenario_from_yaml(const YAML::Node& node, const std::string& path);

}  // namespace hbcast::cli
