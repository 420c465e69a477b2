#pragma once
// Helpers shared by the seed 004 unit tests (not part of the library).
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/schedule_checker.hpp>

#include <gtest/gtest.h>

namespace hbcast::test {

inline ClusterInstance instance_of(std::vector<std::size_t> sizes, double c)
{
  ClusterInstance instance;
  instance.sizes = std::move(sizes);
  instance.global_cost = c;
  return instance;
}

inline double checked_time(const ClusterInstance& instance, const ClusterSchedule& schedule)
{
  return check_schedule(instance, schedule).broadcast_time;
}

}  // namespace hbcast::test
