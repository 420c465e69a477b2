#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/broadcast_instance.hpp>
#include <hbcast/model/schedule_result.hpp>

#include <functional>
#include <optional>
#include <vector>

namespace hbcast {

/// Parameters of the Khuller-Kim-Woeginger PTAS. epsilon: the step of the geometric guess T = L (1+eps)^j;
/// epsilon_prime: the fast threshold eps' T and the ratio (1+eps') of the slow classes.
struct PtasParameters {
  /// Elementary steps (tree-table and DP transitions, summed over every guess of T) above which
  /// the PTAS refuses to start. 3e8 is a few seconds on one 2020s core (ptas_bench).
  /// Infinity skips the estimate (callers that checked the work themselves).
  static constexpr double kDefaultMaxWork = 3e8;
  double epsilon = 0.1;
  double epsilon_prime = 0.5;
  double max_work = kDefaultMaxWork;
};

struct PtasSchedule {
  BroadcastTree tree;          ///< children in send order: the sender-only model times them
  double makespan = 0.0;       ///< with the real transmission times
  double guess = 0.0;          ///< the accepted T (the first for which the DP succeeds)
  double deadline = 0.0;       ///< (1+eps')(1+3eps') T: the DP's bound, >= makespan
  std::size_t guesses = 0;     ///< values of T tried
  std::size_t fast_count = 0;  ///< |F| at the accepted T (the source included)
};

/// (1+eps)(1+eps')(1+3eps'): Khuller-Kim-Woeginger, Theorem 3's factor over the optimum.
double ptas_guarantee(const PtasParameters& parameters);

/// Upper bound on the elementary steps sender_only_ptas would take (computed without running
/// the DP); throws std::invalid_argument for bad parameters or times.
double sender_only_ptas_work(const std::vector<double>& times, NodeId source, const PtasParameters& parameters);

/// The PTAS of Khuller-Kim-Woeginger, section 3, from a given source: for T = L (1+eps)^j (L a lower bound
/// on the optimum), F = {t <= eps'T} plus the source is scheduled by FNF, the slow processors
/// are rounded up into classes eps'T (1+eps')^i, and a DP attaches labeled trees of slow
/// processors to F's sending points within (1+eps')(1+3eps')T; the first T that succeeds is kept.
/// With the source among the fastest processors (the paper's setting) the makespan is at most
/// ptas_guarantee() times the optimum. Throws std::invalid_argument, before any work, when
/// sender_only_ptas_work() exceeds parameters.max_work (not estimated when max_work is infinite).
PtasSchedule sender_only_ptas(const std::vector<double>& times, NodeId source, const PtasParameters& parameters = {});

/// Work the registry's `ptas` (broadcast and multicast) may spend: well under a second.
inline constexpr double kRegistryPtasWork = 5e7;

/// The smallest eps' in {0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1} whose work is within `max_work`
/// (1 when none is: the PTAS will then refuse with its own message).
double affordable_epsilon_prime(const std::vector<double>& times, NodeId source, double epsilon, double max_work);
/// The smallest eps' of that list whose `work(eps')` (any estimate, e.g. ptas_multicast_work) is
/// within `max_work`; nullopt when none is.
std::optional<double> affordable_epsilon_prime(const std::function<double(double)>& work, double max_work);

/// The registry's PTAS parameters (broadcast and multicast): eps = 0.1 and the smallest eps' whose
/// `work` is within kRegistryPtasWork, with no limit left to check (the work was just estimated);
/// when none is, eps' = 1 under the limit, so the PTAS refuses with its own message.
PtasParameters registry_ptas_parameters(const std::function<double(double)>& work);

/// Registry scheduler `ptas`: the sender-only t_u at the instance's transfer size, eps = 0.1 and
/// eps' = affordable_epsilon_prime(..., 5e7) (well under a second).
ScheduleResult schedule_ptas(const BroadcastInstance& instance, NodeId root);

}  // namespace hbcast
