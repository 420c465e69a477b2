#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One parameter of a platform generator, as the CLI and the sweep engine spell it.
struct GeneratorParameter {
  std::string name;           ///< key, and CLI option without the dashes: "nodes", "bw-mean", ...
  std::string value_name;     ///< placeholder in --help: N, P, BYTES_PER_S, SECONDS
  std::string description;
  std::string default_value;  ///< as recorded in the XML when the key is not given
};

/// A platform generator: its name, its --help texts, its parameters and the generator itself.
struct PlatformGenerator {
  std::string name;
  std::string summary;  ///< one line, in `hbcast generate --help`
  std::string details;  ///< the footer of `hbcast generate NAME --help`
  std::vector<GeneratorParameter> parameters;
  /// (name, given parameters, seed, XML wanted) -> XML; see generate_platform_xml. Without XML
  /// wanted, the generator checks the parameters and may return "" before writing the routes.
  std::function<std::string(const std::string&, const std::map<std::string, std::string>&, std::uint64_t, bool)>
      generate;
};

/// Every generator, in the order --help lists them: "random" (Beaumont-Marchal-Robert, section 5.1), "star",
/// "tiers", "sender-only" (Liu), "multisite" (Barchet-Steffenel-Mounié), "clusters" (Khuller-Kim-Wan), and the
/// link-level families "backbone", "fat-tree" and "dragonfly" (link_platform_parameters.hpp).
const std::vector<PlatformGenerator>& platform_generators();

/// The names of platform_generators(), in order.
std::vector<std::string> platform_generator_names();

/// The parameters `generator` accepts; throws std::invalid_argument for an unknown generator.
std::vector<GeneratorParameter> platform_generator_parameters(const std::string& generator);

/// Generates a platform and returns its SimGrid XML (write_platform_xml). `parameters` maps
/// keys of platform_generator_parameters to text: "nodes" a whole number, the others decimal
/// numbers in bytes/s or seconds; absent keys take their defaults. The seed is recorded in the
/// XML with every parameter. Throws std::invalid_argument with a one-line message for an unknown
/// generator, an unknown key ("unknown parameter 'X' for generator 'random' (known: ...)"), a
/// value that is not a number, or a value the generator rejects.
std::string generate_platform_xml(const std::string& generator, const std::map<std::string, std::string>& parameters,
                                  std::uint64_t seed);

/// Throws as generate_platform_xml does for parameters it would refuse, without writing the routes
/// that make a large platform's XML slow (a route per pair of a 2,000-node random graph: seconds).
void check_platform_parameters(const std::string& generator, const std::map<std::string, std::string>& parameters);

/// Parses a seed: a whole number in [0, 2^64). Throws std::invalid_argument otherwise.
std::uint64_t parse_generator_seed(const std::string& text);

}  // namespace hbcast::cli
