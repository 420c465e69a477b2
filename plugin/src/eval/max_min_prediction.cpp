#include <hbcast/eval/max_min_prediction.hpp>

#include "slice_forwarding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace max_min_fluid {  // named: the folder's sources may share a unity translation unit

constexpr double kMaxMinPrecision = 1e-5;  // SimGrid's maxmin/precision
constexpr double kTimingPrecision = 1e-9;  // SimGrid's surf/precision
constexpr double kTcpGamma = 1e30;         // exact mode's network/TCP-gamma
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// SimGrid's rounding of a quantity being used up: what falls below the precision is spent.
void use_up(double& quantity, double used, double precision)
{
  quantity -= used;
  if (quantity < precision)
    quantity = 0.0;
}

struct RouteElement {
  LinkId link = 0;
  double weight = 1.0;  // a SHARED link: how many times the route crosses it; FATPIPE: 1
};

// The edge parent -> child: its route as the solver sees it, and its flow when in flight.
struct Edge {
  std::vector<RouteElement> route;
  double latency = 0.0;
  double penalty = 1.0;  // CM02's sharing penalty: the route latency (weight-S 0), 1 without one
  double bound = 0.0;    // the route's bottleneck bandwidth (and TCP-gamma / 2 latency)
  // The flow in flight on this edge.
  double latency_end = 0.0;
  double remaining = 0.0;
  double rate = 0.0;
  double last_update = 0.0;
  double finish = kInfinity;
  std::size_t sequence = 0;  // the transfer's rank in starting order
  bool data_phase = false;
  bool in_flight = false;
};

struct LinkState {
  double bandwidth = 0.0;
  bool fatpipe = false;
  // Per solve.
  std::size_t stamp = 0;  // solved again in the solve of this stamp
  double remaining = 0.0;
  double usage = 0.0;
  bool light = false;
  std::size_t light_index = 0;  // its place in the solve's table of links to saturate
  std::size_t version = 0;        // of its current entry in the solve's heap of levels
  std::size_t touched_round = 0;  // the last round of the solve that changed it
  std::vector<NodeId> flows;
};

struct LevelEntry {
  double level = 0.0;  // remaining / usage
  std::size_t version = 0;
  LinkId link = 0;
};

// Orders a heap of levels smallest first.
bool later(const LevelEntry& a, const LevelEntry& b) { return a.level > b.level; }

class FluidBroadcast {
public:
  FluidBroadcast(const BroadcastTree& tree, const CostModel& overheads, const LinkRouteModel& links,
                 double slice_bytes, std::size_t slices, PortModel port)
      : tree_(tree), links_(links), slice_bytes_(slice_bytes), slices_(slices), edges_(tree.size()),
        forwarding_(tree, slices, port, 0.0, *this), overhead_(tree.size(), 0.0)
  {
    for (NodeId u = 0; u < tree.size(); ++u) {
      if (port == PortModel::multi_port && !tree.children(u).empty())
        overhead_[u] = overheads.send_overhead(u, slice_bytes);
      for (NodeId child : tree.children(u))
        describe_edge(u, child);
    }
    in_modified_.assign(link_states_.size(), 0);
    enabled_.resize(link_states_.size());
  }

  MaxMinPrediction run()
  {
    forwarding_.advance(tree_.root());
    for (;;) {
      if (dirty_)
        solve();
      const double next = next_event();
      if (next == kInfinity)
        break;
      now_ = now_ + (next - now_);  // SimGrid's clock moves by the delay to its next event
      // SimGrid's order: the model's events at this instant (latency ends, transfer ends, each
      // within the timing precision), then the timers.
      std::vector<NodeId>& ended = ended_;
      std::vector<NodeId>& paid = paid_;
      ended.clear();
      paid.clear();
      for (NodeId child : in_flight_) {
        Edge& edge = edges_[child];
        if (!edge.data_phase && edge.latency_end < now_ + kTimingPrecision) {
          if (edge.route.empty())
            ended.push_back(child);  // no link: the latency is the whole transfer
          else
            paid.push_back(child);
        } else if (edge.data_phase && edge.finish < now_ + kTimingPrecision) {
          ended.push_back(child);
        }
      }
      // In the order of their dates, as SimGrid takes them from its heap of actions (ties: the
      // order the transfers started). A flow whose latency is paid enters the sharing and the
      // modified set at once; ended flows leave it one after the other, each followed by its
      // completion (CommImpl::post: the action freed, then the completion signal).
      std::sort(paid.begin(), paid.end(), [&](NodeId a, NodeId b) {
        return std::make_pair(edges_[a].latency_end, edges_[a].sequence) < std::make_pair(edges_[b].latency_end, edges_[b].sequence);
      });
      std::sort(ended.begin(), ended.end(), [&](NodeId a, NodeId b) {
        return std::make_pair(end_date(a), edges_[a].sequence) < std::make_pair(end_date(b), edges_[b].sequence);
      });
      for (NodeId child : paid) {
        Edge& edge = edges_[child];
        edge.data_phase = true;
        edge.last_update = now_;
        for (const RouteElement& element : edge.route)
          enabled_[element.link].push_back(child);
        mark_modified(edge.route.front().link);
        dirty_ = true;
      }
      for (NodeId child : ended) {  // one completion after the other, as SimGrid reports them
        retire(child);
        on_transfer_end(child);
      }
      wake_due_sleepers();
    }
    MaxMinPrediction prediction;
    prediction.completion_time.assign(tree_.size(), 0.0);
    for (NodeId node = 0; node < tree_.size(); ++node) {
      if (node != tree_.root() && forwarding_.node(node).received != slices_ && forwarding_.parent(node) != kNoNode)
        throw std::runtime_error("max-min prediction: no transfer can progress before every node holds every slice");
      prediction.completion_time[node] = node == tree_.root() ? 0.0 : forwarding_.node(node).last_arrival;
    }
    prediction.makespan = *std::max_element(prediction.completion_time.begin(), prediction.completion_time.end());
    prediction.transfers = transfers_;
    prediction.solves = solves_;
    return prediction;
  }

private:
  void describe_edge(NodeId from, NodeId to)
  {
    const auto route = links_.route(from, to);
    if (!route->routable())
      throw std::invalid_argument("max-min prediction: the platform does not route host " + std::to_string(from) +
                                  " to host " + std::to_string(to));
    Edge& edge = edges_[to];
    edge.latency = route->latency;
    edge.penalty = route->latency > 0.0 ? route->latency : 1.0;
    edge.bound = route->bandwidth;
    if (route->latency > 0.0)
      edge.bound = std::min(edge.bound, kTcpGamma / (2.0 * route->latency));
    for (LinkId id : route->links) {
      if (id >= link_states_.size())
        link_states_.resize(std::size_t{id} + 1);
      LinkState& state = link_states_[id];
      const LinkProperties& properties = links_.link(id);
      state.bandwidth = properties.bandwidth;
      state.fatpipe = properties.sharing == LinkSharing::fatpipe;
      auto same = std::find_if(edge.route.begin(), edge.route.end(), [&](const RouteElement& e) { return e.link == id; });
      if (same == edge.route.end())
        edge.route.push_back({id, 1.0});
      else if (!state.fatpipe)
        same->weight += 1.0;  // crossed twice: twice the use of a SHARED link; a FATPIPE bounds each flow once
    }
  }

  double next_event() const
  {
    double next = sleepers_.empty() ? kInfinity : sleepers_.begin()->first;
    for (NodeId child : in_flight_) {
      const Edge& edge = edges_[child];
      next = std::min(next, edge.data_phase ? edge.finish : edge.latency_end);
    }
    return next;
  }

  // SimGrid's max-min solve (lmm, CM02's variables): progressive filling by the smallest
  // remaining / usage over the links in use, usage being the sum (SHARED) or maximum (FATPIPE) of
  // weight / penalty over the flows not fixed yet; a flow whose bound x penalty is below the level
  // is fixed at its bound first.
  void solve()
  {
    dirty_ = false;
    ++solves_;
    ++stamp_;
    std::vector<LinkId>& light = light_;
    std::vector<NodeId>& flows = flows_;
    light.clear();
    flows.clear();
    // As lmm::System::lmm_solve with selective update: only the links of the modified set, in
    // the order they entered it, each link's usage summed over its flows past their latency (the
    // latest to enter first); every flow on them is solved again, against these links only.
    for (LinkId id : modified_) {
      LinkState& link = link_states_[id];
      link.stamp = stamp_;
      link.remaining = link.bandwidth;
      link.usage = 0.0;
      link.flows.clear();
      link.light = true;
      light.push_back(id);
      for (auto it = enabled_[id].rbegin(); it != enabled_[id].rend(); ++it) {
        const NodeId child = *it;
        const Edge& edge = edges_[child];
        if (solved_[child] != stamp_) {
          solved_[child] = stamp_;
          flows.push_back(child);
          value_[child] = 0.0;
        }
        const double share = route_element(edge, id).weight / edge.penalty;
        link.usage = link.fatpipe ? std::max(link.usage, share) : link.usage + share;
      }
      // Its flows in the order of its active elements (each made active at the front): oldest first.
      link.flows.assign(enabled_[id].begin(), enabled_[id].end());
    }
    light.erase(std::remove_if(light.begin(), light.end(),
                               [&](LinkId id) {
                                 LinkState& link = link_states_[id];
                                 link.light = link.usage > 0.0 && link.remaining > link.bandwidth * kMaxMinPrecision;
                                 return !link.light;
                               }),
                light.end());
    for (std::size_t i = 0; i < light.size(); ++i)
      link_states_[light[i]].light_index = i;
    // The links' levels in a heap (smallest first); an entry is current while its link's version
    // is the entry's: a link whose level changes gets a new entry.
    std::vector<LevelEntry>& heap = heap_;
    heap.clear();
    for (LinkId id : light) {
      LinkState& link = link_states_[id];
      heap.push_back({link.remaining / link.usage, ++link.version, id});
    }
    std::make_heap(heap.begin(), heap.end(), later);
    const auto current = [&](const LevelEntry& entry) { return link_states_[entry.link].version == entry.version; };
    const auto pop = [&] {
      std::pop_heap(heap.begin(), heap.end(), later);
      heap.pop_back();
    };
    std::vector<LinkId>& saturated = saturated_;
    std::vector<LinkId>& touched = touched_;
    std::vector<NodeId>& candidates = candidates_;
    for (;;) {
      while (!heap.empty() && !current(heap.front()))
        pop();
      if (heap.empty())
        break;
      const double min_usage = heap.front().level;
      saturated.clear();
      while (!heap.empty() && (!current(heap.front()) || heap.front().level == min_usage)) {
        if (current(heap.front()))
          saturated.push_back(heap.front().link);
        pop();
      }
      // In the table's order, as SimGrid scans it for the smallest level.
      std::sort(saturated.begin(), saturated.end(),
                [&](LinkId a, LinkId b) { return link_states_[a].light_index < link_states_[b].light_index; });
      ++round_;
      touched.clear();
      for (LinkId id : saturated)
        mark_touched(id);
      candidates.clear();
      for (LinkId id : saturated)
        for (NodeId child : link_states_[id].flows)
          if (value_[child] == 0.0 && !marked_[child]) {
            marked_[child] = 1;
            candidates.push_back(child);
          }
      double min_bound = -1.0;
      for (NodeId child : candidates) {
        const Edge& edge = edges_[child];
        if (edge.bound > 0.0 && edge.bound * edge.penalty < min_usage)
          min_bound = min_bound < 0.0 ? edge.bound * edge.penalty : std::min(min_bound, edge.bound * edge.penalty);
      }
      bool fixed_any = false;
      for (NodeId child : candidates) {
        marked_[child] = 0;
        const Edge& edge = edges_[child];
        double value = 0.0;
        if (min_bound < 0.0)
          value = min_usage / edge.penalty;
        else if (std::abs(min_bound - edge.bound * edge.penalty) < kMaxMinPrecision)
          value = edge.bound;
        else
          continue;  // fixed once its own bound or link is the smallest
        value_[child] = value;
        fixed_any = true;
        for (const RouteElement& element : edge.route) {
          LinkState& link = link_states_[element.link];
          if (link.stamp != stamp_)
            continue;
          mark_touched(element.link);
          if (!link.fatpipe) {
            use_up(link.remaining, element.weight * value, link.bandwidth * kMaxMinPrecision);
            use_up(link.usage, element.weight / edge.penalty, kMaxMinPrecision);
          } else {
            link.usage = 0.0;
            for (NodeId other : link.flows)
              if (value_[other] <= 0.0)
                link.usage = std::max(link.usage, 1.0 / edges_[other].penalty);
          }
          if (!(link.usage > kMaxMinPrecision) || !(link.remaining > link.bandwidth * kMaxMinPrecision))
            leave_table(element.link);
        }
      }
      if (!fixed_any)  // cannot happen with positive figures; never loop for ever
        for (LinkId id : saturated)
          leave_table(id);
      for (LinkId id : touched) {  // new levels, or out of the heap
        LinkState& link = link_states_[id];
        ++link.version;
        if (link.light) {
          heap.push_back({link.remaining / link.usage, link.version, id});
          std::push_heap(heap.begin(), heap.end(), later);
        }
      }
    }
    for (LinkId id : modified_)
      in_modified_[id] = 0;
    modified_.clear();
    ++visit_round_;
    // CM02's lazy update: every flow solved again has its remaining bytes brought up to date and
    // its end date set again (Model::next_occurring_event_lazy), its rate changed or not.
    for (NodeId child : flows) {
      Edge& edge = edges_[child];
      const double rate = value_[child];
      use_up(edge.remaining, edge.rate * (now_ - edge.last_update), kMaxMinPrecision * kTimingPrecision);
      edge.last_update = now_;
      edge.rate = rate;
      edge.finish = rate > 0.0 ? now_ + std::max(edge.remaining, 0.0) / rate : kInfinity;
    }
  }

  static const RouteElement& route_element(const Edge& edge, LinkId id)
  {
    return *std::find_if(edge.route.begin(), edge.route.end(), [&](const RouteElement& e) { return e.link == id; });
  }

  double end_date(NodeId child) const
  {
    const Edge& edge = edges_[child];
    return edge.data_phase ? edge.finish : edge.latency_end;
  }

  // SimGrid's selective update (lmm::System::update_modified_cnst_set): a link enters the set of
  // links solved again with every link it reaches through flows past their latency, unless it is
  // in the set already; a flow is followed once between two solves. So a flow whose latency ends
  // when its first link is in the set already (a flow sharing that link entered or left at the
  // same instant) does not bring in its other links: their flows keep their rates, and the link
  // may carry more than its bandwidth until their next solve, as SimGrid 3.32's replay does.
  void mark_modified(LinkId id)
  {
    if (in_modified_[id])
      return;
    in_modified_[id] = 1;
    modified_.push_back(id);
    follow(id);
  }

  void follow(LinkId id)
  {
    for (auto it = enabled_[id].rbegin(); it != enabled_[id].rend(); ++it) {
      const NodeId child = *it;
      if (visited_[child] == visit_round_)
        continue;
      for (const RouteElement& element : edges_[child].route) {
        if (visited_[child] == visit_round_)
          break;
        if (element.link != id && !in_modified_[element.link]) {
          in_modified_[element.link] = 1;
          modified_.push_back(element.link);
          follow(element.link);
        }
      }
      visited_[child] = visit_round_;
    }
  }

  // A saturated link leaves the table: the last one takes its place (lmm's cnst_light_tab).
  void leave_table(LinkId id)
  {
    LinkState& link = link_states_[id];
    if (!link.light)
      return;
    link.light = false;
    std::vector<LinkId>& table = light_;
    const LinkId last = table.back();
    table[link.light_index] = last;
    link_states_[last].light_index = link.light_index;
    table.pop_back();
  }

  void mark_touched(LinkId id)
  {
    LinkState& link = link_states_[id];
    if (link.touched_round != round_) {
      link.touched_round = round_;
      touched_.push_back(id);
    }
  }

  void retire(NodeId child)
  {
    Edge& edge = edges_[child];
    if (edge.data_phase) {  // lmm::System::var_free: the set first, from the flow's first link
      mark_modified(edge.route.front().link);
      for (const RouteElement& element : edge.route) {
        auto& list = enabled_[element.link];
        list.erase(std::find(list.begin(), list.end(), child));
      }
    }
    edge.in_flight = false;
    edge.data_phase = false;
    edge.rate = 0.0;
    edge.finish = kInfinity;
    in_flight_.erase(std::find(in_flight_.begin(), in_flight_.end(), child));
    dirty_ = true;
  }

  void start_flow(NodeId child)
  {
    Edge& edge = edges_[child];
    edge.in_flight = true;
    edge.latency_end = now_ + edge.latency;
    edge.remaining = slice_bytes_;
    edge.rate = 0.0;
    edge.finish = kInfinity;
    edge.last_update = now_;
    edge.data_phase = edge.latency <= 0.0 && !edge.route.empty();
    in_flight_.push_back(child);
    edge.sequence = transfers_;
    // NetworkCm02Model::communicate: the flow is added to its links one by one (lmm expand), each
    // link then entering the modified set; past no latency, the flow shares them at once.
    for (const RouteElement& element : edge.route) {
      if (edge.data_phase)
        enabled_[element.link].push_back(child);
      mark_modified(element.link);
    }
    ++transfers_;
    dirty_ = true;
  }

  // The driver of SliceForwarding: the same node loop as the event-driven replay's.
  friend class SliceForwarding<FluidBroadcast>;

  bool edge_busy(NodeId child) const { return edges_[child].in_flight; }

  // When slice `slice`'s send to `child` must wait for its start, if it must.
  std::optional<double> hold_until(NodeId child, std::size_t slice) const
  {
    if (!tree_.send_start(child))
      return std::nullopt;
    const double not_before = tree_.slice_not_before(child, slice);
    if (now_ < not_before - kTimingPrecision)
      return not_before;
    return std::nullopt;
  }

  bool start_transfer(NodeId, NodeId child)
  {
    start_flow(child);
    return true;
  }

  void on_stopped(NodeId) {}
  double now() const { return now_; }
  double send_overhead(NodeId node) const { return overhead_[node]; }
  void set_timer(double date, NodeId node) { sleepers_.emplace(date, node); }
  void on_finished(NodeId, double) {}

  void on_transfer_end(NodeId child)
  {
    forwarding_.deliver(child, now_);
    forwarding_.advance(child);
    forwarding_.advance(forwarding_.parent(child));
    wake_due_sleepers();
  }

  void wake_due_sleepers()
  {
    while (!sleepers_.empty() && sleepers_.begin()->first < now_ + kTimingPrecision) {
      const NodeId node = sleepers_.begin()->second;
      sleepers_.erase(sleepers_.begin());
      forwarding_.wake(node);
    }
  }

  const BroadcastTree& tree_;
  const LinkRouteModel& links_;
  double slice_bytes_;
  std::size_t slices_;
  std::vector<Edge> edges_;  // by child
  SliceForwarding<FluidBroadcast> forwarding_;
  std::vector<double> overhead_;
  std::vector<LinkState> link_states_;
  std::vector<NodeId> in_flight_;
  std::multimap<double, NodeId> sleepers_;
  // Working lists, kept between events for their capacity.
  std::vector<LinkId> light_, saturated_, touched_;
  std::vector<LevelEntry> heap_;
  std::size_t round_ = 0;
  std::vector<NodeId> flows_, candidates_, ended_, paid_;
  // SimGrid's selective update: the links to solve again, and the flows on each link.
  std::vector<LinkId> modified_;
  std::vector<char> in_modified_;
  std::vector<std::vector<NodeId>> enabled_;  // per link, its flows past their latency, oldest first
  std::vector<std::size_t> visited_ = std::vector<std::size_t>(tree_.size(), 0);
  std::vector<std::size_t> solved_ = std::vector<std::size_t>(tree_.size(), 0);
  std::size_t visit_round_ = 1;
  std::vector<double> value_ = std::vector<double>(tree_.size(), 0.0);
  std::vector<char> marked_ = std::vector<char>(tree_.size(), 0);
  double now_ = 0.0;
  bool dirty_ = false;
  std::size_t stamp_ = 0;
  std::size_t transfers_ = 0;
  std::size_t solves_ = 0;
};

}  // namespace max_min_fluid

bool max_min_applies(std::size_t hosts, std::size_t slices)
{
  return static_cast<double>(hosts) * static_cast<double>(hosts) * static_cast<double>(slices) <= kMaxMinWorkLimit;
}

MaxMinPrediction predict_max_min(const BroadcastTree& tree, const CostModel& overheads, const LinkRouteModel& links,
                                 double slice_bytes, std::size_t slices, PortModel port)
{
  if (slices == 0)
    throw std::invalid_argument("a broadcast needs at least one slice");
  if (links.host_count() != tree.size())
    throw std::invalid_argument("max-min prediction: the tree and the links have different host counts");
  return max_min_fluid::FluidBroadcast(tree, overheads, links, slice_bytes, slices, port).run();
}

}  // namespace hbcast
