// Khuller-Kim-Wan, Appendix B at full scale in SimGrid: 2000 clusters with Zipf(theta = 0) sizes over
// 1..100 (38,826 hosts, the validation case's first input), C = 10. LCF's schedule is replayed
// one-port on a generated two-level platform carrying only the k - 1 zone routes the schedule uses
// (all k(k-1)/2 would be 2 million). Exact mode: the makespan must equal the schedule's time x T1.
// More than 30,000 actors: guard pages off and 16 KiB stacks (see the SimGrid notes).
#include <hbcast/cluster/cluster_size_generator.hpp>
#include <hbcast/cluster/lcf.hpp>
#include <hbcast/cluster/schedule_checker.hpp>
#include <hbcast/cluster/schedule_to_tree.hpp>
#include <hbcast/platform/two_level_xml_writer.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/replay/tree_broadcast.hpp>

#include "support/code_platforms.hpp"
#include "support/xml_file.hpp"

#include <gtest/gtest.h>
#include <simgrid/s4u/Actor.hpp>

#include <chrono>
#include <set>
#include <unordered_map>

namespace sg4 = simgrid::s4u;
using namespace hbcast;

TEST(AppendixBReplay, LcfOnTwoThousandClustersMatchesItsSchedule)
{
  const auto wall = std::chrono::steady_clock::now();
  ClusterInstance instance;
  instance.sizes = zipf_cluster_sizes(2000, 100, 0.0, 4);
  instance.global_cost = 10;
  const ClusterSchedule schedule = schedule_lcf(instance);
  const double units = check_schedule(instance, schedule).broadcast_time;

  const auto cluster_of = cluster_of_nodes(instance);
  TwoLevelPlatformParameters parameters;
  parameters.sizes = instance.sizes;
  parameters.global_cost = instance.global_cost;
  std::set<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& t : schedule.transfers)
    if (t.global)
      pairs.insert(std::minmax(cluster_of[t.sender], cluster_of[t.receiver]));
  parameters.routes.assign(pairs.begin(), pairs.end());
  const test_support::XmlFile file("hbcast-appendix-b", two_level_platform_xml(parameters));

  auto engine = test_support::make_engine("appendix_b_replay_test");
  test_support::set_exact_mode(engine);
  engine.set_config("contexts/guard-size:0");
  engine.set_config("contexts/stack-size:16");
  const auto load_start = std::chrono::steady_clock::now();
  auto platform = LoadedPlatform::load(engine, file.path());
  const double load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
  ASSERT_EQ(platform.size(), instance.node_count());
  std::unordered_map<std::string, NodeId> host_index;
  for (NodeId h = 0; h < platform.size(); ++h)
    host_index[platform.host_names()[h]] = h;
  const auto offsets = cluster_offsets(instance);
  std::vector<NodeId> host_of_node(instance.node_count());
  for (NodeId v = 0; v < host_of_node.size(); ++v)
    host_of_node[v] = host_index.at("c" + std::to_string(cluster_of[v]) + "-" + std::to_string(v - offsets[cluster_of[v]]));

  const double bytes = 1e6, t1 = parameters.unit + bytes / parameters.bandwidth;  // 1.8 ms
  const BroadcastTree tree = schedule_to_tree(schedule, host_of_node, platform.size(), t1);
  double makespan = 0;
  sg4::Actor::create("controller", platform.hosts()[host_of_node[0]], [&] {
    auto broadcast = TreeBroadcast::start(tree, platform.hosts(), ReplayOptions{bytes, 1, PortModel::one_port, "lcf"});
    broadcast->wait();
    makespan = broadcast->result().makespan;
  });
  const auto run_start = std::chrono::steady_clock::now();
  engine.run();
  const double run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - run_start).count();
  EXPECT_NEAR(makespan, units * t1, 1e-9 * makespan);
  RecordProperty("hosts", static_cast<int>(platform.size()));
  std::printf("2000 clusters, %zu hosts: LCF %g units, replayed %.9f s = %.9f x T1; load %.1f s, replay %.1f s, "
              "total %.1f s\n",
              platform.size(), units, makespan, makespan / t1, load_seconds, run_seconds,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
}
