#pragma once
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/platform_graph_choice.hpp>

#include <chrono>
#include <memory>
#include <optional>

namespace hbcast::cli {

/// A steady-state program solved in a child process while the caller goes on: simulate's
/// schedulers that need no platform graph run meanwhile. The solution comes
/// back exactly (CBOR: every double bit for bit, infinities included).
class BackgroundSteadyState {
public:
  /// Starts the child; `program` must have a graph.
  explicit BackgroundSteadyState(const SteadyStateProgram& program);
  BackgroundSteadyState(const BackgroundSteadyState&) = delete;
  BackgroundSteadyState& operator=(const BackgroundSteadyState&) = delete;
  /// Kills the child if it is still running.
  ~BackgroundSteadyState();

  /// Waits for the child; throws std::runtime_error with its error (what solving here would have
  /// thrown, or how it crashed).
  std::shared_ptr<const SteadyStateSolution> wait();
  /// wait() until `deadline`: past it the child is killed and this returns nullptr.
  std::shared_ptr<const SteadyStateSolution> wait_until(std::chrono::steady_clock::time_point deadline);
  /// Seconds the child spent solving (after wait()).
  double solve_seconds() const { return solve_seconds_; }

private:
  std::optional<IsolatedProcess> process_;
  double solve_seconds_ = 0.0;
};

}  // namespace hbcast::cli
