// DOT trees (`simulate --dot`): what hbcast writes must read back exactly through a Graphviz
// reader (Boost.Graph's read_graphviz, as docs/user-guide.md tells users to read them and as
// dot_roundtrip_cli_test does): every host name, whatever its characters, the send order, the
// send start times and the ready times to the last bit. hbcast has no DOT reader of its own:
// the input bytes make the tree (shape, order, start times) and the host names, and the reader
// users are pointed to reads what hbcast wrote.

#include "fuzz_input.hpp"

#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/tree_dot.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

namespace {

// Reads the fuzzer's bytes as the parts of a tree; zeros once they run out.
class Bytes {
public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t next() { return position_ < size_ ? data_[position_++] : 0; }
  double time()
  {
    std::uint64_t bits = 0;
    for (int k = 0; k < 8; ++k)
      bits = bits << 8 | next();
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return std::isfinite(value) ? std::fabs(value) : 0.0;
  }
  // Host names as SimGrid platforms may have them: printable ASCII (quotes included), spaces and
  // tabs. Not backslashes: DOT has no escape for a backslash before a quote or at the end of a
  // quoted string (Graphviz and Boost read `\\"` differently), docs/reliability.md says so.
  std::string name()
  {
    std::string text;
    for (std::size_t length = next() % 9; length > 0; --length) {
      const std::uint8_t c = next() % 96;
      text += c == 95 ? '\t' : c == '\\' - ' ' ? '/' : static_cast<char>(' ' + c);
    }
    return text;
  }

private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t position_ = 0;
};

struct DotNode {
  std::string name, ready;
};
struct DotEdge {
  std::string label, start;
};
using DotGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, DotNode, DotEdge>;

double exact_number(const std::string& text)
{
  std::istringstream stream(text);
  stream.imbue(std::locale::classic());
  double value = 0;
  stream >> value;
  if (!stream || !stream.eof())
    hbcast::fuzz::violated("'" + text + "' is not a number as written in the DOT file");
  return value;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  Bytes bytes(data, size);
  const std::size_t nodes = 1 + bytes.next() % 24;
  std::vector<std::string> names;
  std::set<std::string> taken;
  for (std::size_t node = 0; node < nodes; ++node) {
    std::string name = bytes.name();
    while (!taken.insert(name).second)
      name += '#';
    names.push_back(name);
  }
  hbcast::BroadcastTree tree(nodes, 0);
  std::vector<double> ready(nodes, 0.0);
  for (hbcast::NodeId child = 1; child < nodes; ++child) {
    const std::uint8_t choice = bytes.next();
    if (choice % 8 == 7)
      continue;  // left out, as a multicast tree leaves hosts out
    hbcast::NodeId parent = choice / 8 % child;
    if (parent != tree.root() && tree.parents()[parent] == hbcast::kNoNode)
      parent = tree.root();  // a left-out host sends to nobody
    tree.add_child(parent, child);
    if (bytes.next() % 2 == 1)
      tree.set_send_start(child, bytes.time());
    ready[child] = bytes.time();
  }
  std::ostringstream written;
  hbcast::write_tree_dot(written, tree, names, bytes.name(), ready);

  DotGraph graph;
  boost::dynamic_properties properties(boost::ignore_other_properties);
  properties.property("node_id", boost::get(&DotNode::name, graph));
  properties.property("ready", boost::get(&DotNode::ready, graph));
  properties.property("label", boost::get(&DotEdge::label, graph));
  properties.property("start", boost::get(&DotEdge::start, graph));
  try {
    if (!boost::read_graphviz(written.str(), graph, properties, "node_id"))
      hbcast::fuzz::violated("the DOT file is not a graph:\n" + written.str());
  } catch (const std::exception& error) {
    hbcast::fuzz::violated(std::string("the DOT file does not read back (") + error.what() + "):\n" + written.str());
  }
  std::map<std::string, hbcast::NodeId> index;
  for (hbcast::NodeId node = 0; node < nodes; ++node)
    index[names[node]] = node;
  const auto parents = tree.parents();
  std::size_t drawn = 0;
  for (auto v : boost::make_iterator_range(boost::vertices(graph))) {
    const auto found = index.find(graph[v].name);
    if (found == index.end())
      hbcast::fuzz::violated("the DOT file names a host '" + graph[v].name + "' the tree does not have");
    const hbcast::NodeId node = found->second;
    ++drawn;
    if (exact_number(graph[v].ready) != ready[node])
      hbcast::fuzz::violated("host '" + names[node] + "' reads back with another ready time");
    std::vector<std::pair<int, hbcast::NodeId>> sends;
    for (auto e : boost::make_iterator_range(boost::out_edges(v, graph))) {
      const hbcast::NodeId child = index.at(graph[boost::target(e, graph)].name);
      sends.emplace_back(static_cast<int>(exact_number(graph[e].label)), child);
      const auto start = tree.send_start(child);
      if (graph[e].start.empty() ? start.has_value() : !start || exact_number(graph[e].start) != *start)
        hbcast::fuzz::violated("the send to '" + names[child] + "' reads back with another start time");
    }
    std::sort(sends.begin(), sends.end());
    std::vector<hbcast::NodeId> order;
    for (const auto& send : sends)
      order.push_back(send.second);
    if (order != tree.children(node))
      hbcast::fuzz::violated("host '" + names[node] + "' reads back with other children or another send order");
  }
  std::size_t expected = 0;
  for (hbcast::NodeId node = 0; node < nodes; ++node)
    expected += node == tree.root() || parents[node] != hbcast::kNoNode;
  if (drawn != expected)
    hbcast::fuzz::violated("the DOT file draws " + std::to_string(drawn) + " hosts, the tree has " +
                           std::to_string(expected));
  return 0;
}
