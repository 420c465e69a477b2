#include <hbcast/cli/atomic_file.hpp>
#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/platform_generators.hpp>

#include <CLI/CLI.hpp>

#include <map>
#include <memory>
#include <string>

namespace hbcast::cli {
namespace {

constexpr const char* kDefaultSeed = "1";

const char* summary_of(const std::string& generator)
{
  if (generator == "random")
    return "random graph of seed 002 (section 5.1, Table 2), Gaussian link bandwidths";
  if (generator == "star")
    return "heterogeneous star, private up and down links, uniform bandwidths and latencies";
  if (generator == "sender-only")
    return "star realizing the sender-only model exactly: processor u sends to anyone in t_u (seed 000)";
  if (generator == "multisite")
    return "sites x clusters x nodes: 1 Gb/s node links, 10 Gb/s backbones, WAN latencies in ms (seed 003)";
  if (generator == "clusters")
    return "seed 004 two-level clusters: intra-cluster transfer T1, inter-cluster exactly C x T1, Zipf sizes";
  return "Tiers-style WAN/MAN/LAN hierarchy (Calvert, Doar, Zegura 1997; seed 002 section 5.1)";
}

const char* details_of(const std::string& generator)
{
  if (generator == "random")
    return "Each pair of nodes is linked with probability --density; components are then joined by added "
           "edges so the platform is connected. Every edge is a SPLITDUPLEX link; other routes take the "
           "fewest hops (Floyd). Send overhead: 0.8 x the node's fastest link (multi-port).";
  if (generator == "star")
    return "Route u->v = up_u, down_v: contention-free for one-port trees. Bandwidths and latencies are "
           "uniform in [min, max]. Send overhead: 0.8 x the host's up link (multi-port).";
  if (generator == "sender-only")
    return "Host u's up link carries message-bytes in t_u, with no latency; every down link is as fast as the "
           "fastest up link, so T_uv = t_u for every v (exact in hbcast's exact mode). Times come from K "
           "evenly spaced classes (Liu's Table 1 setup with 3) or, with --classes 0, uniform draws.";
  if (generator == "multisite")
    return "Two zone levels (SimGrid 3.32 routing across deeper nesting has bugs): a Full root zone with one "
           "<cluster> per cluster (SPLITDUPLEX node links, SHARED backbone); each cluster router has its own "
           "uplink to its site; sites are joined pairwise by WAN links whose latencies are uniform in "
           "[wan-lat-min, wan-lat-max]. Hosts are named s<site>-c<cluster>-<node>. No send overhead properties.";
  if (generator == "clusters")
    return "Cluster sizes Zipf(theta) over 1..max-size (seed 004, Appendix B). Each cluster is a <cluster> of "
           "private FATPIPE links (latency unit/2); clusters are joined pairwise over per-cluster FATPIPE WAN "
           "links (latency (C-1) unit/2, bandwidth / C), so a transfer of S bytes takes unit + S/bandwidth "
           "inside a cluster and exactly C times that between clusters, in exact mode. Send overhead = one "
           "intra-cluster transfer (the postal model, with --port multi). k(k-1)/2 zone routes: at most 1000 "
           "clusters.";
  return "Nodes are placed at random on integer grids (WAN 10000 wide; each MAN a 1000 square in it; each LAN "
         "a 100 square in its MAN). The WAN and each MAN are Euclidean minimum spanning trees, plus per node "
         "its R nearest unlinked nodes (redundancy); each LAN is a star on its first node, plus leaf-to-leaf "
         "redundancy; each MAN joins the WAN and each LAN its MAN by the shortest node pairs. Every node is a "
         "host, every edge a SPLITDUPLEX link with a Gaussian bandwidth of its tier; Floyd routing. Send "
         "overhead: 0.8 x the node's fastest link (multi-port). --preset 30|65 gives seed 002's sizes.";
}

std::string joined_generator_names()
{
  std::string joined;
  for (const auto& name : platform_generator_names())
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

// What one `hbcast generate <generator>` invocation was given.
struct GenerateRequest {
  std::string seed = kDefaultSeed;
  std::string output;
  std::map<std::string, std::string> values;   // one slot per parameter, stable addresses
  std::map<std::string, CLI::Option*> options;  // to tell given from defaulted
};

void add_generator_subcommand(CLI::App& generate, CommandContext& context, const std::string& generator)
{
  auto request = std::make_shared<GenerateRequest>();
  auto* command = generate.add_subcommand(generator, summary_of(generator));
  command->footer(details_of(generator));
  for (const auto& parameter : platform_generator_parameters(generator)) {
    std::string& slot = request->values[parameter.name];
    request->options[parameter.name] =
        command->add_option("--" + parameter.name, slot,
                            parameter.description + " (default " + parameter.default_value + ")")
            ->type_name(parameter.value_name);
  }
  command->add_option("--seed", request->seed,
                      std::string("seed of the std::mt19937_64 generator, recorded in the XML (default ") +
                          kDefaultSeed + "); the same seed and parameters give a byte-identical file")
      ->type_name("S");
  command->add_option("-o,--output", request->output, "SimGrid platform XML file to write (replaced atomically)")
      ->type_name("FILE.xml")
      ->required();
  command->callback([request, generator, &context] {
    try {
      std::map<std::string, std::string> given;
      for (const auto& [name, option] : request->options)
        if (option->count() > 0)
          given[name] = request->values.at(name);
      const std::uint64_t seed = parse_generator_seed(request->seed);
      write_file_atomically(request->output, generate_platform_xml(generator, given, seed));
      context.out << "wrote " << request->output << " (" << generator << " platform, seed " << seed << ")\n";
      context.status = 0;
    } catch (const std::exception& error) {
      context.err << "hbcast: error: " << error.what() << '\n';
      context.status = 2;
    }
  });
}

}  // namespace

void add_generate_command(CLI::App& app, CommandContext& context)
{
  auto* generate =
      app.add_subcommand("generate", "generate a random platform as SimGrid XML (" + joined_generator_names() + ")");
  for (const auto& generator : platform_generator_names())
    add_generator_subcommand(*generate, context, generator);
  // Extras are allowed here only so that a missing or misspelt generator is reported by name
  // rather than as CLI11's "A subcommand is required".
  generate->require_subcommand(0, 1);
  generate->allow_extras();
  generate->callback([generate, &context] {
    const auto extras = generate->remaining();
    if (!generate->get_subcommands().empty() && extras.empty())
      return;
    context.err << "hbcast: error: "
                << (extras.empty() ? std::string("missing generator")
                                   : "unknown generator or argument '" + extras.front() + "'")
                << " (known generators: " << joined_generator_names() << "; see 'hbcast generate --help')\n";
    context.status = 2;
  });
}

}  // namespace hbcast::cli
