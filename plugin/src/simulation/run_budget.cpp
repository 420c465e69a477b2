#include <hbcast/simulation/run_budget.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace hbcast::cli {
namespace {

// A limit that has already passed still gives the part a moment: 0 would mean "no limit".
constexpr double kShortestLimit = 1e-3;

double seconds_between(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to)
{
  return std::chrono::duration<double>(to - from).count();
}

std::chrono::steady_clock::duration as_duration(double seconds)
{
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

RunBudget::RunBudget(double timeout_seconds, double budget_seconds, Clock::time_point run_start)
    : timeout_(timeout_seconds), budget_(budget_seconds), run_start_(run_start)
{
}

std::optional<RunBudget::Clock::time_point> RunBudget::end() const
{
  if (budget_ <= 0.0)
    return std::nullopt;
  return run_start_ + as_duration(budget_);
}

PartLimit RunBudget::part(std::size_t parts_left, Clock::time_point counted_from) const
{
  PartLimit limit;
  limit.started = counted_from;
  const auto now = Clock::now();
  std::optional<Clock::time_point> deadline;
  if (timeout_ > 0.0)
    deadline = counted_from + as_duration(timeout_);
  if (const auto budget_end = end()) {
    limit.share_seconds = std::max(0.0, seconds_between(now, *budget_end)) / static_cast<double>(std::max<std::size_t>(parts_left, 1));
    const auto share_end = now + as_duration(limit.share_seconds);
    if (!deadline || share_end < *deadline) {
      deadline = share_end;
      limit.by_budget = true;
    }
  }
  if (deadline)
    limit.seconds = std::max(kShortestLimit, seconds_between(counted_from, *deadline));
  return limit;
}

std::optional<RunBudget::Clock::time_point> RunBudget::shared_deadline(Clock::time_point counted_from) const
{
  std::optional<Clock::time_point> deadline;
  if (timeout_ > 0.0)
    deadline = counted_from + as_duration(timeout_);
  if (const auto budget_end = end(); budget_end && (!deadline || *budget_end < *deadline))
    deadline = budget_end;
  return deadline;
}

bool RunBudget::budget_binds(Clock::time_point counted_from) const
{
  const auto budget_end = end();
  return budget_end && (timeout_ <= 0.0 || *budget_end < counted_from + as_duration(timeout_));
}

std::string RunBudget::limit_phrase(bool by_budget) const
{
  return by_budget ? fmt::format("within the run's budget of {:g} s (--budget; 0: no budget)", budget_)
                   : fmt::format("within the {:g} s limit (--timeout)", timeout_);
}

std::string RunBudget::timeout_reason(const PartLimit& limit, const std::string& error) const
{
  if (!limit.by_budget)
    return error;
  const auto at = error.find(" while ");
  return fmt::format("stopped after its share of the run's budget, {:.1f} of {:g} s (--budget; 0: no budget){}",
                     limit.share_seconds, budget_, at == std::string::npos ? std::string() : error.substr(at));
}

}  // namespace hbcast::cli
