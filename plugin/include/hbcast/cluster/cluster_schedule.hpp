#pragma once
#include <hbcast/core/node_id.hpp>

#include <vector>

namespace hbcast {

/// One transfer of the message: `sender` starts sending to `receiver` at `start`. A global transfer
/// (between clusters) takes C, a local one 1 (Khuller-Kim-Wan, section 1.1); in the postal model a global
/// one occupies its sender for 1 unit and its receiver for the last unit before arrival (section 5).
struct ClusterTransfer {
  NodeId sender = 0;
  NodeId receiver = 0;
  double start = 0.0;
  bool global = false;
};

/// A timed list of transfers over the node numbering of a ClusterInstance (cluster_offsets).
struct ClusterSchedule {
  std::vector<ClusterTransfer> transfers;
};

}  // namespace hbcast
