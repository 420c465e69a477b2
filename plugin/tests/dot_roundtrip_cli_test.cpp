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

// The prediction of the tree read back from `scheduler`'s DOT, with and without its send starts.
struct RoundTrip {
  double expected = 0, timed = 0, untimed = 0;
};

RoundTrip round_trip(const hbcast::LoadedPlatform& platform, const hbcast::CostModel& costs, const std::string& scheduler,
                     const std::string& port)
{
  TemporaryDirectory dir;
  const std::string dot = dir.path() + "/tree.dot";
  const auto result =
      run_hbcast({"simulate", "-s", scheduler, "--port", port, "--dot", dot, "--format", "json", "--size", "1MB"});
  EXPECT_EQ(result.exit_status, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_NE(read_file(dot).find("start=\""), std::string::npos) << "LCF's send starts are exported";
  const ReadTree read = read_dot(dot, platform.host_names(), report["root"]);
  const auto model = port == "multi" ? hbcast::PortModel::multi_port : hbcast::PortModel::one_port;
  const auto prediction = hbcast::evaluate_atomic(read.tree, costs, 1e6, model);
  for (hbcast::NodeId v = 0; v < platform.size(); ++v)
    EXPECT_EQ(prediction.ready_time[v], read.ready.at(platform.host_names()[v])) << platform.host_names()[v];
  std::vector<std::vector<hbcast::NodeId>> children;
  for (hbcast::NodeId v = 0; v < read.tree.size(); ++v)
    children.push_back(read.tree.children(v));
  const hbcast::BroadcastTree untimed(read.tree.root(), children);
  return {report["runs"][0]["pairwise"]["makespan"], prediction.makespan,
          hbcast::evaluate_atomic(untimed, costs, 1e6, model).makespan};
}

}  // namespace

// LCF one-port and multi-port, postal and interleaved LCF on the default grid, 1 MB: bit for bit.
// Multi-port, a sender waits for its schedule's slots, so without the exported start times the
// same edges are predicted otherwise (0.176300 against 0.176453 s for lcf; the issue saw 0.1708
// against 0.2392 on SimGrid's cluster_multi.xml): the start times are part of the tree.
TEST(DotRoundTrip, ExportedLcfTreesReEvaluateToTheSamePrediction)
{
  auto engine = make_engine("dot_roundtrip");
  hbcast::set_exact_mode(engine);
  const auto platform = hbcast::LoadedPlatform::load(engine, kDefaultPlatform);
  const hbcast::PlatformCostModel costs(platform);
  bool starts_matter = false;
  for (const auto& [scheduler, port] : std::vector<std::pair<std::string, std::string>>{
           {"lcf", "one"}, {"lcf", "multi"}, {"lcf-postal", "multi"}, {"lcf-interleaved", "multi"}}) {
    SCOPED_TRACE(scheduler + " " + port);
    const RoundTrip trip = round_trip(platform, costs, scheduler, port);
    EXPECT_EQ(trip.timed, trip.expected);  // bit for bit
    starts_matter |= trip.untimed != trip.expected;
  }
  EXPECT_TRUE(starts_matter);
}
