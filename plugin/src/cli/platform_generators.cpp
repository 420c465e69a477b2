#include <hbcast/cli/platform_generators.hpp>

#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/star_platform_generator.hpp>
#include <hbcast/platform/platform_xml_writer.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {
namespace {

// A decimal parameter of generator parameters P, stored in member `member`.
template <class P>
struct RealField {
  const char* name;
  const char* value_name;
  const char* description;
  double P::*member;
};

const std::vector<RealField<RandomPlatformParameters>>& random_fields()
{
  using P = RandomPlatformParameters;
  static const std::vector<RealField<P>> fields = {
      {"density", "P", "probability of an edge between two nodes, in [0, 1] (seed 002 Table 2: 0.04 to 0.20)",
       &P::density},
      {"bw-mean", "BYTES_PER_S", "mean of the Gaussian link bandwidth, bytes/s (Table 2: 100 MB/s)",
       &P::bandwidth_mean},
      {"bw-sd", "BYTES_PER_S", "standard deviation of the link bandwidth, bytes/s (Table 2: 20 MB/s)",
       &P::bandwidth_sd},
      {"latency", "SECONDS", "latency of every link, seconds (Table 2 has none)", &P::link_latency},
  };
  return fields;
}

const std::vector<RealField<StarPlatformParameters>>& star_fields()
{
  using P = StarPlatformParameters;
  static const std::vector<RealField<P>> fields = {
      {"bw-min", "BYTES_PER_S", "lowest link bandwidth, bytes/s", &P::bandwidth_min},
      {"bw-max", "BYTES_PER_S", "highest link bandwidth, bytes/s", &P::bandwidth_max},
      {"lat-min", "SECONDS", "lowest link latency, seconds", &P::latency_min},
      {"lat-max", "SECONDS", "highest link latency, seconds", &P::latency_max},
  };
  return fields;
}

template <class P>
std::vector<GeneratorParameter> describe(const std::vector<RealField<P>>& fields)
{
  const P defaults;
  std::vector<GeneratorParameter> parameters = {
      {"nodes", "N", "number of hosts, at least 2", std::to_string(defaults.node_count)}};
  for (const auto& field : fields)
    parameters.push_back({field.name, field.value_name, field.description, shortest_decimal(defaults.*field.member)});
  return parameters;
}

std::string known_keys(const std::vector<GeneratorParameter>& parameters)
{
  std::vector<std::string> names;
  for (const auto& parameter : parameters)
    names.push_back(parameter.name);
  std::sort(names.begin(), names.end());
  std::string joined;
  for (const auto& name : names)
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

std::size_t parse_node_count(const std::string& generator, const std::string& text)
{
  std::size_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(generator + " platform: 'nodes' must be a whole number (got '" + text + "')");
  return value;
}

double parse_real(const std::string& generator, const std::string& key, const std::string& text)
{
  char* end = nullptr;
  const double value = text.empty() || std::isspace(static_cast<unsigned char>(text[0])) ? NAN
                                                                                        : std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value))
    throw std::invalid_argument(generator + " platform: '" + key + "' must be a finite number (got '" + text + "')");
  return value;
}

template <class P>
P parse_parameters(const std::string& generator, const std::vector<RealField<P>>& fields,
                   const std::map<std::string, std::string>& given, std::uint64_t seed)
{
  P parameters;
  parameters.seed = seed;
  for (const auto& [key, text] : given) {
    if (key == "nodes") {
      parameters.node_count = parse_node_count(generator, text);
      continue;
    }
    auto field = std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return key == f.name; });
    if (field == fields.end())
      throw std::invalid_argument("unknown parameter '" + key + "' for generator '" + generator +
                                  "' (known: " + known_keys(describe(fields)) + ")");
    parameters.*(field->member) = parse_real(generator, key, text);
  }
  return parameters;
}

}  // namespace

std::vector<std::string> platform_generator_names()
{
  return {"random", "star"};
}

std::vector<GeneratorParameter> platform_generator_parameters(const std::string& generator)
{
  if (generator == "random")
    return describe(random_fields());
  if (generator == "star")
    return describe(star_fields());
  throw std::invalid_argument("unknown generator '" + generator + "' (known: random, star)");
}

std::string generate_platform_xml(const std::string& generator, const std::map<std::string, std::string>& parameters,
                                  std::uint64_t seed)
{
  platform_generator_parameters(generator);  // rejects an unknown generator
  const PlatformGraph graph =
      generator == "random"
          ? generate_random_platform(parse_parameters(generator, random_fields(), parameters, seed))
          : generate_star_platform(parse_parameters(generator, star_fields(), parameters, seed));
  std::ostringstream xml;
  write_platform_xml(xml, graph);
  return xml.str();
}

std::uint64_t parse_generator_seed(const std::string& text)
{
  std::uint64_t seed = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument("seed must be a whole number in [0, 2^64) (got '" + text + "')");
  return seed;
}

}  // namespace hbcast::cli
