// `simulate --dot` round trip (issue 14, item 13): the exported DOT, read back with Boost.Graph's
// Graphviz reader and re-evaluated on the same platform, gives hbcast's own pairwise prediction to
// the last bit: LCF's send start times are in it and every time has 17 significant digits.
#include "support/cli_expectations.hpp"
#include "support/code_platforms.hpp"

#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <simgrid/s4u/Engine.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>

using namespace hbcast::test_support;

namespace {

const std::string kDefaultPlatform = std::string(HBCAST_TEST_PLATFORM_DIR) + "/grid5000_88.xml";

struct DotNode {
  std::string name, ready;
};
struct DotEdge {
  std::string label, start;
};
using DotGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, DotNode, DotEdge>;

// The tree as the DOT file has it: children in label (send) order, start attributes as send starts.
struct ReadTree {
  hbcast::BroadcastTree tree;
  std::map<std::string, double> ready;  // per host name
};

ReadTree read_dot(const std::string& path, const std::vector<std::string>& hosts, const std::string& root)
{
  DotGraph graph;
  boost::dynamic_properties properties(boost::ignore_other_properties);
  properties.property("node_id", boost::get(&DotNode::name, graph));
  properties.property("ready", boost::get(&DotNode::ready, graph));
  properties.property("label", boost::get(&DotEdge::label, graph));
  properties.property("start", boost::get(&DotEdge::start, graph));
  std::ifstream file(path);
  EXPECT_TRUE(boost::read_graphviz(file, graph, properties, "node_id"));
  auto index = [&](const std::string& name) {
    return static_cast<hbcast::NodeId>(std::find(hosts.begin(), hosts.end(), name) - hosts.begin());
  };
  ReadTree read{hbcast::BroadcastTree(hosts.size(), index(root)), {}};
  for (auto v : boost::make_iterator_range(boost::vertices(graph))) {
    read.ready[graph[v].name] = std::strtod(graph[v].ready.c_str(), nullptr);
    std::vector<std::pair<int, DotGraph::edge_descriptor>> sends;
    for (auto e : boost::make_iterator_range(boost::out_edges(v, graph)))
      sends.emplace_back(std::stoi(graph[e].label), e);
    std::sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [order, e] : sends) {
      const auto child = index(graph[boost::target(e, graph)].name);
      read.tree.add_child(index(graph[v].name), child);
      if (!graph[e].start.empty())
        read.tree.set_send_start(child, std::strtod(graph[e].start.c_str(), nullptr));
    }
  }
  return read;
}

}  // namespace

TEST(DotRoundTrip, ExportedLcfTreeReEvaluatesToTheSamePrediction)
{
  TemporaryDirectory dir;
  const std::string dot = dir.path() + "/lcf.dot";
  const auto result = run_hbcast({"simulate", "-s", "lcf", "--dot", dot, "--format", "json", "--size", "1MB"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  const std::string text = read_file(dot);
  EXPECT_NE(text.find("start=\""), std::string::npos) << "LCF's send starts are exported";

  auto engine = make_engine("dot_roundtrip");
  hbcast::set_exact_mode(engine);
  const auto platform = hbcast::LoadedPlatform::load(engine, kDefaultPlatform);
  const hbcast::PlatformCostModel costs(platform);
  const ReadTree read = read_dot(dot, platform.host_names(), report["root"]);
  const auto prediction = hbcast::evaluate_atomic(read.tree, costs, 1e6, hbcast::PortModel::one_port);
  const double expected = report["runs"][0]["pairwise"]["makespan"];
  EXPECT_EQ(prediction.makespan, expected);  // bit for bit
  for (hbcast::NodeId v = 0; v < platform.size(); ++v)
    EXPECT_EQ(prediction.ready_time[v], read.ready.at(platform.host_names()[v])) << platform.host_names()[v];
  // Without the start times the same edges evaluate otherwise: they are part of the tree.
  hbcast::BroadcastTree untimed(read.tree.root(), [&] {
    std::vector<std::vector<hbcast::NodeId>> children;
    for (hbcast::NodeId v = 0; v < read.tree.size(); ++v)
      children.push_back(read.tree.children(v));
    return children;
  }());
  EXPECT_NE(hbcast::evaluate_atomic(untimed, costs, 1e6, hbcast::PortModel::one_port).makespan, expected);
}
