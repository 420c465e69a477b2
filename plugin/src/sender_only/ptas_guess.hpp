#pragma once
// Internal to the PTAS (Khuller-Kim-Woeginger, section 3): everything fixed by one guess T of the optimum.
#include <hbcast/core/broadcast_tree.hpp>

#include <vector>

namespace hbcast::ptas_detail {

/// The partition of the processors for a guess T (Khuller-Kim-Woeginger, section 3).
struct Guess {
  double T = 0.0;
  double deadline = 0.0;                     ///< (1+eps')(1+3eps') T (Theorem 2)
  std::vector<NodeId> fast;                  ///< F = {t <= eps'T} plus the source, increasing ids
  std::vector<double> class_times;           ///< rounded time of each occupied slow class; +inf last: leaf-only
  std::vector<std::vector<NodeId>> classes;  ///< the processors of each class
  std::vector<std::size_t> totals;           ///< s_i
  std::vector<std::size_t> caps;             ///< min(s_i, Lemma 3's tree size bound)
  std::size_t slow_count = 0;
  std::size_t sending_classes = 0;           ///< classes with a finite time
};

/// Builds the partition. A slow processor p goes to class i, the smallest i >= 1 with
/// t_p <= eps'T (1+eps')^i, and is rounded up to that value. The paper's classes stop at
/// i = k, assuming t_p <= T; a processor whose rounded time exceeds the deadline can complete
/// no send before it, so (our completion of section 3) every such processor shares one
/// leaf-only class, whatever its time.
Guess make_guess(const std::vector<double>& times, NodeId source, double epsilon_prime, double T);

/// The FNF schedule of F (Khuller-Kim-Woeginger, section 3, "Schedule for F") over all n nodes, with the
/// time each fast processor becomes idle after its sends within F.
struct FastSchedule {
  BroadcastTree tree;
  std::vector<double> idle;  ///< indexed by node id (fast nodes only meaningful)
  double makespan = 0.0;
};
FastSchedule schedule_fast_set(const std::vector<double>& times, NodeId source, const std::vector<NodeId>& fast);

/// Sending points x_j of F (a fast processor p idle at f_p sends at f_p + m t_p): the `count`
/// earliest that are <= deadline, nondecreasing, ties by node id. Only |S| points can receive a
/// tree, and a tree moved to an earlier point finishes no later, so the first |S| points suffice.
struct SendingPoint {
  double time;
  NodeId sender;
};
std::vector<SendingPoint> sending_points(const std::vector<double>& times, const std::vector<NodeId>& fast,
                                         const std::vector<double>& idle, std::size_t count, double deadline);

/// A lower bound on the optimum from `source` (n >= 2): nobody else holds the message before
/// t_source, and from then on the informed count at most doubles every t_min.
double makespan_lower_bound(const std::vector<double>& times, NodeId source);

}  // namespace hbcast::ptas_detail
