#include <hbcast/core/tree_dot.hpp>

#include <cstdio>
#include <sstream>

namespace hbcast {
namespace {

std::string quoted(const std::string& text)
{
  std::string out = "\"";
  for (char c : text) {
    if (c == '"')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

// Full precision (%.17g reads back as the same double): an exported tree must re-evaluate to
// hbcast's own prediction.
std::string exact(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// What a person reads in the drawing: six significant digits, as the tables print; the
// attributes beside keep every bit.
std::string readable(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string node_name(NodeId node, const std::vector<std::string>& names)
{
  return node < names.size() ? names[node] : std::to_string(node);
}

// A timed schedule's send start (Khuller-Kim-Wan trees): the send waits for it, so it is part of the tree.
std::string start_attribute(const BroadcastTree& tree, NodeId child)
{
  const auto start = tree.send_start(child);
  return start ? ", start=\"" + exact(*start) + "\"" : "";
}

}  // namespace

void write_tree_dot(std::ostream& out, const BroadcastTree& tree, const std::vector<std::string>& names,
                    const std::string& graph_name, const std::vector<double>& ready_times)
{
  out << "digraph " << quoted(graph_name) << " {\n  rankdir=TB;\n  node [shape=box, fontsize=10];\n";
  const auto parents = tree.parents();
  for (NodeId u = 0; u < tree.size(); ++u) {
    if (u != tree.root() && parents[u] == kNoNode)
      continue;  // outside a multicast tree
    std::ostringstream label;
    label << node_name(u, names);
    if (u < ready_times.size())
      label << "\\nt=" << readable(ready_times[u]);
    out << "  " << quoted(node_name(u, names)) << " [label=" << quoted(label.str());
    if (u < ready_times.size())
      out << ", ready=\"" << exact(ready_times[u]) << "\"";
    out << (u == tree.root() ? ", style=bold" : "") << "];\n";
  }
  for (NodeId u = 0; u < tree.size(); ++u) {
    const auto& children = tree.children(u);
    for (std::size_t i = 0; i < children.size(); ++i)
      out << "  " << quoted(node_name(u, names)) << " -> " << quoted(node_name(children[i], names))
          << " [label=\"" << i + 1 << "\"" << start_attribute(tree, children[i]) << "];\n";
  }
  out << "}\n";
}

}  // namespace hbcast
