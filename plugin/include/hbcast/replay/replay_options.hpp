#pragma once
#include <hbcast/model/port_model.hpp>
#include <hbcast/replay/replay_driver.hpp>

#include <cstddef>
#include <string>

namespace hbcast {

struct ReplayOptions {
  /// Whole message size in bytes; each of the `slices` transfers carries slice_size(message_bytes, slices).
  double message_bytes = 0.0;
  std::size_t slices = 1;
  PortModel port = PortModel::one_port;
  /// Name of the broadcast (delivery log, actor and mailbox prefix); unique per concurrent broadcast.
  std::string name = "hbcast";
  /// automatic: the hbcast/replay-driver configuration key, else chosen per tree (ReplayDriver).
  ReplayDriver driver = ReplayDriver::automatic;
};

}  // namespace hbcast
