#pragma once
// Helpers shared by the Khuller-Kim-Wan unit tests (not part of the library).
#include <hbcast/cluster/cluster_instance.hpp>
#include <hbcast/cluster/schedule_checker.hpp>

#include <gtest/gtest.h>

namespace hbcast::test {

inline double checked_time(const ClusterInstance& instance, const ClusterSchedule& schedule)
{
  return check_schedule(instance, schedule).broadcast_time;
}

}  // namespace hbcast::test
