#include <hbcast/replay/multi_tree_form_replay.hpp>

#include <hbcast/core/capped_pace.hpp>

#include "delivery_log.hpp"
#include "link_states.hpp"

#include <hbcast/core/element_ranges.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/form_timeline.hpp>
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/failed_transfer.hpp>
#include <hbcast/replay/hbcast_plugin.hpp>

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(hbcast_multi_tree_forms, hbcast,
                                "hbcast: replaying the periodic and rate-capped forms of multi-tree plans");

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// Faults (docs/reliability.md), under the rules of the tree and multi-tree replays: a transfer
// from or to a host that is off, or over a link that is down, fails as it would start; a host
// that goes down fails the transfers in flight to and from it (its incoming ones first); a failed
// transfer stops its sender, which still receives; a node that can no longer get what it lacks
// sends nothing more, and one blocked on a wait that nothing can match any more is killed (a wait
// cancelled from elsewhere would not wake it in SimGrid 3.32). So the run ends without a hang or
// SimGrid's deadlock report, and its error names the first failed transfer and the hosts left.

// A transfer a node waits for: its receive (posted, not yet ended) or its blocking send.
struct Awaited {
  sg4::CommPtr comm;
  NodeId peer = 0;  // the sender of a receive, the receiver of a send
  std::size_t slice = 0;
};

// What every actor of one broadcast shares: its hosts, the slice arrivals, the count of hosts done,
// and what the faults have stopped.
struct FormRun {
  std::vector<sg4::Host*> hosts;
  FormReplayOptions options;
  double start = 0.0;
  std::vector<std::vector<double>> arrival;  // absolute times
  std::size_t finished = 0;
  std::size_t transfers = 0;
  int token = 0;  // the payload pointer every message carries (the replay moves no data)
  NodeId root = 0;
  std::size_t block_slices = 0;  // a periodic schedule's period (0: another form)
  std::size_t lag = 0;           // and its largest lag, in periods

  std::vector<sg4::ActorPtr> actors;
  std::vector<std::uint8_t> complete;  // holds every slice
  std::vector<std::uint8_t> stopped;   // sends nothing more
  std::vector<std::uint8_t> gone;      // its actor has ended (killed, its host down, or done)
  std::vector<std::uint8_t> waiting;   // blocked on a wait that a fault elsewhere may leave unmatched
  std::vector<std::vector<Awaited>> receives;  // each node's posted receives, in posting order
  std::vector<std::optional<Awaited>> sending;  // the send a node is blocked on
  std::vector<std::optional<Awaited>> awaited;  // the receive a node is blocked on, where it has several posted
  bool fault_seen = false;
  std::optional<FailedTransfer> first_failure;
  std::set<std::pair<NodeId, NodeId>> failed_edges;
  /// The form's test: may this waiting node still be matched?
  std::function<bool(NodeId)> can_progress;

  void init_faults(const std::vector<BroadcastTree>& trees)
  {
    const std::size_t n = hosts.size();
    root = trees.front().root();
    actors.resize(n);
    complete.assign(n, 0);
    stopped.assign(n, 0);
    gone.assign(n, 0);
    waiting.assign(n, 0);
    receives.resize(n);
    sending.resize(n);
    awaited.resize(n);
  }

  void note_failed(NodeId from, NodeId to, std::size_t slice, const std::string& how)
  {
    fault_seen = true;
    if (!first_failure)
      first_failure = FailedTransfer{from, to, slice, sg4::Engine::get_clock()};
    if (failed_edges.emplace(from, to).second)
      XBT_WARN("Broadcast %s: the transfer %s -> %s (slice %zu of %zu) failed (%s) at %.9f", options.name.c_str(),
               hosts[from]->get_cname(), hosts[to]->get_cname(), slice + 1, options.slices, how.c_str(),
               sg4::Engine::get_clock() - start);
  }

  /// The node sends nothing more; the waiting nodes that nothing can match any more are killed.
  void stop(NodeId node)
  {
    stopped[node] = 1;
    settle();
  }

  void settle()
  {
    if (!fault_seen)  // without a fault every wait is matched
      return;
    for (bool killed = true; killed;) {
      killed = false;
      for (NodeId node = 0; node < hosts.size(); ++node)
        if (waiting[node] && !gone[node] && !can_progress(node)) {
          waiting[node] = 0;
          gone[node] = stopped[node] = 1;
          actors[node]->kill();
          killed = true;
        }
    }
  }

  /// False, with the failure noted and the sender stopped, when the transfer cannot start: a host
  /// is off, the receiver is gone, or a link of its route is down.
  bool can_send(NodeId from, NodeId to, std::size_t slice);

  /// In kernel context: the node's host went down (SimGrid kills its actor).
  void host_down(NodeId node)
  {
    fault_seen = true;
    const bool was_gone = gone[node];
    gone[node] = stopped[node] = 1;
    waiting[node] = 0;
    if (!was_gone) {
      const auto in_flight = [](const Awaited& awaited) {
        return awaited.comm && awaited.comm->get_sender() != nullptr && awaited.comm->get_remaining() > 0.0;
      };
      for (const Awaited& receive : receives[node])  // its incoming transfers first
        if (in_flight(receive))
          note_failed(receive.peer, node, receive.slice, "host " + hosts[node]->get_name() + " went down");
      if (sending[node] && in_flight(*sending[node]))
        note_failed(node, sending[node]->peer, sending[node]->slice, "host " + hosts[node]->get_name() + " went down");
      for (NodeId other = 0; other < hosts.size(); ++other)
        for (const Awaited& receive : receives[other])
          if (receive.peer == node && in_flight(receive))
            note_failed(node, other, receive.slice, "host " + hosts[node]->get_name() + " went down");
      receives[node].clear();
      sending[node].reset();
    }
    settle();
  }

  /// The first slice a range of elements touches.
  std::size_t slice_of(std::size_t element) const
  {
    const std::size_t count = options.count, slices = options.slices;
    const std::size_t base = count / slices, longer = count % slices, in_longer = longer * (base + 1);
    return element < in_longer ? element / (base + 1) : longer + (element - in_longer) / base;
  }

  sg4::Mailbox* mailbox(NodeId from, NodeId to, const std::string& suffix = "") const
  {
    return sg4::Mailbox::by_name(options.name + "/" + std::to_string(from) + "/" + std::to_string(to) + suffix);
  }

  void arrive(NodeId node, const ElementRange& range, double time)
  {
    if (range.count == 0)
      return;
    for (std::size_t j = slice_of(range.first); j <= slice_of(range.first + range.count - 1); ++j)
      arrival[node][j] = std::max(arrival[node][j], time);
  }

  void done(NodeId node)
  {
    complete[node] = 1;
    const double completion = *std::max_element(arrival[node].begin(), arrival[node].end());
    plugin_detail::record_delivery(*hosts[node], options.name, completion);
    if (++finished == hosts.size())
      plugin_detail::track_finished(options.name);
  }

  ReplayResult result(NodeId root) const
  {
    if (finished != hosts.size()) {
      std::vector<NodeId> uninformed;
      for (NodeId node = 0; node < hosts.size(); ++node)
        if (!complete[node])
          uninformed.push_back(node);
      throw std::runtime_error(unfinished_broadcast_report(first_failure, start, options.slices, hosts, uninformed,
                                                           "the simulation ended before every host received every slice"));
    }
    ReplayResult result;
    result.start_time = start;
    for (NodeId v = 0; v < hosts.size(); ++v) {
      result.completion_time.push_back(*std::max_element(arrival[v].begin(), arrival[v].end()) - start);
      result.receive_start.push_back(v == root ? 0.0 : *std::min_element(arrival[v].begin(), arrival[v].end()) - start);
    }
    result.makespan = *std::max_element(result.completion_time.begin(), result.completion_time.end());
    result.slowest_node = static_cast<std::size_t>(
        std::max_element(result.completion_time.begin(), result.completion_time.end()) - result.completion_time.begin());
    const auto& slowest = arrival[result.slowest_node];
    if (result.slowest_node != root)
      result.observed_period =
          block_slices > 0 ? periodic_observed_period(slowest, block_slices, lag, start) : observed_period(slowest);
    result.period = result.observed_period;
    const double slice_bytes = static_cast<double>(options.count) / static_cast<double>(options.slices);
    result.throughput = result.period > 0.0 ? slice_bytes / result.period : INFINITY;
    result.transfer_count = transfers;
    return result;
  }
};

// Every form replay in flight hears of the hosts that go down, at that instant (kernel context);
// the links that are down (links_down) are known to the senders (a comm over one fails as it starts).
struct FormFaults {
  static std::vector<std::weak_ptr<FormRun>>& live()
  {
    static std::vector<std::weak_ptr<FormRun>> runs;
    return runs;
  }
  static void watch(const std::shared_ptr<FormRun>& run)
  {
    watch_link_states();
    static const bool connected = [] {
      sg4::Host::on_state_change_cb([](const sg4::Host& host) {
        if (host.is_on())
          return;
        for (const auto& weak : live())
          if (const auto run = weak.lock(); run && run->finished < run->hosts.size())
            for (NodeId node = 0; node < run->hosts.size(); ++node)
              if (run->hosts[node] == &host)
                run->host_down(node);
      });
      return true;
    }();
    static_cast<void>(connected);
    live().push_back(run);
  }
};

bool FormRun::can_send(NodeId from, NodeId to, std::size_t slice)
{
  if (stopped[from])
    return false;
  std::string why;
  for (NodeId end : {from, to})
    if (!hosts[end]->is_on())  // SimGrid asserts on a comm with a host that is off
      why = "host " + hosts[end]->get_name() + " is off";
  if (why.empty() && gone[to])
    why = "host " + hosts[to]->get_name() + " receives nothing more";
  if (why.empty() && !links_down().empty()) {
    std::vector<sg4::Link*> route;
    double latency = 0.0;
    hosts[from]->route_to(hosts[to], route, &latency);
    for (const sg4::Link* link : route)
      if (!link->is_on())
        why = "link " + link->get_name() + " is down";
  }
  if (why.empty())
    return true;
  note_failed(from, to, slice, why);
  stop(from);
  return false;
}

// Creates an actor per host that is on, each running body(node) (one copy shared by all); a host
// that is off gets none (SimGrid refuses one), and a root that is off fails its first send.
void start_actors(const std::shared_ptr<FormRun>& run, const std::vector<BroadcastTree>& trees,
                  std::function<void(NodeId)> body)
{
  FormFaults::watch(run);
  const auto shared_body = std::make_shared<std::function<void(NodeId)>>(std::move(body));
  for (NodeId node = 0; node < run->hosts.size(); ++node) {
    if (run->hosts[node]->is_on()) {
      run->actors[node] = sg4::Actor::create(run->options.name + ":" + std::to_string(node), run->hosts[node],
                                             [shared_body, node] { (*shared_body)(node); });
    } else {
      run->fault_seen = true;
      run->gone[node] = run->stopped[node] = 1;
    }
  }
  for (const auto& tree : trees)
    if (!run->hosts[run->root]->is_on() && !tree.children(run->root).empty()) {
      run->note_failed(run->root, tree.children(run->root).front(), 0,
                       "host " + run->hosts[run->root]->get_name() + " is off");
      break;
    }
}

std::shared_ptr<FormRun> start_run(const std::vector<BroadcastTree>& trees, const std::vector<double>& weights,
                                   const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  if (trees.empty() || trees.size() != weights.size())
    throw std::invalid_argument("multi-tree form replay: one weight per tree, and at least one tree");
  if (options.slices == 0 || options.count < options.slices)
    throw std::invalid_argument("multi-tree form replay: at least one byte per slice");
  std::vector<std::string> names;
  for (const sg4::Host* host : hosts) {
    if (host == nullptr)
      throw std::invalid_argument("multi-tree form replay: null host");
    names.push_back(host->get_name());
  }
  for (const auto& tree : trees) {
    if (tree.size() != hosts.size() || tree.root() != trees.front().root())
      throw std::invalid_argument("multi-tree form replay: every tree spans the hosts from the same root");
    validate_tree(tree, names);
  }
  sg_hbcast_plugin_init();
  auto run = std::make_shared<FormRun>();
  run->hosts = hosts;
  run->options = options;
  run->start = sg4::Engine::get_clock();
  run->arrival.assign(hosts.size(), std::vector<double>(options.slices, run->start));
  run->init_faults(trees);
  plugin_detail::track_started(options.name);
  return run;
}

// Waits for a transfer; false if it failed (SimGrid throws at once for a link or host down).
bool wait_transfer(FormRun& run, NodeId node, const sg4::CommPtr& comm)
{
  run.waiting[node] = 1;
  bool delivered = true;
  try {
    comm->wait();
  } catch (const simgrid::Exception&) {  // NetworkFailureException
    delivered = false;
  }
  run.waiting[node] = 0;
  return delivered;
}

// Sleeps until `time`; a wait below SimGrid's timing precision (1e-9 s) is none (SimGrid would
// log that it is too short).
void sleep_until_clock(double time)
{
  if (time - sg4::Engine::get_clock() > 1e-9)
    sg4::this_actor::sleep_until(time);
}

void periodic_node(const std::shared_ptr<FormRun>& run, const std::vector<PeriodicStep>& steps,
                   const std::vector<double>& offsets, NodeId node)
{
  int* received = nullptr;
  // It holds the whole message once its every receive has delivered (killed later, it still does).
  std::size_t receives_left = static_cast<std::size_t>(
      std::count_if(steps.begin(), steps.end(), [](const PeriodicStep& step) { return step.receive.has_value(); }));
  if (receives_left == 0)
    run->done(node);
  for (const auto& step : steps) {
    if (!offsets.empty()) {  // the schedule's clock: not before the step's slot
      const PeriodicTransfer& at = step.send ? *step.send : *step.receive;
      sleep_until_clock(run->start + periodic_step_time(offsets, at.period, at.slot));
    }
    sg4::CommPtr receive;
    if (step.receive) {
      receive = run->mailbox(step.receive->peer, node)->get_async<int>(&received);
      run->receives[node].push_back(Awaited{receive, step.receive->peer, run->slice_of(step.receive->range.first)});
    }
    if (step.send) {
      const NodeId peer = step.send->peer;
      const std::size_t slice = run->slice_of(step.send->range.first);
      if (run->can_send(node, peer, slice)) {
        const double bytes = static_cast<double>(step.send->range.count) + run->options.envelope_bytes;
        sg4::CommPtr send = run->mailbox(node, peer)->put_async(&run->token, static_cast<uint64_t>(bytes));
        ++run->transfers;
        run->sending[node] = Awaited{send, peer, slice};
        const bool delivered = wait_transfer(*run, node, send);
        run->sending[node].reset();
        if (!delivered) {
          run->note_failed(node, peer, slice, "its transfer failed");
          run->stop(node);
        }
      }
    }
    if (receive) {
      const Awaited awaited = run->receives[node].front();
      // A wait nothing can match any more is not started: the node lacks that range and stops.
      const bool delivered = (!run->fault_seen || run->can_progress(node)) && wait_transfer(*run, node, receive);
      run->receives[node].clear();
      if (delivered) {
        run->arrive(node, step.receive->range, receive->get_finish_time());
        if (--receives_left == 0)
          run->done(node);
      } else {
        if (receive->get_sender() != nullptr) {  // matched, then failed: it stops its sender
          run->note_failed(awaited.peer, node, awaited.slice, "its transfer failed");
          run->stopped[awaited.peer] = 1;
        }
        run->stop(node);
      }
    }
  }
  run->gone[node] = 1;
  run->settle();
}

// A node of a periodic schedule on a clock (libhbcast_mpi's periodic_bcast likewise): at each
// step's start (periodic_step_order) it posts the receives of its window (a period ahead) and
// starts the step's send once the receives that bring what it forwards have delivered, without
// waiting for its earlier transfers; it waits for the rest at the end.
void clocked_periodic_node(const std::shared_ptr<FormRun>& run, const std::vector<PeriodicStep>& steps,
                           const std::vector<double>& offsets, NodeId node)
{
  int* received = nullptr;
  const auto needs = periodic_send_needs(steps);
  std::size_t receives_left = static_cast<std::size_t>(
      std::count_if(steps.begin(), steps.end(), [](const PeriodicStep& step) { return step.receive.has_value(); }));
  if (receives_left == 0)
    run->done(node);
  std::vector<sg4::CommPtr> receive_of(steps.size());  // posted, not yet awaited
  std::vector<Awaited> sends;                          // started, not yet awaited
  // Waits for step i's receive; false when it cannot deliver (the node then stops).
  const auto await_receive = [&](std::size_t i) {
    sg4::CommPtr receive = std::move(receive_of[i]);
    if (!receive)
      return true;
    auto& posted = run->receives[node];
    const auto same = [&](const Awaited& a) { return a.comm == receive; };
    const auto at = std::find_if(posted.begin(), posted.end(), same);
    const Awaited awaited = at != posted.end() ? *at : Awaited{receive, steps[i].receive->peer, 0};
    // A wait nothing can match any more is not started: the node lacks that range and stops.
    run->awaited[node] = awaited;
    const bool delivered = (!run->fault_seen || run->can_progress(node)) && wait_transfer(*run, node, receive);
    run->awaited[node].reset();
    posted.erase(std::remove_if(posted.begin(), posted.end(), same), posted.end());
    if (delivered) {
      run->arrive(node, steps[i].receive->range, receive->get_finish_time());
      if (--receives_left == 0)
        run->done(node);
      return true;
    }
    if (receive->get_sender() != nullptr) {  // matched, then failed: it stops its sender
      run->note_failed(awaited.peer, node, awaited.slice, "its transfer failed");
      run->stopped[awaited.peer] = 1;
    }
    run->stop(node);
    return false;
  };
  bool lacking = false;  // a receive failed: the node sends nothing more
  std::size_t oldest = 0;  // every step's receive before it has been awaited
  // Awaits the receives that have ended, oldest first, and forgets the sends that have.
  // (A transfer that failed is left to the wait that reports it.)
  const auto ended = [](const sg4::CommPtr& comm) {
    try {
      return comm->test();
    } catch (const simgrid::Exception&) {
      return false;
    }
  };
  const auto reap = [&](std::size_t upto) {
    for (; oldest < upto; ++oldest) {
      if (!receive_of[oldest])
        continue;
      if (!ended(receive_of[oldest]))
        break;
      if (!await_receive(oldest))
        lacking = true;
    }
    sends.erase(std::remove_if(sends.begin(), sends.end(), [&](const Awaited& send) { return ended(send.comm); }),
                sends.end());
  };
  const auto window = periodic_receive_window(steps);
  std::size_t posted = 0;
  for (std::size_t i : periodic_step_order(steps, offsets)) {
    const PeriodicStep& step = steps[i];
    sleep_until_clock(run->start + periodic_step_start(offsets, step));
    for (; posted < window[i]; ++posted)
      if (const auto& receive = steps[posted].receive) {
        receive_of[posted] = run->mailbox(receive->peer, node)->get_async<int>(&received);
        run->receives[node].push_back(Awaited{receive_of[posted], receive->peer, run->slice_of(receive->range.first)});
      }
    reap(posted);
    if (!step.send || lacking)
      continue;
    for (std::size_t need : needs[i])
      if (!await_receive(need))
        lacking = true;
    const NodeId peer = step.send->peer;
    const std::size_t slice = run->slice_of(step.send->range.first);
    if (!lacking && run->can_send(node, peer, slice)) {
      const double bytes = static_cast<double>(step.send->range.count) + run->options.envelope_bytes;
      sends.push_back(Awaited{run->mailbox(node, peer)->put_async(&run->token, static_cast<uint64_t>(bytes)), peer, slice});
      ++run->transfers;
    }
  }
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (receive_of[i])
      await_receive(i);
  for (const Awaited& send : sends) {
    run->sending[node] = send;
    const bool delivered = wait_transfer(*run, node, send.comm);
    run->sending[node].reset();
    if (!delivered) {
      run->note_failed(node, send.peer, send.slice, "its transfer failed");
      run->stop(node);
    }
  }
  run->gone[node] = 1;
  run->settle();
}

}  // namespace

ReplayResult replay_periodic(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                             const std::vector<double>& weights, const PeriodicSchedule& schedule,
                             const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  check_periodic_schedule(schedule, parents);
  auto run = start_run(trees, weights, hosts, options);
  run->block_slices = schedule.period_slices;
  run->lag = periodic_period_count(schedule, parents, options.slices) -
             (options.slices + schedule.period_slices - 1) / schedule.period_slices;
  // A blocked send waits for its receiver, which posts every receive of its steps while it lives;
  // a posted receive waits for a sender that has not stopped, unless its transfer has begun.
  FormRun* shared = run.get();
  run->can_progress = [shared](NodeId node) {
    if (shared->sending[node])
      return !shared->gone[shared->sending[node]->peer];
    if (const auto& receive = shared->awaited[node])
      return receive->comm->get_sender() != nullptr || !(shared->gone[receive->peer] || shared->stopped[receive->peer]);
    for (const Awaited& receive : shared->receives[node])
      if (receive.comm->get_sender() == nullptr &&
          (shared->gone[receive.peer] || shared->stopped[receive.peer]))
        return false;
    return true;
  };
  std::vector<std::vector<PeriodicStep>> steps;
  for (NodeId node = 0; node < hosts.size(); ++node)
    steps.push_back(periodic_steps(schedule, parents, weights, node, options.count, options.slices));
  const std::vector<double> offsets = periodic_slot_offsets(schedule);
  start_actors(run, trees, [run, steps, offsets](NodeId node) {
    if (offsets.empty())
      periodic_node(run, steps[node], offsets, node);
    else
      clocked_periodic_node(run, steps[node], offsets, node);
  });
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  run->actors.clear();  // each holds its code, which holds the run
  return run->result(trees.front().root());
}

ReplayResult replay_capped(sg4::Engine& engine, const std::vector<BroadcastTree>& trees,
                           const std::vector<double>& weights, std::size_t round_slices, std::size_t receives_posted,
                           const std::vector<sg4::Host*>& hosts, const FormReplayOptions& options)
{
  if (round_slices == 0 || receives_posted == 0)
    throw std::invalid_argument("multi-tree form replay: rounds of at least one slice, a receive posted per tree");
  auto run = start_run(trees, weights, hosts, options);
  const FormMessage message{options.count, options.slices, 1.0, options.envelope_bytes};
  const auto rates = capped_rates(weights, message);
  const auto shares = cumulative_shares(weights);
  const double round_time = capped_round_seconds(weights, round_slices);
  const std::size_t rounds = (options.slices + round_slices - 1) / round_slices;
  // Tree t's part of round r (empty parts are neither sent nor awaited).
  auto part = [options, shares, round_slices](std::size_t t, std::size_t r) {
    return fraction_of(slices_range(options.count, options.slices, r * round_slices, round_slices), shares[t],
                       shares[t + 1]);
  };
  const NodeId root = trees.front().root();
  std::vector<std::vector<NodeId>> parents;
  for (const auto& tree : trees)
    parents.push_back(tree.parents());
  // Per tree and node: the parts sent to it, and the parts it has ended (taken and forwarded, or
  // failed); per tree, its non-empty parts. A node may still get a part of a tree while one is on
  // its way, or while its parent, not stopped, may still get one to forward (the root sends all).
  struct PartCounts {
    std::vector<std::vector<std::size_t>> sent, ended;
    std::vector<std::size_t> expected;
  };
  auto counts = std::make_shared<PartCounts>();
  counts->sent.assign(trees.size(), std::vector<std::size_t>(hosts.size(), 0));
  counts->ended = counts->sent;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    counts->expected.push_back(0);
    for (std::size_t r = 0; r < rounds; ++r)
      counts->expected[t] += part(t, r).count > 0;
  }
  FormRun* shared = run.get();
  run->can_progress = [shared, counts, parents](NodeId node) {
    for (std::size_t t = 0; t < parents.size(); ++t) {
      if (node == shared->root || counts->ended[t][node] >= counts->expected[t])
        continue;
      for (NodeId at = node;;) {
        if (counts->sent[t][at] > counts->ended[t][at])
          return true;
        const NodeId parent = parents[t][at];
        if (counts->sent[t][at] >= counts->expected[t] || shared->stopped[parent] || shared->gone[parent])
          break;
        if (parent == shared->root)
          return true;
        at = parent;
      }
    }
    return false;
  };
  // Detached: nobody waits for a send (its receiver does), and SimGrid keeps no list of them
  // (an actor's unfinished communications are a list it searches on every completion).
  auto send = [run, rates, trees, counts](NodeId from, std::size_t t, const ElementRange& range) {
    for (NodeId child : trees[t].children(from)) {
      if (!run->can_send(from, child, run->slice_of(range.first)))
        return;
      const double bytes = static_cast<double>(range.count) + run->options.envelope_bytes;
      sg4::CommPtr comm = run->mailbox(from, child, "/" + std::to_string(t))->put_init(&run->token, static_cast<uint64_t>(bytes));
      comm->set_rate(rates[t]);
      comm->detach();
      ++counts->sent[t][child];
      ++run->transfers;
    }
  };
  start_actors(run, trees, [=](NodeId node) {
    if (node == root) {
      run->done(node);
      for (std::size_t r = 0; r < rounds && !run->stopped[node]; ++r) {
        sg4::this_actor::sleep_until(run->start + static_cast<double>(r) * round_time);
        for (std::size_t t = 0; t < trees.size(); ++t)
          if (const ElementRange range = part(t, r); range.count > 0)
            send(node, t, range);
      }
      run->gone[node] = 1;
      run->settle();
      return;
    }
    // `receives` posted per tree, its next non-empty parts: each is there when the parent sends it,
    // so that a part's latency overlaps the transfers before it, as the prediction has it.
    std::vector<std::size_t> next(trees.size(), 0);
    std::vector<std::deque<std::pair<sg4::CommPtr, std::size_t>>> receives(trees.size());
    const std::size_t receives_per_tree = receives_posted;
    std::vector<std::size_t> tree_of;
    int* received = nullptr;
    // It holds the whole message once every part of every tree has come (killed later, it still does).
    std::size_t parts_left = std::accumulate(counts->expected.begin(), counts->expected.end(), std::size_t{0});
    // The posted receives, as the fault handling sees them (FormRun::receives).
    const auto publish = [&] {
      auto& posted = run->receives[node];
      posted.clear();
      for (std::size_t t = 0; t < trees.size(); ++t)
        for (const auto& [comm, round] : receives[t])
          posted.push_back(Awaited{comm, parents[t][node], run->slice_of(part(t, round).first)});
    };
    const auto post = [&](std::size_t t) {
      while (receives[t].size() < receives_per_tree) {
        while (next[t] < rounds && part(t, next[t]).count == 0)
          ++next[t];
        if (next[t] >= rounds)
          return;
        receives[t].emplace_back(
            run->mailbox(parents[t][node], node, "/" + std::to_string(t))->get_async<int>(&received), next[t]++);
      }
    };
    for (std::size_t t = 0; t < trees.size(); ++t)
      post(t);
    publish();
    std::vector<sg4::CommPtr> pending;
    while (true) {
      pending.clear();
      tree_of.clear();
      for (std::size_t t = 0; t < trees.size(); ++t)
        if (!receives[t].empty()) {  // a tree's parts arrive in order: its first is the next
          pending.push_back(receives[t].front().first);
          tree_of.push_back(t);
        }
      if (pending.empty())
        break;
      if (run->fault_seen && !run->can_progress(node))  // what it lacks can no longer come
        break;
      run->waiting[node] = 1;
      std::size_t index = pending.size();
      bool delivered = true;
      try {
        index = static_cast<std::size_t>(sg4::Comm::wait_any(pending));
      } catch (const simgrid::Exception&) {  // one of them failed (test() would assert on it)
        delivered = false;
        for (std::size_t k = 0; k < pending.size() && index == pending.size(); ++k)
          if (pending[k]->get_state() == sg4::Activity::State::FAILED)
            index = k;
      }
      run->waiting[node] = 0;
      if (index == pending.size())  // a failure SimGrid did not pin on one receive
        break;
      const std::size_t t = tree_of[index];
      const auto [comm, round] = receives[t].front();
      receives[t].pop_front();
      const ElementRange range = part(t, round);
      if (delivered) {
        run->arrive(node, range, comm->get_finish_time());
        send(node, t, range);
        if (--parts_left == 0)
          run->done(node);
      } else {  // the failed transfer stops its sender; this node lacks the part and stops too
        run->note_failed(parents[t][node], node, run->slice_of(range.first), "its transfer failed");
        run->stopped[parents[t][node]] = 1;
        run->stopped[node] = 1;
      }
      ++counts->ended[t][node];
      post(t);
      publish();
      run->settle();
    }
    run->receives[node].clear();
    run->gone[node] = 1;
    if (parts_left > 0)
      run->stopped[node] = 1;
    run->settle();
  });
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  run->actors.clear();  // each holds its code, which holds the run
  return run->result(root);
}

}  // namespace hbcast
