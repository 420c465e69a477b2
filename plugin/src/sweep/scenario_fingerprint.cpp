#include <hbcast/sweep/scenario_fingerprint.hpp>

#include <boost/uuid/name_generator_sha1.hpp>
#include <boost/uuid/nil_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace hbcast::cli {
namespace {

std::string file_content(const std::string& path)
{
  std::ifstream file(path, std::ios::binary);
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

nlohmann::json point_json(const SweepPoint& point)
{
  return {point.id,     point.generator_parameters, point.scheduler,       point.message_bytes, point.slices,
          point.port,   point.member_fraction,      point.simgrid,         point.repetition,    point.seed};
}

}  // namespace

std::string scenario_fingerprint(const Scenario& scenario, const std::vector<SweepPoint>& points)
{
  nlohmann::json canonical = {
      {"platform_file", scenario.platform.file.empty() ? "" : file_content(scenario.platform.file)},
      {"generator", scenario.platform.generator},
      {"root", scenario.root},
      {"lp_bound", scenario.lp_bound},
      {"timeout", scenario.timeout_seconds},
      {"points", nlohmann::json::array()}};
  for (const auto& point : points)
    canonical["points"].push_back(point_json(point));
  const boost::uuids::name_generator_sha1 generate(boost::uuids::nil_uuid());
  std::string text = boost::uuids::to_string(generate(canonical.dump()));
  text.erase(std::remove(text.begin(), text.end(), '-'), text.end());
  return text;
}

}  // namespace hbcast::cli
