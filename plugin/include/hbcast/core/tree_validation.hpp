#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast {

/// Thrown when a tree is not a spanning out-tree of its nodes; the message names the node.
class InvalidTree : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// Checks that `tree` is a spanning out-tree rooted at its root: every child index exists, the
/// root has no parent, every other node has exactly one parent and is reachable from the root
/// (so there is no cycle). Throws InvalidTree naming the first offending node; `names` (optional)
/// gives host names for the message.
void validate_tree(const BroadcastTree& tree, const std::vector<std::string>& names = {});

}  // namespace hbcast
