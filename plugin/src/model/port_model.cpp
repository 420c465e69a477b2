#include <hbcast/model/port_model.hpp>

namespace hbcast {

std::string to_string(PortModel port)
{
  return port == PortModel::one_port ? "one-port" : "multi-port";
}

std::optional<PortModel> parse_port_model(const std::string& text)
{
  if (text == "one" || text == "one-port")
    return PortModel::one_port;
  if (text == "multi" || text == "multi-port")
    return PortModel::multi_port;
  return std::nullopt;
}

}  // namespace hbcast
