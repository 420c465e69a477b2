#pragma once
#include <optional>
#include <string>

namespace hbcast {

/// How many transfers a node may take part in at once (Beaumont-Marchal-Robert, sections 2.2 and 2.3).
enum class PortModel {
  /// Bidirectional one-port: one send and one receive at a time; sends are sequential.
  one_port,
  /// Multi-port: a node's sends overlap; it is busy send_u(S) per send (Bar-Noy et al.'s overhead)
  /// and each tree edge carries one slice at a time.
  multi_port,
};

std::string to_string(PortModel port);
/// "one" / "one-port" / "multi" / "multi-port"; nullopt otherwise.
std::optional<PortModel> parse_port_model(const std::string& text);

}  // namespace hbcast
