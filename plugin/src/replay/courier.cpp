#include "courier.hpp"

#include "courier_pool.hpp"

#include <simgrid/Exception.hpp>
#include <simgrid/simix.hpp>

#include <string>

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

// Mailbox comms carry a payload pointer; the simulated size is what matters.
char payload_marker;

}  // namespace

Courier::Courier(std::shared_ptr<CourierPool> pool, std::size_t index, sg4::ActorPtr receiver)
    : pool_(std::move(pool))
    , receiver_(std::move(receiver))
    , mailbox_(sg4::Mailbox::by_name("hbcast/courier/" + std::to_string(index)))
{
}

void Courier::spawn(sg4::Host* home)
{
  mailbox_->set_receiver(receiver_);
  sender_ = sg4::Actor::create("hbcast-courier", home, [self = shared_from_this()] { self->run(); }).get();
}

bool Courier::carries_from(const sg4::Host& host) const
{
  for (std::size_t i = 0; i < pending_.size(); ++i)
    if (ends_[i].first == &host && pending_[i]->get_state() == sg4::Activity::State::STARTED)
      return true;
  return false;
}

void Courier::cancel_transfers_of(const sg4::Host& host)
{
  for (std::size_t i = 0; i < pending_.size(); ++i)
    if ((ends_[i].first == &host || ends_[i].second == &host) &&
        pending_[i]->get_state() == sg4::Activity::State::STARTED) {
      cancelled_.push_back(pending_[i]);
      pending_[i]->cancel();  // the courier's wait_any sees it failed
    }
}

void Courier::push(sg4::Host* from, sg4::Host* to, double bytes, std::size_t token)
{
  jobs_.push_back({from, to, bytes, token});
}

void Courier::wake()
{
  if (!waiting_)
    return;
  waiting_ = false;
  work_->release();
}

void Courier::run()
{
  for (;;) {
    start_jobs();
    if (!jobs_.empty())
      continue;
    if (!pending_.empty())
      reap_one();
    else if (pool_->closed_)
      break;
    else
      wait_for_work();
  }
  mailbox_->set_receiver(nullptr);
  pool_.reset();
}

void Courier::start_jobs()
{
  if (jobs_.empty())
    return;
  // put_init names its caller as the sender, so the comms are made here, in the courier's context.
  std::vector<sg4::CommPtr> comms;
  comms.reserve(jobs_.size());
  for (std::size_t i = 0; i < jobs_.size(); ++i)
    comms.push_back(mailbox_->put_init(&payload_marker, 0));
  // Transfers queued while this simcall waited for its turn stay queued for the next call.
  simgrid::kernel::actor::simcall_answered([this, &comms] {
    for (std::size_t i = 0; i < comms.size(); ++i) {
      const Job job = jobs_[i];
      if (!job.from->is_on() || !job.to->is_on()) {  // went down since it was queued: SimGrid would assert
        pool_->running_ = this;
        pool_->on_end_(job.token, *comms[i]);  // never started: a failed transfer
        pool_->running_ = nullptr;
        continue;
      }
      // The comm starts at once (the mailbox has a permanent receiver), between the two actors' hosts.
      sender_->set_host(job.from);
      receiver_->set_host(job.to);
      comms[i]->set_payload_size(static_cast<uint64_t>(job.bytes));
      comms[i]->start();
      pending_.push_back(std::move(comms[i]));
      tokens_.push_back(job.token);
      ends_.emplace_back(job.from, job.to);
    }
    if (pool_->parking_ != nullptr) {
      sender_->set_host(pool_->parking_);
      receiver_->set_host(pool_->parking_);
    }
    jobs_.erase(jobs_.begin(), jobs_.begin() + static_cast<std::ptrdiff_t>(comms.size()));
    if (jobs_.empty() && pool_->accepting_ == this)
      pool_->accepting_ = nullptr;
  });
}

void Courier::reap_one()
{
  std::size_t index = 0;
  try {
    index = static_cast<std::size_t>(sg4::Comm::wait_any(pending_));
  } catch (const simgrid::Exception&) {  // failed, or cancelled by cancel_transfers_of
    const auto ended = [](const sg4::CommPtr& comm) {
      return comm->get_state() == sg4::Activity::State::FAILED || comm->get_state() == sg4::Activity::State::CANCELED;
    };
    while (index < pending_.size() && !ended(pending_[index]))
      ++index;
    if (index == pending_.size())
      throw;
  }
  const sg4::CommPtr comm = std::move(pending_[index]);
  const std::size_t token = tokens_[index];
  pending_[index] = std::move(pending_.back());
  pending_.pop_back();
  tokens_[index] = tokens_.back();
  tokens_.pop_back();
  ends_[index] = ends_.back();
  ends_.pop_back();
  simgrid::kernel::actor::simcall_answered([this, &comm, token] {
    pool_->running_ = this;
    pool_->on_end_(token, *comm);
    pool_->running_ = nullptr;
  });
}

void Courier::wait_for_work()
{
  // The mailbox keeps every comm it delivered to its permanent receiver; all of ours have ended.
  mailbox_->clear();
  // The pool may have closed since run() looked (another courier's last transfer ended while
  // this one was clearing its mailbox): then there is nothing to wait for, and no one to wake it.
  bool closed = false;
  simgrid::kernel::actor::simcall_answered([this, &closed] {
    closed = pool_->closed_;
    if (closed)
      return;
    waiting_ = true;
    pool_->idle_.push_back(this);
  });
  if (!closed)
    work_->acquire();
}

}  // namespace hbcast
