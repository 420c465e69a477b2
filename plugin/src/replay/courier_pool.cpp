#include "courier_pool.hpp"

#include "courier.hpp"

#include <hbcast/platform/loaded_platform.hpp>

#include <simgrid/s4u/Engine.hpp>

namespace hbcast {
namespace {

// Mailbox names are process-wide: every courier of every pool gets its own.
std::size_t next_courier_index()
{
  static std::size_t next = 0;
  return next++;
}

}  // namespace

CourierPool::CourierPool(Handler on_end) : on_end_(std::move(on_end)), parking_(parking_host()) {}

simgrid::s4u::Host* CourierPool::parking_host()
{
  return simgrid::s4u::Engine::get_instance()->host_by_name_or_null(LoadedPlatform::kCourierParkingHost);
}

bool CourierPool::cancel_transfers_of(const simgrid::s4u::Host& host)
{
  bool courier_lost = false;
  for (const auto& courier : couriers_) {
    courier_lost = courier_lost || courier->carries_from(host);
    courier->cancel_transfers_of(host);
  }
  return !courier_lost;
}

CourierPool::~CourierPool() = default;

void CourierPool::send(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes, std::size_t token)
{
  Courier& courier = courier_for_new_transfer(from);
  courier.push(from, to, bytes, token);
}

Courier& CourierPool::courier_for_new_transfer(simgrid::s4u::Host* home)
{
  // The courier that runs now, or one that will run at this date, starts the transfer at this date.
  if (running_ != nullptr && running_->load() < kCourierLoad)
    return *running_;
  if (accepting_ != nullptr && accepting_->load() < kCourierLoad)
    return *accepting_;
  if (!idle_.empty()) {
    accepting_ = idle_.back();
    idle_.pop_back();
    accepting_->wake();
    return *accepting_;
  }
  return spawn(home);
}

Courier& CourierPool::spawn(simgrid::s4u::Host* home)
{
  if (!receiver_) {
    receiver_release_ = simgrid::s4u::Semaphore::create(0);
    receiver_ = simgrid::s4u::Actor::create("hbcast-courier-receiver", parking_ != nullptr ? parking_ : home,
                                            [release = receiver_release_] { release->acquire(); });
  }
  auto courier = std::make_shared<Courier>(shared_from_this(), next_courier_index(), receiver_);
  courier->spawn(parking_ != nullptr ? parking_ : home);
  couriers_.push_back(courier);
  accepting_ = courier.get();
  return *courier;
}

void CourierPool::close()
{
  closed_ = true;
  for (Courier* courier : idle_)
    courier->wake();
  idle_.clear();
  couriers_.clear();
  if (receiver_release_)
    receiver_release_->release();
}

}  // namespace hbcast
