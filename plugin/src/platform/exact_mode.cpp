#include <hbcast/platform/exact_mode.hpp>

#include <simgrid/s4u/Engine.hpp>

namespace hbcast {

const std::vector<std::pair<std::string, std::string>>& exact_mode_settings()
{
  static const std::vector<std::pair<std::string, std::string>> settings = {
      {"network/model", "CM02"}, {"network/crosstraffic", "0"}, {"network/TCP-gamma", "1e30"}};
  return settings;
}

void set_exact_mode(simgrid::s4u::Engine& engine)
{
  for (const auto& [key, value] : exact_mode_settings())
    engine.set_config(key + ":" + value);
}

}  // namespace hbcast
