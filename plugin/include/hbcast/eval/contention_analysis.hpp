#pragma once
#include <hbcast/eval/timed_transfers.hpp>
#include <hbcast/model/link_route_model.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hbcast {

/// A stretch of time during which a shared link is asked for more than its bandwidth.
struct OversubscribedInterval {
  double start = 0.0;
  double end = 0.0;
  double peak_ratio = 0.0;                ///< largest demand / bandwidth within the stretch (FATPIPE: r_i p_i / (C p_min))
  std::vector<std::uint32_t> transfers;   ///< indices of the transfers analysed (in their order), ascending
};

/// One over-subscribed shared link.
struct LinkContention {
  LinkId link = 0;
  std::string name;
  double bandwidth = 0.0;
  double peak_ratio = 0.0;       ///< largest demand / bandwidth
  double overloaded_time = 0.0;  ///< total length of its intervals (s)
  std::vector<OversubscribedInterval> intervals;
};

struct ContentionReport {
  /// The over-subscribed shared links, worst first (peak ratio, then overloaded time, then id).
  std::vector<LinkContention> links;
  /// Largest peak ratio over all links (0 when none is over-subscribed).
  double worst_ratio() const { return links.empty() ? 0.0 : links.front().peak_ratio; }
};

/// Demand a set of transfers places on the platform's links, as the principle of the link-aware
/// schedulers states it: a transfer running at its pairwise rate r (its route's bottleneck
/// bandwidth) uses r on every link of its route (twice on a link it crosses twice) during its data
/// phase [start + route latency, end) (CM02: a flow takes no bandwidth while its latency elapses).
/// A SHARED link is over-subscribed where the summed rates exceed its bandwidth. A FATPIPE link C
/// lets each flow use all of C, but SimGrid shares it by weight: CM02 gives each flow a sharing
/// penalty p, its route latency (1 without latency), and a FATPIPE link saturates when its
/// fastest-growing flow reaches C, freezing flow i at C p_min / p_i, p_min the smallest penalty of
/// the flows it bottlenecks (NetworkCm02Model::communicate and the max-min solver, SimGrid 3.32).
/// So it is over-subscribed where an active flow's r_i p_i exceeds C p_min (always alone, or with
/// equal latencies, never). Relative tolerance 1e-9, stretches under 1e-9 s ignored. Exactly there
/// max-min sharing can slow a transfer below its pairwise rate; where no link is over-subscribed,
/// every transfer gets its rate and a replay equals the prediction.
/// Cost: one route view per transfer, one sort of all the steps by time (when they hold at most
/// 512 distinct times, as a tree on uniform links does, each keeps a 16-bit rank among them, not a
/// double, and they sort by counting; else radix passes, runs of times equal on 32 bits sorted by
/// comparison, O(E log E) at worst), one pass over them
/// finding the links on which two crossings are ever active at once (O(E h + L), L = largest link
/// id + 1), then a sweep only on those whose crossings' rates sum above their bandwidth. A link
/// whose crossings never overlap (a host link one sender uses for one transfer after the other)
/// has neither its steps grouped nor its properties read.
ContentionReport analyze_contention(const std::vector<TimedTransfer>& transfers, const LinkRouteModel& links);

/// The same report for the transfers timed_transfers(tree, costs, bytes, ready_time) lists, in
/// its order, without the list (DepthFirstTransfers): simulate analyses each tree from its
/// prediction's ready times so.
ContentionReport analyze_contention(const BroadcastTree& tree, const CostModel& costs, double bytes,
                                    const std::vector<double>& ready_time, const LinkRouteModel& links);

/// Whether no link can be over-subscribed (as analyze_contention judges it) by the transfers of
/// `tree`, whatever their times, as long as an edge carries one slice at a time and, one-port, a
/// sender one transfer at a time (the pipelined and atomic predictions' transfers; Beaumont-
/// Marchal-Robert 3.2): on every SHARED link the rates of the edges crossing it (the largest of
/// each sender's, one-port) sum to at most its bandwidth, and no FATPIPE link can slow one of
/// them. Then analyze_contention reports no link; the check costs one route per edge.
bool links_never_oversubscribed(const BroadcastTree& tree, const LinkRouteModel& links, PortModel port);

}  // namespace hbcast
