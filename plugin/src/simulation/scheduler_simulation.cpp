#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/size_factor_config.hpp>
#include <hbcast/platform/link_scaling.hpp>
#include <hbcast/simulation/simulation_session.hpp>

#include <hbcast/simulation/slice_limits.hpp>
#include <hbcast/simulation/smpi_run.hpp>
#include <hbcast/core/participant_tree.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/contention_analysis.hpp>
#include <hbcast/eval/link_prediction.hpp>
#include <hbcast/eval/link_slice_choice.hpp>
#include <hbcast/eval/max_min_prediction.hpp>
#include <hbcast/sched/link_aware_seeds.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/model/participant_cost_model.hpp>
#include <hbcast/model/scheduler_not_applicable.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/platform/engine_teardown.hpp>
#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/platform/platform_cost_model.hpp>
#include <hbcast/platform/platform_error.hpp>
#include <hbcast/platform_graph/steady_state_lp.hpp>
#include <hbcast/platform/platform_link_model.hpp>
#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/replay/replay_tree.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/sender_only/multicast_schedule.hpp>
#include <hbcast/sender_only/sender_only_times.hpp>
#include <hbcast/eval/slice_choice.hpp>
#include <hbcast/simulation/best_plan.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/multicast_members.hpp>
#include <hbcast/simulation/multi_tree_run.hpp>
#include <hbcast/simulation/platform_graph_choice.hpp>
#include <hbcast/simulation/replay_figures.hpp>
#include <hbcast/simulation/scheduler_parameters.hpp>
#include <hbcast/util/mix_seed.hpp>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
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
// The report names this many of the worst over-subscribed links per scheduler.
constexpr std::size_t kWorstLinksShown = 3;
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

// Exact mode is hbcast's default only while the user leaves the network model alone: a user who
// picks one (e.g. LV08) gets SimGrid's model as SimGrid defines it, with none of hbcast's keys
// underneath.
std::vector<std::pair<std::string, std::string>> hbcast_network_defaults(const std::vector<std::string>& user_config)
{
  if (user_sets(user_config, "network/model"))
    return {};
  std::vector<std::pair<std::string, std::string>> defaults;
  for (const auto& setting : exact_mode_settings())
    if (!user_sets(user_config, setting.first))
      defaults.push_back(setting);
  return defaults;
}

void configure_engine(sg4::Engine& engine, const std::vector<std::string>& user_config)
{
  for (const auto& entry : user_config)
    if (entry.find(':') == std::string::npos)
      throw PlatformError("SimGrid option '--cfg=" + entry + "' is not of the form key:value");
  set_defaults(engine, hbcast_network_defaults(user_config), user_config);
  for (const auto& entry : user_config) {
    try {
      engine.set_config(entry);
    } catch (const std::exception& error) {
      const std::string reason = error.what();
      throw PlatformError("SimGrid option '--cfg=" + entry + "' rejected: " + reason.substr(0, reason.find('\n')));
    }
  }
  // SimGrid 3.32's topology trace fails while loading Floyd zones ("No route from ...", grid5000_88)
  // and cluster SPLITDUPLEX links ("container ... not found"): off unless the user asks for it.
  if (user_sets(user_config, "tracing") && !user_sets(user_config, "tracing/platform/topology"))
    engine.set_config("tracing/platform/topology:no");
}

// Who set each reported network key: "user" (--cfg), "hbcast" (exact mode), absent: SimGrid's default.
std::map<std::string, std::string> network_config_origin(const std::vector<std::string>& user_config)
{
  std::map<std::string, std::string> origin;
  for (const auto& [key, value] : hbcast_network_defaults(user_config))
    origin[key] = "hbcast";
  for (const auto& entry : user_config)
    origin[config_key(entry)] = "user";
  return origin;
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
  std::vector<std::string> settings = {"network/model:" + model,
                                       fmt::format("network/crosstraffic:{}", cross_traffic ? 1 : 0),
                                       fmt::format("network/TCP-gamma:{:g}", gamma)};
  // SMPI's model takes its size factors (smpi/lat-factor, smpi/bw-factor), not these two.
  if (model != "SMPI") {
    settings.push_back(fmt::format("network/latency-factor:{:g}", latency_factor));
    settings.push_back(fmt::format("network/bandwidth-factor:{:g}", bandwidth_factor));
  }
  return {exact ? "exact" : "SimGrid-configured", settings};
}

// How the root was chosen, for the record.
std::string root_choice(const SimulateOptions& options)
{
  if (options.random_root_seed)
    return fmt::format("random (seed {})", *options.random_root_seed);
  if (options.root.empty())
    return "first host";
  if (options.root == "fastest")
    return "fastest (smallest sender-only t_u)";
  return "given";
}

// Multi-port only: where each host's send overhead came from (host_send_overhead's rule), counted.
std::string send_overhead_rule(const PlatformCostModel& costs)
{
  std::map<std::string, std::size_t> counts;
  for (NodeId u = 0; u < costs.size(); ++u)
    ++counts[to_string(costs.send_overhead_of(u).origin)];
  std::vector<std::string> parts;
  for (const auto& [origin, count] : counts)
    parts.push_back(fmt::format("{} ({} hosts)", origin, count));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// The largest simulated - predicted time a node holds the message (its last slice), and the node.
std::pair<double, NodeId> largest_lateness(const std::vector<double>& simulated, const std::vector<double>& predicted)
{
  std::pair<double, NodeId> largest{-INFINITY, 0};
  for (NodeId v = 0; v < simulated.size() && v < predicted.size(); ++v)
    if (simulated[v] - predicted[v] > largest.first)
      largest = {simulated[v] - predicted[v], v};
  return largest;
}

// What sets a pipelined tree's period, for people: "link NAME" or "ports of HOST".
std::string bottleneck_name(const PeriodBottleneck& bottleneck, const std::vector<std::string>& host_names)
{
  switch (bottleneck.kind) {
    case PeriodBottleneck::Kind::link:
      return "link " + bottleneck.name;
    case PeriodBottleneck::Kind::port:
      return "ports of " + host_names.at(bottleneck.node);
    case PeriodBottleneck::Kind::pace:
      return "pace";
    case PeriodBottleneck::Kind::none:
      break;
  }
  return {};
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

// An atomic replay's transfers as it ran them, [comm start, arrival), in platform host numbers
// (`tree` is over the participants; none listed: a broadcast, numbered as the platform).
std::vector<TimedTransfer> replayed_transfers(const BroadcastTree& tree, const ReplayResult& replay,
                                              const std::vector<NodeId>& participants)
{
  const auto host = [&](NodeId node) {
    return static_cast<std::uint32_t>(participants.empty() ? node : participants[node]);  // platform hosts: < 2^32
  };
  std::vector<TimedTransfer> transfers;
  for (NodeId parent = 0; parent < tree.size(); ++parent)
    for (NodeId child : tree.children(parent))
      transfers.push_back({host(parent), host(child), replay.receive_start[child], replay.completion_time[child]});
  return transfers;
}

// Every transfer of the replayed tree: its pairwise [start, end) and the replay's (for --gantt).
std::vector<GanttBar> gantt_bars(const BroadcastTree& tree, const CostModel& costs, double bytes, PortModel port,
                                 const ReplayResult& replay, const std::vector<std::string>& names)
{
  std::vector<GanttBar> bars;
  for (const auto& transfer : timed_transfers(tree, costs, bytes, port))
    bars.push_back({names[transfer.from], names[transfer.to], transfer.start, transfer.end,
                    replay.receive_start[transfer.to], replay.completion_time[transfer.to]});
  return bars;
}

std::vector<std::string> engine_arguments(const SimulateOptions& options)
{
  // SimGrid announces every configuration change at INFO level; keep the report clean unless asked.
  std::vector<std::string> arguments{"hbcast", "--log=xbt_cfg.thres:warning"};
  for (const auto& log : options.simgrid_log)
    arguments.push_back("--log=" + log);
  return arguments;
}

// The process's one engine, with hbcast's network defaults under the user's --cfg.
std::unique_ptr<sg4::Engine> start_engine(const SimulateOptions& options)
{
  set_activity("starting SimGrid");
  static std::vector<std::string> arguments;  // one engine per process: SimGrid may keep argv
  arguments = engine_arguments(options);
  std::vector<char*> argv;
  for (auto& argument : arguments)
    argv.push_back(argument.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(arguments.size());
  auto engine = std::make_unique<sg4::Engine>(&argc, argv.data());
  configure_engine(*engine, split_size_factors(options.simgrid_config).simgrid_config);
  return engine;
}

// --root: a seeded draw, the first host, the fastest sender (smallest sender-only t_u) or a name.
// `costs` is needed for the fastest root only.
NodeId chosen_root(const SimulateOptions& options, const LoadedPlatform& platform, const PlatformCostModel* costs)
{
  if (options.random_root_seed)
    return mix_seed(*options.random_root_seed) % platform.size();
  if (options.root.empty())
    return 0;
  if (options.root == "fastest")
    return fastest_processor(SenderOnlyModel::from_pairwise(*costs).transmission_times(
        slice_size(options.message_bytes, options.slices)));
  return platform.index_of(options.root);
}

// Every option that changes results, beyond those the report has fields for.
void record_options(SimulationReport& report, const SimulateOptions& options, const PlatformCostModel& costs,
                    PortModel port)
{
  report.scheduler_model = options.model;
  report.root_choice = root_choice(options);
  report.platform_graph = options.platform_graph;
  std::vector<std::string> every_scheduler;  // the requested ones were checked by run_simulate
  for (const auto& scheduler : scheduler_registry())
    every_scheduler.push_back(scheduler.name);
  report.scheduler_parameters = parse_scheduler_parameters(options.scheduler_parameters, every_scheduler);
  report.network_config_origin = network_config_origin(options.simgrid_config);
  if (port == PortModel::multi_port)
    report.send_overhead_rule = send_overhead_rule(costs);
}

// Per-node lateness over the replayed (participant) tree, named by host.
void record_lateness(SchedulerRun& run, const ReplayResult& replay, const std::vector<double>& predicted,
                     const std::vector<NodeId>& participants, const std::vector<std::string>& host_names)
{
  const auto [lateness, node] = largest_lateness(replay.completion_time, predicted);
  run.lateness = lateness;
  run.latest_host = host_names[participants.empty() ? node : participants[node]];
}

// The tree in the run, for --dot: children in send order and the send starts of timed schedules.
void keep_tree(SchedulerRun& run, const BroadcastTree& tree)
{
  for (NodeId u = 0; u < tree.size(); ++u)
    run.children.push_back(tree.children(u));
  if (tree.has_send_starts())
    for (NodeId u = 0; u < tree.size(); ++u)
      run.send_starts.push_back(tree.send_start(u).value_or(-1.0));
  run.slice_period = tree.slice_period();
}

// How much later the runner-up finishes than the winner, relative to it: 0 when both take no time
// (a platform of one host), infinite when only the winner does.
double relative_margin(double runner_up, double winner)
{
  if (runner_up == winner)
    return 0.0;
  return winner > 0.0 ? runner_up / winner - 1.0 : std::numeric_limits<double>::infinity();
}

// A tree may use only the pairs the platform routes: a scheduler that does not choose among them
// (a fixed shape, or a model without pairs) does not apply where its tree needs another.
void check_routed(const BroadcastTree& tree, const PlatformCostModel& costs, const std::vector<std::string>& names)
{
  for (NodeId u = 0; u < tree.size(); ++u)
    for (NodeId v : tree.children(u))
      if (!costs.route(u, v).routable())
        throw SchedulerNotApplicable(fmt::format(
            "its tree sends from '{}' to '{}', a pair the platform does not route (a broadcast needs only the pairs "
            "it uses, but this scheduler does not choose among the routed ones)",
            names[u], names[v]));
}

// Every host (every member, in a multicast) must be reachable from the root through relays.
void check_reachable(const PlatformCostModel& costs, const std::vector<std::string>& names, NodeId root,
                     const std::vector<NodeId>& members)
{
  const std::vector<bool> reached = costs.reached_from(root);
  const auto report = [&](NodeId v, const char* what) {
    throw PlatformError(fmt::format("{} '{}' cannot be reached from the root '{}': the platform routes no pair that "
                                    "leads to it from the root or from a host the root reaches",
                                    what, names[v], names[root]));
  };
  if (members.empty()) {
    for (NodeId v = 0; v < reached.size(); ++v)
      if (!reached[v])
        report(v, "host");
  } else {
    for (NodeId v : members)
      if (!reached[v])
        report(v, "member");
  }
}

// What one scheduler works on, set up once per process.
struct SimulationSetup {
  sg4::Engine& engine;
  const LoadedPlatform& platform;
  std::shared_ptr<const PlatformCostModel> costs;
  std::shared_ptr<const PlatformLinkModel> links;
  const BroadcastInstance& instance;
  NodeId root;
  std::vector<NodeId> members;  ///< empty: a broadcast
  PortModel port;
  /// Hears of the run once its tree is predicted, before the replay (which may not finish).
  std::function<void(const SchedulerRun&)> predicted;
};

// Where a run's tree comes from: a scheduler, or a given tree (the run notes the multicast method).
using TreeSource = std::function<ScheduleResult(const SimulationSetup&, SchedulerRun&)>;

// The registry's scheduler `scheduler`.
TreeSource scheduler_source(const SchedulerInfo& scheduler, const SimulateOptions& options)
{
  return [&scheduler, &options](const SimulationSetup& setup, SchedulerRun& run) {
    if (scheduler.needs_platform_graph && !setup.instance.has_topology() && options.platform_graph != "direct" &&
        setup.platform.size() > kRoutedGraphHostLimit)
      throw SchedulerNotApplicable(fmt::format(
          "{} needs a platform graph: direct host-to-host links do not reach every host here, and routed graphs "
          "are built up to {} hosts (this platform has {})",
          scheduler.name, kRoutedGraphHostLimit, setup.platform.size()));
    return schedule_tree(scheduler, setup.instance, setup.root, setup.members, run);
  };
}

// A given tree (GivenTree): rebuilt over the platform's hosts, predicted by its scheduler's own
// model when it names one (that scheduler runs for its model only), else by the pairwise model.
TreeSource given_tree_source(const GivenTree& given)
{
  return [&given](const SimulationSetup& setup, SchedulerRun& run) {
    const auto& names = setup.platform.host_names();
    if (given.plan.root != names[setup.root])
      throw std::invalid_argument(fmt::format("tree '{}' is rooted at '{}', the broadcast at '{}'", given.name,
                                              given.plan.root, names[setup.root]));
    ScheduleResult result;
    if (!given.own_scheduler.empty()) {
      const SchedulerInfo* scheduler = find_scheduler(given.own_scheduler);
      if (scheduler == nullptr)
        throw std::invalid_argument("unknown scheduler '" + given.own_scheduler + "' (see 'hbcast schedulers')");
      SchedulerRun ignored;
      const ScheduleResult own = schedule_tree(*scheduler, setup.instance, setup.root, setup.members, ignored);
      result.own_model = own.own_model;
      result.own_model_name = own.own_model_name;
    } else {
      result.own_model_name = "given tree (pairwise)";
    }
    for (const auto& plan_tree : given.plan.trees) {
      BroadcastTree tree = to_broadcast_tree(plan_tree, names, given.plan.root);
      if (setup.members.empty())
        validate_tree(tree, names);
      result.weighted_trees.push_back({plan_tree.weight, std::move(tree)});
    }
    // One tree is a tree; several are a multi-tree plan, whose heaviest tree stands for it (--dot).
    result.tree = std::max_element(result.weighted_trees.begin(), result.weighted_trees.end(),
                                   [](const auto& a, const auto& b) { return a.weight < b.weight; })
                      ->tree;
    if (result.weighted_trees.size() == 1 && given.plan.form == "concurrent")
      result.weighted_trees.clear();
    if (const auto form = multi_tree_form_named(given.plan.form)) {
      result.form = *form;
      result.form_slices = given.plan.form_slices;
    }
    if (given.plan.message_bytes > 0.0 && !result.weighted_trees.empty())
      result.rate_slice_bytes = slice_size(given.plan.message_bytes, given.plan.slices);
    if (given.plan.form == "periodic")
      result.periodic_schedule = to_periodic_schedule(given.plan, names);
    if (!setup.members.empty()) {
      validate_multicast_tree(result.tree, setup.members);
      run.multicast_method = "given tree";
    }
    return result;
  };
}

// The options a run uses: under --slices auto, the slice count minimising this tree's (or plan's)
// predicted makespan. A single tree is ranked by its prediction with the platform's links (exact, or
// the estimate that honours every link's capacity), starting from the affine choice; a scheduler
// whose tree depends on the slice count (`rebuilt_for_slices`: the link-aware ones pace their slices)
// is rebuilt at each count tried, and `scheduled` becomes its tree at the count chosen. A multi-tree
// plan is packed again for the count chosen (packs_for_other_slices). The run records the slice
// count and port model it used.
SimulateOptions with_run_slices(const SimulateOptions& requested, ScheduleResult& scheduled, const TreeSource& source,
                                bool rebuilt_for_slices, const SimulationSetup& setup, SchedulerRun& run)
{
  SimulateOptions options = requested;
  if (requested.slices_auto) {
    set_activity("choosing the slice count of the %s plan", run.scheduler.c_str());
    std::vector<BroadcastTree> trees;
    std::vector<double> weights;
    plan_of(scheduled, trees, weights);
    const PortAndLinkPredictor predictor(*setup.costs, setup.links.get());
    const std::size_t bound =
        auto_slice_bound(setup.platform.size(), requested.message_bytes, requested.max_slices);
    options.slices =
        choose_slice_count(*predictor.prepare(trees, weights, setup.port), requested.message_bytes, bound).slices;
    // The scheduler's answer on the instance cut into `slices` slices.
    const auto schedule_for = [&](std::size_t slices) {
      const auto instance = setup.instance.for_slices(slice_size(requested.message_bytes, slices), slices);
      const SimulationSetup at{setup.engine, setup.platform, setup.costs, setup.links, *instance,
                               setup.root,   setup.members,  setup.port,  {}};
      return source(at, run);
    };
    if (packs_for_other_slices(scheduled, requested.message_bytes, options.slices))
      scheduled = schedule_for(options.slices);
    if (scheduled.weighted_trees.empty() && setup.links && setup.members.empty()) {
      std::map<std::size_t, ScheduleResult> built;  // K -> the tree built for K slices
      const TreeForSlices tree_for = [&](std::size_t slices) -> const BroadcastTree& {
        if (!rebuilt_for_slices)
          return scheduled.tree;
        auto tree = built.find(slices);
        if (tree == built.end()) {
          // Ranked without the seed trees left to contend; the count chosen is built with them.
          const WithoutContendingSeeds ranking_only;
          tree = built.emplace(slices, schedule_for(slices)).first;
        }
        return tree->second.tree;
      };
      options.slices = choose_slice_count_with_links(tree_for, *setup.costs, *setup.links, requested.message_bytes,
                                                     bound, setup.port, options.slices, true, rebuilt_for_slices)
                           .slices;
      if (rebuilt_for_slices)
        scheduled = schedule_for(options.slices);
    }
    options.slices_auto = false;
  }
  run.slices = options.slices;
  run.port = to_string(setup.port);
  return options;
}

// The first pair the platform does not route, looked for in the block table (one route per block
// pair; none without a table).
std::optional<std::pair<NodeId, NodeId>> first_unrouted_pair(const PlatformCostModel& costs)
{
  if (!costs.has_block_table())
    return std::nullopt;
  const HostBlocks& blocks = costs.blocks();
  for (std::size_t a = 0; a < blocks.count(); ++a)
    for (std::size_t b = 0; b < blocks.count(); ++b) {
      const NodeId u = blocks.first(a);
      const NodeId v = a != b ? blocks.first(b) : blocks.second(b);
      if (u != v && !costs.route(u, v).routable())
        return std::make_pair(u, v);
    }
  return std::nullopt;
}

// A scheduler whose model needs a finite cost for every pair refuses a platform that leaves some
// unrouted (its instance checks say "must be finite"): that is a scheduler that does not apply,
// not one that failed.
ScheduleResult schedule_or_not_applicable(const TreeSource& source, const SimulationSetup& setup, SchedulerRun& run)
{
  try {
    return source(setup, run);
  } catch (const SchedulerNotApplicable&) {
    throw;
  } catch (const std::invalid_argument& error) {
    const auto pair = first_unrouted_pair(*setup.costs);
    if (!pair)
      throw;
    const auto& names = setup.platform.host_names();
    throw SchedulerNotApplicable(fmt::format(
        "its model needs a cost for every pair of hosts, and from '{}' to '{}' is a pair the platform does not route "
        "({})",
        names[pair->first], names[pair->second], error.what()));
  }
}

// The scheduler's part of a simulation: its tree, its predictions, its replay.
SchedulerRun run_on(const std::string& scheduler_name, const TreeSource& source, const SimulationSetup& setup,
                    const SimulateOptions& requested, bool rebuilt_for_slices = false)
{
  const auto& [engine, platform, costs, links, instance, root, members, port, predicted] = setup;
  SchedulerRun run;
  run.scheduler = scheduler_name;
  const auto schedule_start = std::chrono::steady_clock::now();
  ScheduleResult scheduled = schedule_or_not_applicable(source, setup, run);
  check_routed(scheduled.tree, *costs, platform.host_names());
  for (const auto& weighted : scheduled.weighted_trees)
    check_routed(weighted.tree, *costs, platform.host_names());
  const double schedule_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - schedule_start).count();
  const SimulateOptions options = with_run_slices(requested, scheduled, source, rebuilt_for_slices, setup, run);
  if (rebuilt_for_slices)
    check_routed(scheduled.tree, *costs, platform.host_names());
  run.own_model = scheduled.own_model_name;
  run.optimality = scheduled.optimality;
  if (!scheduled.weighted_trees.empty()) {
    if (!members.empty())
      throw SchedulerNotApplicable(scheduler_name + ": a multi-tree plan broadcasts to every host");
    run.extraction_seconds = schedule_seconds;
    const double slice_bytes = slice_size(options.message_bytes, options.slices);
    // A form's caps and slots are rates of the plan's slices: with slices of another size they
    // would over- or under-fill the ports and links they were built for.
    if (scheduled.form != MultiTreeForm::concurrent && rates_for_other_slices(scheduled, slice_bytes))
      throw SchedulerNotApplicable(fmt::format(
          "its {} plan's rates are per slice of {:.0f} bytes and this run's slices are {:.0f} bytes: give the --size "
          "and --slices it was built with",
          to_string(scheduled.form), scheduled.rate_slice_bytes, slice_bytes));
    if (scheduled.steady_state_optimum > 0.0)  // a given plan packs no optimum
      run.steady_state_optimum = scheduled.steady_state_optimum *
                                 (scheduled.rate_slice_bytes > 0.0 ? scheduled.rate_slice_bytes : slice_bytes);
    simulate_multi_tree_plan(run, scheduled, engine, platform.hosts(), *costs, links.get(), options, port);
    if (options.keep_trees)
      keep_tree(run, scheduled.tree);  // the heaviest tree, for --dot's single-tree readers
    return run;
  }
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
  run.pairwise = predict(tree, pairwise_costs, options.message_bytes, options.slices, port, &ready_times);
  // The link analysis of every slice transfer can take longer than a run's share of its budget
  // on large platforms: the predictions are kept if it is stopped there.
  if (options.replay && predicted)
    predicted(run);

  std::optional<ContentionReport> analysis;
  // A link-aware scheduler's seed tree left to contend was chosen by its max-min figure, at any size.
  const bool contending_seed = scheduled.own_model_name == kContendingSeedModel;
  set_activity("analysing the link demands of the %s tree", scheduler_name.c_str());
  if (options.slices == 1) {
    // The pairwise prediction's ready times serve when the tree is the broadcast itself.
    analysis = members.empty()
                   ? analyze_contention(tree, *costs, options.message_bytes, ready_times, *links)
                   : analyze_contention(timed_transfers(scheduled.tree, *costs, options.message_bytes, port), *links);
    run.link = LinkFigures{run.pairwise.makespan, std::nullopt, analysis->links.empty(), {}};
    if (!analysis->links.empty() && (contending_seed || max_min_applies(scheduled.tree.size(), 1))) {
      // Over-subscribed: the replay shares the links, and so does the max-min prediction.
      run.link->makespan = predict_max_min(scheduled.tree, *costs, *links, options.message_bytes, 1, port).makespan;
      run.link->exact = true;
    }
  } else {
    // Every slice transfer of the ports' recurrence, on the platform's hosts (a multicast's tree too).
    LinkPrediction predicted =
        predict_with_links(scheduled.tree, *costs, *links, slice_size(options.message_bytes, options.slices),
                           options.slices, port, true, contending_seed);
    run.link = LinkFigures{predicted.makespan, predicted.period, predicted.exact,
                           bottleneck_name(predicted.bottleneck, platform.host_names())};
    analysis = std::move(predicted.contention);
  }
  run.contention = summarize_contention(*analysis, kWorstLinksShown);

  if (options.keep_trees) {
    run.ready_times = members.empty() ? ready_times
                                      : spread_to_hosts(ready_times, participants.participants, platform.size());
    keep_tree(run, scheduled.tree);
  }
  if (!options.replay)
    return run;
  if (predicted)
    predicted(run);
  set_activity("replaying the %s tree", scheduler_name.c_str());
  ReplayResult replay = replay_tree(engine, tree, hosts_of(participants.participants, platform.hosts()),
                                    {options.message_bytes, options.slices, port, "hbcast-" + scheduler_name});
  record_replay(run, replay, options.slices);
  if (options.slices == 1)
    run.contention->replay =
        compare_with_replay(*analysis, analyze_contention(replayed_transfers(tree, replay, participants.participants), *links));
  record_lateness(run, replay, ready_times, participants.participants, platform.host_names());
  if (options.keep_trees)
    run.replayed_times = members.empty() ? replay.completion_time
                                         : spread_to_hosts(replay.completion_time, participants.participants,
                                                           platform.size());
  if (!options.gantt_path.empty() && options.slices == 1)
    run.gantt = gantt_bars(tree, pairwise_costs, options.message_bytes, port, replay,
                           members.empty() ? platform.host_names()
                                           : names_of(participants.participants, platform.host_names()));
  return run;
}

// `best` replays at most this many of its candidates: the winner and, where a replay misses its
// prediction (contention the model does not see), the next ones whose predictions still beat the
// best replay so far.
constexpr std::size_t kBestFinalists = 4;

// Whether two candidates are the same plan: port model, slice count, weights and every tree's
// children in send order (a tree with send start times is never taken for another).
bool same_plan(const PlanCandidate& a, const PlanCandidate& b)
{
  if (a.port != b.port || a.choice.slices != b.choice.slices || a.weights != b.weights || a.trees.size() != b.trees.size())
    return false;
  for (std::size_t t = 0; t < a.trees.size(); ++t) {
    const BroadcastTree &x = a.trees[t], &y = b.trees[t];
    if (x.has_send_starts() || y.has_send_starts() || x.root() != y.root() || x.size() != y.size())
      return false;
    for (NodeId node = 0; node < x.size(); ++node)
      if (x.children(node) != y.children(node))
        return false;
  }
  return true;
}

// "chain, 50 slices, one-port"
std::string plan_label(const std::string& scheduler, std::size_t slices, const std::string& port)
{
  return fmt::format("{}, {} slice{}, {}", scheduler, slices, slices == 1 ? "" : "s", port);
}

// The candidate's schedule as SMPI is to run it. A link-aware tree is paced to the microsecond for
// its slices' bytes; SMPI's envelope makes each message longer, so that sends paced for the
// plan's bytes would meet on a shared link and share it, and every later send would be late.
// Such a tree is rebuilt for the bytes SMPI sends. Any other schedule is SMPI's as it is.
ScheduleResult schedule_for_smpi(const PlanCandidate& candidate, const BroadcastInstance& instance, NodeId root,
                                 double message_bytes)
{
  const SchedulerInfo* scheduler = find_scheduler(candidate.scheduler);
  if (scheduler == nullptr || !scheduler->needs_links || candidate.trees.size() != 1)
    return candidate.schedule;
  const std::size_t slices = candidate.choice.slices;
  try {
    return run_scheduler(
        *scheduler, *instance.for_slices(slice_size(message_bytes, slices) + kSmpiEnvelopeBytes, slices), root);
  } catch (const std::exception&) {  // SchedulerNotApplicable at these bytes: the plan's own tree
    return candidate.schedule;
  }
}

// The `best` scheduler: every other scheduler's tree or plan under each port model of `instances`,
// each at the slice count that minimises its predicted makespan, ranked by that prediction; the
// winner is replayed (and the next finalists while the replays miss their predictions), and the
// run reports the plan chosen and the runner-up.
//
// With `requested.best_finalists` (its plan is to be deployed in SMPI beside MPI's), the finalists
// are the first kBestFinalists - 1 by prediction and the first of the other port model, each as
// SMPI is to run it (schedule_for_smpi), all replayed and returned in `finalists`, so that the
// plan deployed is the fastest in SMPI.
SchedulerRun run_best(const SimulationSetup& setup, const std::vector<const BroadcastInstance*>& instances,
                      const SimulateOptions& requested, std::vector<SchedulerRun>& finalists)
{
  if (!setup.members.empty())
    throw SchedulerNotApplicable("best ranks broadcast plans: it does not multicast");
  set_activity("ranking the candidate plans of best");
  const PortAndLinkPredictor predictor(*setup.costs, setup.links.get());
  const std::size_t bound = auto_slice_bound(setup.platform.size(), requested.message_bytes, requested.max_slices);
  const PlanRanking ranking =
      rank_plans(instances, setup.root, predictor, requested.message_bytes, bound,
                 setup.links ? std::optional<LinkRanking>(LinkRanking{*setup.costs, *setup.links}) : std::nullopt);
  if (ranking.ranked.empty())
    throw SchedulerNotApplicable("best: no candidate plan could be built (" +
                                 (ranking.not_applicable.empty() ? std::string("no scheduler")
                                                                 : ranking.not_applicable.front()) +
                                 ")");
  std::optional<SchedulerRun> chosen;
  std::size_t chosen_rank = 0, replayed = 0;
  std::vector<std::pair<std::size_t, double>> replays;  // (rank, simulated makespan) of each finalist
  std::vector<std::size_t> finalist_ranks;
  // Many schedulers build the same tree here: each distinct plan is replayed once.
  std::vector<std::size_t> distinct;
  for (std::size_t k = 0; k < ranking.ranked.size(); ++k)
    if (std::none_of(distinct.begin(), distinct.end(),
                     [&](std::size_t d) { return same_plan(ranking.ranked[d], ranking.ranked[k]); }))
      distinct.push_back(k);
  std::vector<std::size_t> order = distinct;  // the candidates replayed, in this order
  if (requested.best_finalists && order.size() > kBestFinalists) {
    order.resize(kBestFinalists - 1);
    const auto other_port = std::find_if(distinct.begin() + (kBestFinalists - 1), distinct.end(), [&](std::size_t k) {
      return ranking.ranked[k].port != ranking.ranked[distinct.front()].port;
    });
    order.push_back(other_port == distinct.end() ? distinct[kBestFinalists - 1] : *other_port);
  }
  for (const std::size_t k : order) {
    if (replayed >= kBestFinalists)
      break;
    const PlanCandidate& candidate = ranking.ranked[k];
    if (!requested.best_finalists && chosen && candidate.choice.prediction.makespan >= chosen->simulated.makespan)
      break;
    SimulateOptions options = requested;
    options.slices = candidate.choice.slices;
    options.slices_auto = false;
    const auto instance = std::find_if(instances.begin(), instances.end(),
                                       [&](const BroadcastInstance* i) { return i->port() == candidate.port; });
    const SimulationSetup finalist{setup.engine,  setup.platform, setup.costs,   setup.links,
                                   **instance,    setup.root,     setup.members, candidate.port,
                                   {}};  // no partial figures: a finalist is not the run's row yet
    const ScheduleResult schedule = requested.best_finalists
                                        ? schedule_for_smpi(candidate, **instance, setup.root, requested.message_bytes)
                                        : candidate.schedule;
    SchedulerRun run =
        run_on("best", [&schedule](const SimulationSetup&, SchedulerRun&) { return schedule; }, finalist, options);
    ++replayed;
    replays.emplace_back(k, run.simulated.makespan);
    // Exact where the replay meets the plan's own prediction (the pipelined recurrence, or the plan's).
    const bool exact = run.simulated.makespan <= run.pairwise.makespan * (1 + 1e-9);
    if (requested.best_finalists) {
      finalists.push_back(run);
      finalist_ranks.push_back(k);
    }
    if (!chosen || run.simulated.makespan < chosen->simulated.makespan) {
      chosen = std::move(run);
      chosen_rank = k;
    }
    if (exact && !requested.best_finalists)
      break;
  }
  const PlanCandidate& winner = ranking.ranked[chosen_rank];
  BestChoice choice;
  choice.scheduler = winner.scheduler;
  choice.port = to_string(winner.port);
  choice.slices = winner.choice.slices;
  choice.predicted = winner.choice.prediction.makespan;
  // The runner-up by the measure that chose the winner: the replays when several were replayed,
  // else the predictions (the winner ranks first).
  std::optional<std::pair<std::size_t, double>> runner_up;
  if (replays.size() > 1) {
    for (const auto& replay : replays)
      if (replay.first != chosen_rank && (!runner_up || replay.second < runner_up->second))
        runner_up = replay;
    choice.margin_basis = "simulated";
    choice.margin = relative_margin(runner_up->second, chosen->simulated.makespan);
  } else if (ranking.ranked.size() > 1) {
    runner_up = {1, ranking.ranked[1].choice.prediction.makespan};
    choice.margin_basis = "predicted";
    choice.margin = relative_margin(runner_up->second, choice.predicted);
  }
  if (runner_up) {
    const PlanCandidate& second = ranking.ranked[runner_up->first];
    choice.runner_up = second.scheduler;
    choice.runner_up_port = to_string(second.port);
    choice.runner_up_slices = second.choice.slices;
    choice.runner_up_predicted = second.choice.prediction.makespan;
  }
  choice.candidates = ranking.ranked.size();
  choice.replayed = replayed;
  choice.predictor = setup.links ? predictor.name() + "; single trees with the links (exact, or a bound)"
                                 : predictor.name();
  choice.not_applicable = ranking.not_applicable;
  chosen->own_model = fmt::format("best of {} plans: {}", choice.candidates,
                                  plan_label(choice.scheduler, choice.slices, choice.port));
  if (!choice.runner_up.empty())
    chosen->own_model += fmt::format("; runner-up {} {:+.1f}% ({})",
                                     plan_label(choice.runner_up, choice.runner_up_slices, choice.runner_up_port),
                                     100.0 * choice.margin, choice.margin_basis);
  // Each finalist says what it is, should SMPI choose it: the same ranking, its own plan.
  for (std::size_t f = 0; f < finalists.size(); ++f) {
    const PlanCandidate& candidate = ranking.ranked[finalist_ranks[f]];
    BestChoice own = choice;
    own.scheduler = candidate.scheduler;
    own.port = to_string(candidate.port);
    own.slices = candidate.choice.slices;
    own.predicted = candidate.choice.prediction.makespan;
    finalists[f].own_model =
        fmt::format("best of {} plans: {}", choice.candidates, plan_label(own.scheduler, own.slices, own.port));
    finalists[f].best = std::move(own);
  }
  chosen->best = std::move(choice);
  return std::move(*chosen);
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

SessionPlatform::~SessionPlatform()
{
  skip_engine_teardown(engine);
}

std::shared_ptr<SessionPlatform> load_session_platform(const SimulateOptions& options,
                                                       const PlatformCostModel::Progress& progress)
{
  auto loaded = std::make_shared<SessionPlatform>();
  loaded->engine = start_engine(options);
  loaded->simgrid_config = options.simgrid_config;
  loaded->simgrid_log = options.simgrid_log;
  loaded->path = options.platform.empty() ? default_platform_path() : options.platform;
  loaded->platform = LoadedPlatform::load(*loaded->engine, loaded->path);
  // SMPI's size factors (--cfg smpi/lat-factor, smpi/bw-factor, network/model:SMPI): every link as
  // a transfer of one slice sees it, for the predictions, the link models and the replay alike.
  if (const SizeFactorConfig size_factors = split_size_factors(options.simgrid_config); size_factors.factors) {
    loaded->factor_slice_bytes = slice_size(options.message_bytes, options.slices);
    scale_links(*loaded->engine, size_factors.factors->latency.at(loaded->factor_slice_bytes),
                size_factors.factors->bandwidth.at(loaded->factor_slice_bytes));
  }
  check_slice_memory(loaded->platform.size(), options.slices);
  if (loaded->platform.size() > kLargePlatformHosts)
    set_defaults(*loaded->engine, kLargePlatformContexts, options.simgrid_config);
  set_activity("probing the routes of '%s'", loaded->path.c_str());
  loaded->costs = std::make_shared<PlatformCostModel>(loaded->platform, progress);
  return loaded;
}

namespace {

// The options, once their slice count is checked (before the platform is loaded).
const SimulateOptions& with_checked_slices(const SimulateOptions& options)
{
  check_slice_count(options.message_bytes, options.slices);
  return options;
}

}  // namespace

SimulationSession::SimulationSession(const SimulateOptions& options, const PlatformCostModel::Progress& progress)
    : SimulationSession(load_session_platform(with_checked_slices(options), progress), options)
{
}

SimulationSession::SimulationSession(std::shared_ptr<SessionPlatform> platform, const SimulateOptions& options)
    : options_(options), loaded_(std::move(platform)), platform_(loaded_->platform), costs_(loaded_->costs)
{
  const PortModel port = parse_port_model(options.port).value();
  check_slice_count(options.message_bytes, options.slices);
  // SMPI's size factors were applied to the links at load, for one slice size.
  const SizeFactorConfig size_factors = split_size_factors(options.simgrid_config);
  const double slice = slice_size(options.message_bytes, options.slices);
  if (size_factors.factors && slice != loaded_->factor_slice_bytes)
    throw std::invalid_argument(fmt::format("the platform was loaded with SMPI's size factors for {:.0f}-byte "
                                            "transfers, not {:.0f}",
                                            loaded_->factor_slice_bytes, slice));
  check_slice_memory(platform_.size(), options.slices);
  header_.platform = loaded_->path;
  root_ = chosen_root(options, platform_, costs_.get());
  if (!options.instance_description.empty())
    header_.platform = options.instance_description;
  std::tie(header_.mode, header_.network_config) = network_mode();
  if (size_factors.factors) {
    header_.mode = "SimGrid-configured";
    header_.network_config.push_back(fmt::format(
        "size factors at {:.0f} B: latency x{:g}, bandwidth x{:g} (from {}; applied to every link)", slice,
        size_factors.factors->latency.at(slice), size_factors.factors->bandwidth.at(slice), size_factors.origin));
  }
  header_.host_count = platform_.size();
  header_.root = platform_.host_names()[root_];
  header_.message_bytes = options.message_bytes;
  header_.slices = options.slices;
  header_.slice_bytes = slice_size(options.message_bytes, options.slices);
  header_.slices_auto = options.slices_auto;
  if (options.slices_auto)
    header_.max_slices = auto_slice_bound(platform_.size(), options.message_bytes, options.max_slices);
  header_.port = to_string(port);
  header_.timeout_seconds = options.timeout_seconds;
  header_.budget_seconds = options.budget_seconds;
  record_options(header_, options, *costs_, port);

  std::shared_ptr<const CostModel> scheduler_costs = costs_;
  if (options.model == "sender-only")
    scheduler_costs = std::make_shared<SenderOnlyModel>(SenderOnlyModel::from_pairwise(*costs_));
  instance_ = std::make_shared<BroadcastInstance>(scheduler_costs, platform_.host_names(), header_.slice_bytes, port);
  instance_->set_slices(options.slices);
  links_ = std::make_shared<PlatformLinkModel>(platform_);
  instance_->set_links(links_);
  instance_->set_parameters(header_.scheduler_parameters);
  members_ = requested_members(options, platform_.host_names(), root_);
  set_activity("checking that every host is reachable from the root");
  check_reachable(*costs_, platform_.host_names(), root_, members_);
  if (!members_.empty()) {
    header_.members = names_of(members_, platform_.host_names());
    header_.member_selection = describe_member_selection(options);
  }
  if (options.keep_trees) {
    header_.host_names = platform_.host_names();
    bool paced = false;
    for (NodeId u = 0; u < costs_->size(); ++u) {
      const SendOverhead& overhead = costs_->send_overhead_of(u);
      header_.send_gaps.push_back({overhead.latency, overhead.inverse_bandwidth});
      paced = paced || overhead.latency > 0.0 || overhead.inverse_bandwidth > 0.0;
    }
    if (!paced)
      header_.send_gaps.clear();
  }
}

// The engine is not torn down (SessionPlatform).
SimulationSession::~SimulationSession() = default;

void leave_to_exit(std::unique_ptr<SimulationSession> session)
{
  if (!simgrid::config::get_value<bool>("tracing"))
    static_cast<void>(session.release());  // reclaimed by the process's exit
}

void SimulationSession::build_shared_models() const
{
  if (instance_->costs().host_blocks() != nullptr || instance_->size() <= PlatformCostModel::kEagerCheckLimit)
    instance_->build_shared_models();
}

void SimulationSession::start_platform_graph(bool solve_program)
{
  const auto start = std::chrono::steady_clock::now();
  // A separate instance and link model: the other schedulers keep seeing no routed graph and
  // fresh link ids (the order of tied links in the contention report), as when each built its own.
  graph_instance_ = std::make_shared<BroadcastInstance>(instance_->shared_costs(), platform_.host_names(),
                                                        instance_->transfer_bytes(), instance_->port());
  graph_instance_->set_slices(instance_->slices());
  graph_links_ = std::make_shared<PlatformLinkModel>(platform_);
  graph_instance_->set_links(graph_links_);
  graph_instance_->set_parameters(header_.scheduler_parameters);
  graph_program_ = plan_platform_graph(*graph_instance_, *costs_, *graph_links_, root_,
                                       options_.platform_graph == "direct", true, options_.steady_state_bound);
  if (graph_program_.graph && (solve_program || options_.steady_state_bound))
    graph_solving_ = std::make_unique<BackgroundSteadyState>(graph_program_);
  graph_build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double SimulationSession::share_platform_graph()
{
  graph_ = AttachedPlatformGraph{std::nullopt, graph_program_.routed};
  return graph_build_seconds_;
}

std::optional<double> SimulationSession::finish_steady_state(std::chrono::steady_clock::time_point deadline)
{
  if (!graph_solving_)
    return 0.0;
  auto solution = graph_solving_->wait_until(deadline);
  const double solve_seconds = graph_solving_->solve_seconds();
  graph_solving_.reset();
  if (!solution)
    return std::nullopt;
  graph_ = attach_solution(*graph_instance_, graph_program_, std::move(solution));
  return solve_seconds;
}

SimulationReport SimulationSession::simulate(const std::string& scheduler_name)
{
  const auto wall_start = std::chrono::steady_clock::now();
  const auto given = std::find_if(options_.given_trees.begin(), options_.given_trees.end(),
                                  [&](const GivenTree& tree) { return tree.name == scheduler_name; });
  const bool is_given = given != options_.given_trees.end();
  // A given tree's scheduler is the one whose own model predicts it, if any.
  const SchedulerInfo* scheduler = find_scheduler(is_given ? given->own_scheduler : scheduler_name);
  if (scheduler == nullptr && !is_given)
    throw PlatformError("unknown scheduler '" + scheduler_name + "'");
  const bool needs_graph = scheduler != nullptr && scheduler->needs_platform_graph;
  const PortModel port = instance_->port();
  SimulationReport report = header_;
  set_activity("building the %s tree", scheduler_name.c_str());
  // Whether a routed graph is built depends on whether this scheduler needs it.
  const bool shared_graph = needs_graph && graph_;
  BroadcastInstance& instance = shared_graph ? *graph_instance_ : *instance_;
  const std::shared_ptr<PlatformLinkModel>& links = shared_graph ? graph_links_ : links_;
  const auto graph = shared_graph ? *graph_
                                  : attach_platform_graph(instance, *costs_, *links, root_,
                                                          options_.platform_graph == "direct", needs_graph,
                                                          options_.steady_state_bound);
  report.has_platform_graph = instance.has_topology();
  if (options_.steady_state_bound)
    report.lp_throughput = graph.lp_bytes_per_second;

  // From here on a failure is the scheduler's, not the input's: a row with its status.
  mark_milestone();
  // Published before the replay: a parent that stops the replay for its time limit keeps them.
  const auto publish_predictions = [&](const SchedulerRun& predicted) {
    SimulationReport partial = report;
    SchedulerRun& run = partial.runs.emplace_back(predicted);
    run.status = "replaying";
    run.predicted_only = true;
    if (needs_graph && !graph.routed.empty())
      run.own_model += " (" + graph.routed + ")";
    publish_partial_result(nlohmann::json(partial).dump());
  };
  SchedulerRun run;
  try {
    const SimulationSetup setup{*loaded_->engine, platform_, costs_, links, instance, root_, members_, port,
                                publish_predictions};
    if (!is_given && scheduler_name == "best") {
      // Both port models libhbcast_mpi executes: an instance for the other one, with its own
      // platform graph where this one has one.
      const PortModel other_port = port == PortModel::one_port ? PortModel::multi_port : PortModel::one_port;
      BroadcastInstance other(instance.shared_costs(), platform_.host_names(), instance.transfer_bytes(), other_port);
      other.set_links(links);
      other.set_parameters(header_.scheduler_parameters);
      if (instance.has_topology())
        attach_platform_graph(other, *costs_, *links, root_, options_.platform_graph == "direct", true, false);
      run = run_best(setup, {&instance, &other}, options_, report.best_finalists);
    } else {
      run = run_on(scheduler_name, is_given ? given_tree_source(*given) : scheduler_source(*scheduler, options_),
                   setup, options_, !is_given && scheduler->needs_links);
    }
  } catch (const SchedulerNotApplicable& error) {
    run = run_without_figures(scheduler_name, "not-applicable", error.what());
  } catch (const std::exception& error) {
    run = run_without_figures(scheduler_name, "failed", error.what());
  }
  if (needs_graph && !graph.routed.empty() && run.status == "ok" && !run.best)
    run.own_model += " (" + graph.routed + ")";  // which pairs the heuristic chose from
  run.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  report.runs.push_back(std::move(run));
  skip_engine_teardown(loaded_->engine);  // this runs in a child that exits once the report is out
  return report;
}

SimulationReport simulate_scheduler(const SimulateOptions& options, const std::string& scheduler_name)
{
  if (find_scheduler(scheduler_name) == nullptr)
    throw PlatformError("unknown scheduler '" + scheduler_name + "'");
  const auto wall_start = std::chrono::steady_clock::now();
  SimulationSession session(options);
  SimulationReport report = session.simulate(scheduler_name);
  // Alone in its process, the scheduler's wall time includes loading the platform.
  report.runs.front().wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return report;
}

BroadcastParticipants broadcast_participants(const SimulateOptions& options)
{
  auto engine = start_engine(options);
  const std::string path = options.platform.empty() ? default_platform_path() : options.platform;
  auto platform = LoadedPlatform::load(*engine, path);
  std::optional<PlatformCostModel> costs;  // probed only for the fastest root
  if (options.root == "fastest" && !options.random_root_seed)
    costs.emplace(platform);
  BroadcastParticipants participants{platform.host_names(), ""};
  participants.root = participants.hosts[chosen_root(options, platform, costs ? &*costs : nullptr)];
  skip_engine_teardown(engine);
  return participants;
}

}  // namespace hbcast::cli
