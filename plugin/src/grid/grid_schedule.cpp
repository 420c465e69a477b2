#include <hbcast/grid/grid_schedule.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

std::string cluster_name(std::size_t i) { return "cluster " + std::to_string(i); }

bool near(double a, double b, double tolerance)
{
  return std::abs(a - b) <= tolerance * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

}  // namespace

double grid_makespan(const GridInstance& instance, const GridSchedule& schedule, GridCompletion completion)
{
  if (completion == GridCompletion::release)
    return schedule.makespan;
  double makespan = 0.0;
  for (std::size_t i = 0; i < instance.cluster_count(); ++i)
    makespan = std::max(makespan, schedule.arrival.at(i) + instance.broadcast_time(i));
  return makespan;
}

GridSchedule time_grid_schedule(const GridInstance& instance,
                                const std::vector<std::pair<std::size_t, std::size_t>>& decisions)
{
  const std::size_t k = instance.cluster_count();
  GridSchedule schedule;
  schedule.arrival.assign(k, -1.0);
  schedule.arrival[instance.root_cluster()] = 0.0;
  std::vector<double> free_at(k, 0.0);
  for (const auto& [sender, receiver] : decisions) {
    if (sender >= k || receiver >= k)
      throw std::invalid_argument("grid schedule: a transfer names a cluster outside 0.." + std::to_string(k - 1));
    if (schedule.arrival[sender] < 0.0)
      throw std::invalid_argument("grid schedule: " + cluster_name(sender) + " sends before it has the message");
    if (schedule.arrival[receiver] >= 0.0)
      throw std::invalid_argument("grid schedule: " + cluster_name(receiver) + " receives twice");
    const double start = free_at[sender];
    const double arrival = start + instance.transfer_time(sender, receiver);
    schedule.transfers.push_back({sender, receiver, start, arrival});
    free_at[sender] = free_at[receiver] = arrival;
    schedule.arrival[receiver] = arrival;
  }
  for (std::size_t i = 0; i < k; ++i)
    if (schedule.arrival[i] < 0.0)
      throw std::invalid_argument("grid schedule: " + cluster_name(i) + " never receives the message");
  schedule.release = free_at;
  for (std::size_t i = 0; i < k; ++i)
    schedule.makespan = std::max(schedule.makespan, free_at[i] + instance.broadcast_time(i));
  return schedule;
}

double check_grid_schedule(const GridInstance& instance, const GridSchedule& schedule, double tolerance)
{
  const std::size_t k = instance.cluster_count();
  if (schedule.transfers.size() + 1 != k || schedule.arrival.size() != k || schedule.release.size() != k)
    throw std::invalid_argument("grid schedule: needs k - 1 transfers and one arrival and release per cluster");
  std::vector<double> arrival(k, -1.0);
  arrival[instance.root_cluster()] = 0.0;
  for (const auto& transfer : schedule.transfers) {
    if (transfer.sender >= k || transfer.receiver >= k || arrival[transfer.receiver] >= 0.0)
      throw std::invalid_argument("grid schedule: " + cluster_name(transfer.receiver) + " is an invalid receiver");
    if (!near(transfer.arrival, transfer.start + instance.transfer_time(transfer.sender, transfer.receiver), tolerance))
      throw std::invalid_argument("grid schedule: the transfer to " + cluster_name(transfer.receiver) +
                                  " does not last g + L");
    arrival[transfer.receiver] = transfer.arrival;
  }
  // Per sender, its sends by start time: each after it holds the message and after the previous one.
  auto by_start = schedule.transfers;
  std::stable_sort(by_start.begin(), by_start.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
  std::vector<double> release = arrival;
  for (const auto& transfer : by_start) {
    if (arrival[transfer.sender] < 0.0 || transfer.start < release[transfer.sender] - tolerance * (1.0 + transfer.start))
      throw std::invalid_argument("grid schedule: " + cluster_name(transfer.sender) +
                                  " sends before it holds the message or while it is busy");
    release[transfer.sender] = transfer.arrival;
  }
  double makespan = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    if (arrival[i] < 0.0)
      throw std::invalid_argument("grid schedule: " + cluster_name(i) + " never receives the message");
    if (!near(arrival[i], schedule.arrival[i], tolerance) || !near(release[i], schedule.release[i], tolerance))
      throw std::invalid_argument("grid schedule: the arrival or release of " + cluster_name(i) + " is wrong");
    makespan = std::max(makespan, release[i] + instance.broadcast_time(i));
  }
  if (!near(makespan, schedule.makespan, tolerance))
    throw std::invalid_argument("grid schedule: the makespan is not max(release + T)");
  return makespan;
}

}  // namespace hbcast
