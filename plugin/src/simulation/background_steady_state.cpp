#include <hbcast/simulation/background_steady_state.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/simulation/interruption.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace hbcast::cli {
namespace {

std::string encoded(const SteadyStateSolution& solution, double seconds)
{
  const nlohmann::json fields = {{"status", static_cast<int>(solution.status)},
                                 {"slices_per_second", solution.slices_per_second},
                                 {"bytes_per_second", solution.bytes_per_second},
                                 {"edge_loads", solution.edge_loads},
                                 {"iterations", solution.iterations},
                                 {"rounds", solution.rounds},
                                 {"variable_count", solution.variable_count},
                                 {"constraint_count", solution.constraint_count},
                                 {"seconds", seconds}};
  const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(fields);
  return {bytes.begin(), bytes.end()};
}

SteadyStateSolution decoded(const std::string& payload, double& seconds)
{
  const auto fields = nlohmann::json::from_cbor(payload);
  SteadyStateSolution solution;
  solution.status = static_cast<SteadyStateSolution::Status>(fields.at("status").get<int>());
  solution.slices_per_second = fields.at("slices_per_second").get<double>();
  solution.bytes_per_second = fields.at("bytes_per_second").get<double>();
  solution.edge_loads = fields.at("edge_loads").get<std::vector<double>>();
  solution.iterations = fields.at("iterations").get<int>();
  solution.rounds = fields.at("rounds").get<int>();
  solution.variable_count = fields.at("variable_count").get<std::size_t>();
  solution.constraint_count = fields.at("constraint_count").get<std::size_t>();
  seconds = fields.at("seconds").get<double>();
  return solution;
}

}  // namespace

BackgroundSteadyState::BackgroundSteadyState(const SteadyStateProgram& program)
{
  process_.emplace(IsolatedProcess::start([&program] {
    set_activity("%s", program.activity());
    const auto start = std::chrono::steady_clock::now();
    const SteadyStateSolution solution = program.solve();
    return encoded(solution, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }));
}

BackgroundSteadyState::~BackgroundSteadyState()
{
  if (process_)
    kill_child_group(process_->pid());  // kills and reaps it
}

std::shared_ptr<const SteadyStateSolution> BackgroundSteadyState::wait()
{
  // Out of process_ first: once waited on (or killed on a signal) it is reaped, never killed again.
  const IsolatedProcess process = std::move(*process_);
  process_.reset();
  const IsolatedOutcome outcome = process.wait();
  if (!outcome.ok)
    throw std::runtime_error(outcome.error);
  return std::make_shared<const SteadyStateSolution>(decoded(outcome.payload, solve_seconds_));
}

std::shared_ptr<const SteadyStateSolution> BackgroundSteadyState::wait_until(
    std::chrono::steady_clock::time_point deadline)
{
  const IsolatedProcess process = std::move(*process_);
  process_.reset();
  const auto now = std::chrono::steady_clock::now();
  // At least a moment: a deadline already passed still lets a finished child be collected.
  const double seconds = std::max(1e-3, std::chrono::duration<double>(deadline - now).count());
  const IsolatedOutcome outcome = process.wait(seconds, now);
  if (outcome.timed_out)
    return nullptr;
  if (!outcome.ok)
    throw std::runtime_error(outcome.error);
  return std::make_shared<const SteadyStateSolution>(decoded(outcome.payload, solve_seconds_));
}

}  // namespace hbcast::cli
