#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// Hosts a cost model cannot tell apart: for u != v, T_uv depends only on the blocks of u and v.
/// A SimGrid <cluster> whose hosts have identical private links is one block (any two of its hosts
/// are one probe apart, and so is any of them and any outside host); a host the model knows
/// nothing uniform about is a block of its own. Structured models (latency grouping, sender-only
/// medians) then work on blocks, in O(n + blocks^2) instead of O(n^2).
struct HostBlocks {
  std::vector<std::size_t> block_of;         ///< host -> block
  std::vector<std::vector<NodeId>> members;  ///< each sorted by host; blocks ordered by first host

  std::size_t count() const { return members.size(); }
  /// Two hosts standing for block `b`'s inner pairs (the same host twice when it has one).
  NodeId first(std::size_t b) const { return members[b].front(); }
  NodeId second(std::size_t b) const { return members[b].size() > 1 ? members[b][1] : members[b][0]; }

  /// Blocks from one label per host (equal labels: one block), ordered by first host.
  static HostBlocks from_labels(const std::vector<std::size_t>& label);
};

}  // namespace hbcast
