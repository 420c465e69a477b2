#include <hbcast/cluster/interleaved_lcf.hpp>

#include <hbcast/cluster/cluster_order.hpp>
#include <hbcast/cluster/event_queue.hpp>
#include <hbcast/cluster/schedule_builder.hpp>

namespace hbcast {
namespace {

struct Slot {
  std::size_t cluster;
  std::size_t local;
  bool global;
};

}  // namespace

ClusterSchedule schedule_interleaved_lcf(const ClusterInstance& instance)
{
  ScheduleBuilder builder(instance);
  const auto order = largest_first_order(instance);
  const double c = instance.global_cost;
  EventQueue<Slot> slots;
  slots.push(0.0, {0, 0, false});
  std::size_t next = 0;
  while (!slots.empty()) {
    const auto [time, slot] = slots.pop();
    const std::size_t size = instance.sizes[slot.cluster];
    if (builder.informed(slot.cluster) == size && next == order.size())
      continue;  // nothing left for this node to do
    if (!slot.global) {
      const std::size_t to = builder.local_send(slot.cluster, slot.local, size, time);
      if (to < size)
        slots.push(time + 1.0, {slot.cluster, to, false});
    } else if (next < order.size()) {
      const std::size_t to = order[next++];
      builder.global(slot.cluster, slot.local, to, time);
      slots.push(time + c, {to, 0, false});
    }
    slots.push(time + 1.0, {slot.cluster, slot.local, !slot.global});
  }
  return builder.take();
}

}  // namespace hbcast
