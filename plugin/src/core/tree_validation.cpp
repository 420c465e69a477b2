#include <hbcast/core/tree_validation.hpp>

#include <string>

namespace hbcast {
namespace {

std::string node_label(NodeId node, const std::vector<std::string>& names)
{
  if (node < names.size())
    return "'" + names[node] + "'";
  return "node " + std::to_string(node);
}

// Follows parent links from an unreachable node: a revisit means the node sits on (or hangs off) a
// cycle; reaching a parentless node means that part of the tree is disconnected.
std::string why_unreachable(NodeId node, const std::vector<NodeId>& parent, const std::vector<std::string>& names)
{
  std::vector<bool> seen(parent.size(), false);
  NodeId current = node;
  while (current != kNoNode && !seen[current]) {
    seen[current] = true;
    current = parent[current];
  }
  if (current == kNoNode)
    return node_label(node, names) + " is not reachable from the root (no parent on its path)";
  return node_label(node, names) + " is not reachable from the root: cycle through " + node_label(current, names);
}

}  // namespace

void validate_tree(const BroadcastTree& tree, const std::vector<std::string>& names)
{
  const std::size_t n = tree.size();
  if (n == 0)
    throw InvalidTree("empty broadcast tree");
  std::vector<NodeId> parent(n, kNoNode);
  for (NodeId u = 0; u < n; ++u) {
    for (NodeId c : tree.children(u)) {
      if (c >= n)
        throw InvalidTree(node_label(u, names) + " has a child index " + std::to_string(c) + " outside the tree");
      if (c == tree.root())
        throw InvalidTree("the root " + node_label(c, names) + " is given a parent, " + node_label(u, names));
      if (parent[c] != kNoNode)
        throw InvalidTree(node_label(c, names) + " has two parents, " + node_label(parent[c], names) + " and " +
                          node_label(u, names));
      parent[c] = u;
    }
  }
  std::vector<bool> reached(n, false);
  std::vector<NodeId> stack{tree.root()};
  reached[tree.root()] = true;
  while (!stack.empty()) {
    NodeId u = stack.back();
    stack.pop_back();
    for (NodeId c : tree.children(u))
      if (!reached[c]) {
        reached[c] = true;
        stack.push_back(c);
      }
  }
  for (NodeId v = 0; v < n; ++v)
    if (!reached[v])
      throw InvalidTree(why_unreachable(v, parent, names));
}

}  // namespace hbcast
