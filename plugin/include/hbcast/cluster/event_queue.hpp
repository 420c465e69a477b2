#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <tuple>
#include <vector>

namespace hbcast {

/// Min-queue of (time, payload) events, equal times in insertion order (deterministic schedules).
template <typename Payload>
class EventQueue {
public:
  void push(double time, Payload payload) { heap_.push({time, counter_++, payload}); }
  bool empty() const { return heap_.empty(); }
  std::pair<double, Payload> pop()
  {
    auto top = heap_.top();
    heap_.pop();
    return {std::get<0>(top), std::get<2>(top)};
  }

private:
  struct Later {
    bool operator()(const std::tuple<double, std::uint64_t, Payload>& a,
                    const std::tuple<double, std::uint64_t, Payload>& b) const
    {
      return std::get<0>(a) > std::get<0>(b) || (std::get<0>(a) == std::get<0>(b) && std::get<1>(a) > std::get<1>(b));
    }
  };
  std::priority_queue<std::tuple<double, std::uint64_t, Payload>, std::vector<std::tuple<double, std::uint64_t, Payload>>,
                      Later>
      heap_;
  std::uint64_t counter_ = 0;
};

}  // namespace hbcast
