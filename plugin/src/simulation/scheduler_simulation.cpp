#include <hbcast/simulation/scheduler_simulation.hpp>

#include <hbcast/core/participant_tree.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/participant_cost_model.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/direct_link_topology.hpp>
#include <hbcast/platform/engine_teardown.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>
#include <hbcast/simulation/multicast_members.hpp>
#include <hbcast/util/mix_seed.hpp>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>

namespace sg4 = simgrid::s4u;

namespace hbcast::cli {
namespace {

// Past ~30,000 actors SimGrid runs out of memory maps (one guard page per stack). On large
// platforms we drop the guards and shrink the stacks, which SimGrid then allocates (and zeroes)
// on the heap: 32 KiB is ample for the replay's shallow actors and keeps 100,000 hosts near 3.6 GB.
// (The event-driven replay has no actors; the actor-per-host one takes over on large trees.)
constexpr std::size_t kLargePlatformHosts = 20000;
const std::vector<std::pair<std::string, std::string>> kLargePlatformContexts = {{"contexts/guard-size", "0"},
                                                                                 {"contexts/stack-size", "32"}};

std::string config_key(const std::string& key_value)
{
  return key_value.substr(0, key_value.find(':'));
}

bool user_sets(const std::vector<std::string>& user_config, const std::string& key)
{
  return std::any_of(user_config.begin(), user_config.end(),
                     [&](const std::string& entry) { return config_key(entry) == key; });
}

void set_defaults(sg4::Engine& engine, const std::vector<std::pair<std::string, std::string>>& defaults,
                  const std::vector<std::string>& user_config)
{
  for (const auto& [key, value] : defaults)
    if (!user_sets(user_config, key))
      engine.set_config(key + ":" + value);
}

void configure_engine(sg4::Engine& engine, const std::vector<std::string>& user_config)
{
  for (const auto& entry : user_config)
    if (entry.find(':') == std::string::npos)
      throw PlatformError("SimGrid option '--cfg=" + entry + "' is not of the form key:value");
  set_defaults(engine, exact_mode_settings(), user_config);
  for (const auto& entry : user_config) {
    try {
      engine.set_config(entry);
    } catch (const std::exception& error) {
      const std::string reason = error.what();
      throw PlatformError("SimGrid option '--cfg=" + entry + "' rejected: " + reason.substr(0, reason.find('\n')));
    }
  }
}

// Effective network settings, read after the platform (and so the network model) is loaded.
std::pair<std::string, std::vector<std::string>> network_mode()
{
  namespace cfg = simgrid::config;
  const std::string model = cfg::get_value<std::string>("network/model");
  const bool cross_traffic = cfg::get_value<bool>("network/crosstraffic");
  const double gamma = cfg::get_value<double>("network/TCP-gamma");
  const double latency_factor = cfg::get_value<double>("network/latency-factor");
  const double bandwidth_factor = cfg::get_value<double>("network/bandwidth-factor");
  const bool exact = model == "CM02" && !cross_traffic && gamma >= 1e30 && latency_factor == 1.0 &&
                     bandwidth_factor == 1.0;
  return {exact ? "exact" : "SimGrid-configured",
          {"network/model:" + model, fmt::format("network/crosstraffic:{}", cross_traffic ? 1 : 0),
           fmt::format("network/TCP-gamma:{:g}", gamma), fmt::format("network/latency-factor:{:g}", latency_factor),
           fmt::format("network/bandwidth-factor:{:g}", bandwidth_factor)}};
}

Figures predict(const BroadcastTree& tree, const CostModel& costs, double message_bytes, std::size_t slices,
                PortModel port, std::vector<double>* ready_times = nullptr)
{
  Figures figures;
  if (slices == 1) {
    auto atomic = evaluate_atomic(tree, costs, message_bytes, port);
    figures.makespan = atomic.makespan;
    if (ready_times)
      *ready_times = std::move(atomic.ready_time);
    return figures;
  }
  auto pipelined = evaluate_pipelined(tree, costs, slice_size(message_bytes, slices), slices, port);
  figures.makespan = pipelined.makespan;
  figures.period = pipelined.period;
  figures.throughput = pipelined.throughput;
  if (ready_times)
    *ready_times = std::move(pipelined.completion_time);
  return figures;
}

std::vector<std::string> names_of(const std::vector<NodeId>& nodes, const std::vector<std::string>& host_names)
{
  std::vector<std::string> names;
  for (NodeId v : nodes)
    names.push_back(host_names[v]);
  return names;
}

// The broadcast tree, or the multicast tree over the members (method and recruits noted in `run`).
ScheduleResult schedule_tree(const SchedulerInfo& scheduler, const BroadcastInstance& instance, NodeId root,
                             const std::vector<NodeId>& members, SchedulerRun& run)
{
  if (members.empty())
    return run_scheduler(scheduler, instance, root);
  auto multicast = run_multicast_scheduler(scheduler, instance, root, members);
  run.multicast_method = multicast.method;
  run.recruited = names_of(multicast.recruited, instance.host_names());
  return std::move(multicast.schedule);
}

// Every host of a broadcast (no participant list), or a multicast's participants in their order.
std::vector<sg4::Host*> hosts_of(const std::vector<NodeId>& participants, const std::vector<sg4::Host*>& hosts)
{
  if (participants.empty())
    return hosts;
  std::vector<sg4::Host*> chosen;
  for (NodeId v : participants)
    chosen.push_back(hosts[v]);
  return chosen;
}

// A multicast's per-participant values back on every host; -1 for the hosts it leaves out.
std::vector<double> spread_to_hosts(const std::vector<double>& values, const std::vector<NodeId>& participants,
                                    std::size_t host_count)
{
  if (values.empty())
    return {};
  std::vector<double> spread(host_count, -1.0);
  for (std::size_t k = 0; k < participants.size(); ++k)
    spread[participants[k]] = values[k];
  return spread;
}

std::vector<std::string> engine_arguments(const SimulateOptions& options)
{
  // SimGrid announces every configuration change at INFO level; keep the report clean unless asked.
  std::vector<std::string> arguments{"hbcast", "--log=xbt_cfg.thres:warning"};
  for (const auto& log : options.simgrid_log)
    arguments.push_back("--log=" + log);
  return arguments;
}

}  // namespace

std::string default_platform_path()
{
  std::vector<std::string> directories;
  if (const char* env = std::getenv("HBCAST_PLATFORM_DIR"))
    directories.emplace_back(env);
  directories.emplace_back(HBCAST_INSTALLED_PLATFORM_DIR);
  directories.emplace_back(HBCAST_SOURCE_PLATFORM_DIR);
  for (const auto& directory : directories) {
    std::string candidate = directory + "/grid5000_88.xml";
    if (std::ifstream(candidate).good())
      return candidate;
  }
  throw PlatformError("the default platform grid5000_88.xml was not found (set HBCAST_PLATFORM_DIR)");
}

SimulationReport simulate_scheduler(const SimulateOptions& options, const std::string& scheduler_name)
{
  const auto wall_start = std::chrono::steady_clock::now();
  const SchedulerInfo* scheduler = find_scheduler(scheduler_name);
  if (scheduler == nullptr)
    throw PlatformError("unknown scheduler '" + scheduler_name + "'");
  const PortModel port = parse_port_model(options.port).value();

  set_activity("starting SimGrid");
  auto arguments = engine_arguments(options);
  std::vector<char*> argv;
  for (auto& argument : arguments)
    argv.push_back(argument.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(arguments.size());
  auto engine_owner = std::make_unique<sg4::Engine>(&argc, argv.data());
  sg4::Engine& engine = *engine_owner;
  configure_engine(engine, options.simgrid_config);

  SimulationReport report;
  report.platform = options.platform.empty() ? default_platform_path() : options.platform;
  auto platform = LoadedPlatform::load(engine, report.platform);
  if (platform.size() > kLargePlatformHosts)
    set_defaults(engine, kLargePlatformContexts, options.simgrid_config);
  auto costs = std::make_shared<PlatformCostModel>(platform);
  const NodeId root = options.random_root_seed ? mix_seed(*options.random_root_seed) % platform.size()
                      : options.root.empty()   ? 0
                      : options.root == "fastest"
                          ? fastest_processor(SenderOnlyModel::from_pairwise(*costs).transmission_times(
                                slice_size(options.message_bytes, options.slices)))
                          : platform.index_of(options.root);
  if (!options.instance_description.empty())
    report.platform = options.instance_description;
  std::tie(report.mode, report.network_config) = network_mode();
  report.host_count = platform.size();
  report.root = platform.host_names()[root];
  report.message_bytes = options.message_bytes;
  report.slices = options.slices;
  report.slice_bytes = slice_size(options.message_bytes, options.slices);
  report.port = to_string(port);

  set_activity("building the %s tree", scheduler_name.c_str());
  std::shared_ptr<const CostModel> scheduler_costs = costs;
  if (options.model == "sender-only")
    scheduler_costs = std::make_shared<SenderOnlyModel>(SenderOnlyModel::from_pairwise(*costs));
  BroadcastInstance instance(scheduler_costs, platform.host_names(), report.slice_bytes, port);
  instance.set_topology(direct_link_topology(*costs));
  report.has_platform_graph = instance.has_topology();
  if (options.steady_state_bound) {
    set_activity("solving the steady-state LP");
    auto lp = std::make_shared<const SteadyStateSolution>(
        solve_steady_state_broadcast(instance.topology("the steady-state LP"), root, report.slice_bytes));
    report.lp_throughput = lp->bytes_per_second;
    instance.set_steady_state(lp, root);  // lp-prune and lp-grow-tree reuse it
  }
  const std::vector<NodeId> members = requested_members(options, platform.host_names(), root);
  SchedulerRun run;
  run.scheduler = scheduler_name;
  if (!members.empty()) {
    report.members = names_of(members, platform.host_names());
    report.member_selection = describe_member_selection(options);
  }
  const ScheduleResult scheduled = schedule_tree(*scheduler, instance, root, members, run);
  run.own_model = scheduled.own_model_name;
  run.optimality = scheduled.optimality;
  const CostModel& own = scheduled.own_model ? *scheduled.own_model : *costs;
  // A multicast tree reaches only its participants: predict and replay it renumbered over them.
  const ParticipantTree participants =
      members.empty() ? ParticipantTree{scheduled.tree, {}} : participant_tree(scheduled.tree);
  const BroadcastTree& tree = participants.tree;
  std::optional<ParticipantCostModel> own_view, pairwise_view;
  const CostModel& own_costs = members.empty() ? own : own_view.emplace(own, participants.participants);
  const CostModel& pairwise_costs =
      members.empty() ? static_cast<const CostModel&>(*costs) : pairwise_view.emplace(*costs, participants.participants);
  std::vector<double> ready_times;
  run.own = predict(tree, own_costs, options.message_bytes, options.slices, port);
  run.pairwise = predict(tree, pairwise_costs, options.message_bytes, options.slices, port,
                         options.keep_trees ? &ready_times : nullptr);
  run.ready_times = members.empty() ? std::move(ready_times)
                                    : spread_to_hosts(ready_times, participants.participants, platform.size());

  set_activity("replaying the %s tree", scheduler_name.c_str());
  ReplayResult replay = replay_tree(engine, tree, hosts_of(participants.participants, platform.hosts()),
                                    {options.message_bytes, options.slices, port, "hbcast-" + scheduler_name});
  run.simulated.makespan = replay.makespan;
  if (options.slices > 1) {
    run.simulated.period = replay.period;
    run.simulated.throughput = replay.throughput;
  }
  run.transfers = replay.transfer_count;
  if (options.keep_trees)
    report.host_names = platform.host_names();
  if (options.keep_trees)
    for (NodeId u = 0; u < scheduled.tree.size(); ++u)
      run.children.push_back(scheduled.tree.children(u));
  run.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  report.runs.push_back(std::move(run));
  skip_engine_teardown(engine_owner);  // this runs in a child that exits once the report is out
  return report;
}

}  // namespace hbcast::cli
