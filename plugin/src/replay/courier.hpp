#pragma once
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace hbcast {

class CourierPool;

/// One courier of a CourierPool: an actor that starts the transfers it is given, each from its
/// sending host to its own mailbox, whose permanent receiver (the pool's idle receiver actor)
/// stands on the receiving host, then waits for them and hands their ends to the pool. Both
/// actors move to the hosts of each transfer just before starting it (a comm's hosts are fixed
/// when it starts), and back to the pool's parking host right after: a host that goes down
/// kills the actors on it, and with them every transfer they carry.
class Courier : public std::enable_shared_from_this<Courier> {
public:
  Courier(std::shared_ptr<CourierPool> pool, std::size_t index, simgrid::s4u::ActorPtr receiver);

  /// Creates the courier's actor on `home` (once the courier is owned by a shared_ptr).
  void spawn(simgrid::s4u::Host* home);
  /// Queues a transfer; it starts when the courier next runs (kernel context).
  void push(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes, std::size_t token);
  /// Wakes the courier if it waits for work.
  void wake();
  /// Transfers queued or in flight.
  std::size_t load() const { return jobs_.size() + pending_.size(); }
  /// Cancels the transfers in flight from or to `host` (kernel context): they end, failed.
  void cancel_transfers_of(const simgrid::s4u::Host& host);
  /// Whether a transfer in flight leaves from `host`.
  bool carries_from(const simgrid::s4u::Host& host) const;

private:
  struct Job {
    simgrid::s4u::Host* from;
    simgrid::s4u::Host* to;
    double bytes;
    std::size_t token;
  };

  void run();
  void start_jobs();
  void reap_one();
  void wait_for_work();

  std::shared_ptr<CourierPool> pool_;
  // The courier's own actor, used only from its code: not an ActorPtr, which would keep the actor
  // and its code, holding this object, alive (a reference cycle).
  simgrid::s4u::Actor* sender_ = nullptr;
  simgrid::s4u::ActorPtr receiver_;
  simgrid::s4u::Mailbox* mailbox_;
  simgrid::s4u::SemaphorePtr work_ = simgrid::s4u::Semaphore::create(0);
  std::vector<Job> jobs_;
  std::vector<simgrid::s4u::CommPtr> pending_;
  std::vector<std::size_t> tokens_;  // parallel to pending_
  std::vector<simgrid::s4u::CommPtr> cancelled_;  // kept while SimGrid may still end their actions
  std::vector<std::pair<const simgrid::s4u::Host*, const simgrid::s4u::Host*>> ends_;  // parallel to pending_
  bool waiting_ = false;
};

}  // namespace hbcast
