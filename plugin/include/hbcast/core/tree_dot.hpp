#pragma once
#include <hbcast/core/broadcast_tree.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace hbcast {

/// Writes `tree` as a Graphviz digraph. Edges are labelled with their send order and carry their
/// explicit send start time, if any, as attribute `start`; when `ready_times` is given (one per
/// node), nodes are labelled with the time they hold the message and carry it as `ready`. Times
/// are written with 17 significant digits, so the tree reads back exactly.
/// Nodes no edge reaches, other than the root (those a multicast tree leaves out), are not drawn.
void write_tree_dot(std::ostream& out, const BroadcastTree& tree, const std::vector<std::string>& names,
                    const std::string& graph_name, const std::vector<double>& ready_times = {});

}  // namespace hbcast
