#pragma once
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace hbcast {

class Courier;

/// Host-to-host transfers without a std::list of every transfer in flight.
///
/// SimGrid 3.32 registers every Comm::sendto_async comm in maestro's activity list
/// (CommImpl::detach, from Comm::sendto_init) and CommImpl::finish takes it out with
/// std::list::remove, which scans the whole list: O(transfers in flight) per transfer, whichever
/// actor issued it. A mailbox comm is instead listed by the actors that issue and wait for it.
/// So a courier (an actor) moves to the sending host and sends to a mailbox whose permanent
/// receiver (the pool's one idle actor) it has moved to the receiving host: the comm starts at once
/// between those two hosts, and stays listed only in that courier's short list. Each courier
/// carries at most kCourierLoad transfers at a time and reaps them with Comm::wait_any, so a
/// transfer costs O(kCourierLoad); a pool holds about (transfers in flight) / kCourierLoad
/// couriers, created when needed and reused when idle.
class CourierPool : public std::enable_shared_from_this<CourierPool> {
public:
  /// Called in kernel context when the transfer carrying `token` has ended.
  using Handler = std::function<void(std::size_t token, const simgrid::s4u::Comm& comm)>;

  explicit CourierPool(Handler on_end);
  ~CourierPool();
  CourierPool(const CourierPool&) = delete;
  CourierPool& operator=(const CourierPool&) = delete;

  /// Starts a transfer of `bytes` from `from` to `to` at the current simulated time (in a later
  /// scheduling round of the same date). Call in kernel context.
  void send(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes, std::size_t token);
  /// No more transfers: idle couriers end, busy ones end when their transfers have.
  void close();
  /// Cancels the transfers in flight from or to `host` (kernel context): each ends, failed,
  /// through the handler. False when one of them left from `host`: SimGrid 3.32 then kills the
  /// courier that sent it (CommImpl::finish ends the sending actor of a comm whose source host
  /// failed), and the other transfers it carries never end.
  bool cancel_transfers_of(const simgrid::s4u::Host& host);
  /// Where the couriers and the receiver stand between transfers, so that no host going down can
  /// kill them with the transfers they carry: the host LoadedPlatform::load adds for them. On a
  /// platform without it (built in code, or a star of hosts as root zone), nullptr: they stand on
  /// the hosts of their last transfers, and a host going down there ends those transfers too.
  static simgrid::s4u::Host* parking_host();
  /// Why a replay whose cancel_transfers_of returned false cannot go on (its row says it).
  static constexpr const char* kLostCourierNote =
      "the couriers driver cannot go on past a host that goes down while it sends: SimGrid 3.32 kills the courier "
      "actor that carried the transfer, with the others it carried; --cfg=hbcast/replay-driver:events replays this "
      "case";

private:
  friend class Courier;
  Courier& courier_for_new_transfer(simgrid::s4u::Host* home);
  Courier& spawn(simgrid::s4u::Host* home);

  Handler on_end_;
  simgrid::s4u::ActorPtr receiver_;  // every courier's permanent receiver; idle until close()
  simgrid::s4u::SemaphorePtr receiver_release_;
  std::vector<std::shared_ptr<Courier>> couriers_;  // released at close(); each courier's actor keeps its own
  std::vector<Courier*> idle_;
  Courier* running_ = nullptr;    // the courier handling a transfer's end right now
  Courier* accepting_ = nullptr;  // woken or created at this date, has not issued its transfers yet
  bool closed_ = false;
  simgrid::s4u::Host* parking_;   // parking_host(), or nullptr when made too late for one
};

/// Transfers per courier: bounds the courier's activity list and its wait_any vector.
inline constexpr std::size_t kCourierLoad = 32;

}  // namespace hbcast
