#pragma once
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace hbcast::cli {

/// How long one part of a run may take: `seconds` counted from `started` (0: no limit), and
/// whether the run's budget, not the part's own limit, set it.
struct PartLimit {
  double seconds = 0.0;
  std::chrono::steady_clock::time_point started;
  bool by_budget = false;
  double share_seconds = 0.0;  ///< by_budget: the part's share of what was left of the budget
};

/// The time limits of a `simulate` run: --timeout bounds each part the run waits for (a
/// scheduler with its share of the shared work, the steady-state program solved in the
/// background, the platform's loading); --budget bounds the whole run, what is left of it shared
/// equally among the parts still to run, so that a slow part cannot starve the others and every
/// part gets a row. A part that finishes early leaves its time to the others.
class RunBudget {
public:
  using Clock = std::chrono::steady_clock;
  /// Limits in seconds, 0 for none; the budget counts from `run_start`.
  RunBudget(double timeout_seconds, double budget_seconds, Clock::time_point run_start);

  /// The limit of a part that begins now, `parts_left` parts (this one included) still to run;
  /// its own limit counts from `counted_from` (now minus the shared work it inherits).
  PartLimit part(std::size_t parts_left, Clock::time_point counted_from) const;
  /// The deadline of shared work begun (for the limit) at `counted_from`, which the parts after it
  /// wait for: its own limit or the budget's end, whichever comes first; none without limits.
  std::optional<Clock::time_point> shared_deadline(Clock::time_point counted_from) const;
  /// Whether that deadline was the budget's (for the message).
  bool budget_binds(Clock::time_point counted_from) const;
  /// The budget's end, if there is a budget.
  std::optional<Clock::time_point> end() const;

  /// The reason of a part stopped by `limit`: `error` as it came ("timed out after 3 s while
  /// replaying the fnf tree") when its own limit stopped it, else the budget's share named.
  std::string timeout_reason(const PartLimit& limit, const std::string& error) const;
  /// "within the 10 s limit (--timeout)" or "within the run's budget of 50 s (--budget)".
  std::string limit_phrase(bool by_budget) const;

  double timeout_seconds() const { return timeout_; }
  double budget_seconds() const { return budget_; }

private:
  double timeout_;
  double budget_;
  Clock::time_point run_start_;
};

}  // namespace hbcast::cli
