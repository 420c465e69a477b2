#include "plan_bcast.hpp"

#include "slice_schedule.hpp"

#include <hbcast/core/capped_pace.hpp>
#include <hbcast/core/element_ranges.hpp>
#include <hbcast/core/periodic_schedule.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <deque>
#include <memory>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#ifdef HBCAST_SMPI
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#endif

namespace hbcast::mpi {
namespace {

// MPI guarantees tags up to 32767. A tag names a slice; reusing it 32768 slices later is safe
// because messages between two ranks with one tag arrive in the order sent (MPI 3.1, 3.5).
constexpr int kTagRange = 32768;

int tag_of(std::size_t slice)
{
  return static_cast<int>(slice % kTagRange);
}

// Slices addressed in the user's buffer: element i of the message starts at i * extent.
class SlicedBuffer {
public:
  SlicedBuffer(void* buffer, int count, MPI_Datatype datatype, std::size_t slices)
      : base_(static_cast<char*>(buffer)), datatype_(datatype), ranges_(split_elements(count, slices))
  {
    MPI_Aint lower_bound = 0;
    MPI_Type_get_extent(datatype, &lower_bound, &extent_);
    MPI_Type_size(datatype, &type_size_);
  }
  std::size_t size() const { return ranges_.size(); }
  void* at(std::size_t j) const { return base_ + static_cast<MPI_Aint>(ranges_[j].first) * extent_; }
  int count(std::size_t j) const { return static_cast<int>(ranges_[j].count); }
  double bytes(std::size_t j) const { return static_cast<double>(ranges_[j].count) * static_cast<double>(type_size_); }
  MPI_Datatype datatype() const { return datatype_; }

private:
  char* base_;
  MPI_Datatype datatype_;
  MPI_Aint extent_ = 0;
  int type_size_ = 0;
  std::vector<SliceRange> ranges_;
};

// Of each slice, how many slices of the same tree come before it (a paced tree sends its n-th
// slice slice_period after its (n-1)-th).
std::vector<std::size_t> slices_in_their_trees(const std::vector<std::size_t>& tree_of)
{
  std::vector<std::size_t> seen, index;
  for (std::size_t tree : tree_of) {
    if (tree >= seen.size())
      seen.resize(tree + 1, 0);
    index.push_back(seen[tree]++);
  }
  return index;
}

// Sleeps `seconds`: real time under MPI, simulated time under SMPI.
void sleep_for(double seconds)
{
  if (!(seconds > 1e-9))  // below SimGrid's timing precision, as the replay: no wait
    return;
  timespec pause{static_cast<time_t>(seconds), static_cast<long>((seconds - std::floor(seconds)) * 1e9)};
  while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
  }
}

class SliceForwarder {
public:
  SliceForwarder(const RankPlan& plan, const SlicedBuffer& buffer, MPI_Comm comm, int rank)
      : plan_(plan), buffer_(buffer), comm_(comm), rank_(rank),
        tree_of_(interleave_trees(plan.weights, buffer.size())), slice_in_tree_(slices_in_their_trees(tree_of_)),
        receives_(buffer.size(), MPI_REQUEST_NULL), indices_(buffer.size()), last_send_(plan.rank_count, MPI_REQUEST_NULL)
  {
  }

  int post_receives()
  {
    for (std::size_t j = 0; j < buffer_.size(); ++j) {
      const int parent = tree(j).parent[rank_];
      if (parent < 0)
        continue;
      if (int error = MPI_Irecv(buffer_.at(j), buffer_.count(j), buffer_.datatype(), parent, tag_of(j), comm_,
                                &receives_[j]))
        return error;
    }
    return MPI_SUCCESS;
  }

  // Whenever its port is free, a rank forwards the lowest-index slice it holds and has not yet
  // forwarded, or waits for the next to arrive (hbcast's multi-tree replay does the same): a
  // slice of a faster tree need not wait behind one of a slower tree. One tree: index order.
  int forward_all()
  {
    std::set<std::size_t> held;
    if (plan_.trees.front().parent[rank_] < 0)  // the root holds every slice
      for (std::size_t j = 0; j < buffer_.size(); ++j)
        held.insert(j);
    for (std::size_t forwarded = 0; forwarded < buffer_.size(); ++forwarded) {
      if (int error = collect_arrived(held))
        return error;
      const std::size_t j = *held.begin();
      held.erase(held.begin());
      if (int error = forward(j))
        return error;
    }
    if (int error = MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE))
      return error;
    return MPI_Waitall(static_cast<int>(last_send_.size()), last_send_.data(), MPI_STATUSES_IGNORE);
  }

private:
  // Adds the slices already received to `held`; if it is still empty, waits for the next one.
  int collect_arrived(std::set<std::size_t>& held)
  {
    const int pending = static_cast<int>(receives_.size());
    int arrived = 0;
    if (int error = MPI_Testsome(pending, receives_.data(), &arrived, indices_.data(), MPI_STATUSES_IGNORE))
      return error;
    for (int k = 0; k < arrived && arrived != MPI_UNDEFINED; ++k)
      held.insert(static_cast<std::size_t>(indices_[k]));
    if (!held.empty())
      return MPI_SUCCESS;
    int index = MPI_UNDEFINED;
    if (int error = MPI_Waitany(pending, receives_.data(), &index, MPI_STATUS_IGNORE))
      return error;
    held.insert(static_cast<std::size_t>(index));
    return MPI_SUCCESS;
  }

  const RankTree& tree(std::size_t j) const { return plan_.trees[tree_of_[j]]; }

  int forward(std::size_t j)
  {
    const auto& children = tree(j).children[rank_];
    for (std::size_t k = 0; k < children.size(); ++k) {
      const int child = children[k];
      if (const double start = tree(j).send_start[rank_][k]; start >= 0.0)
        wait_until(start + static_cast<double>(slice_in_tree_[j]) * tree(j).slice_period);
      if (!plan_.multi_port) {
        if (int error = MPI_Send(buffer_.at(j), buffer_.count(j), buffer_.datatype(), child, tag_of(j), comm_))
          return error;
        continue;
      }
      // Multi-port: all children at once, but an edge of one tree carries one slice at a time
      // (Beaumont-Marchal-Robert, 3.2); a multi-tree plan's slices go out as soon as they are held.
      MPI_Request* request = &last_send_[child];
      if (plan_.trees.size() > 1) {
        request = &sends_.emplace_back(MPI_REQUEST_NULL);
      } else if (int error = MPI_Wait(request, MPI_STATUS_IGNORE)) {
        return error;
      }
      if (int error = MPI_Isend(buffer_.at(j), buffer_.count(j), buffer_.datatype(), child, tag_of(j), comm_, request))
        return error;
      sleep_for(send_gap(j));
    }
    return MPI_SUCCESS;
  }

  // The pause after a multi-port send of slice j: the replay's send overhead (the plan's send gap).
  // Under SMPI a message carries 16 bytes more (SMPI's envelope), which the gap counts.
  double send_gap(std::size_t j) const
  {
    const auto rank = static_cast<std::size_t>(rank_);
    if (plan_.send_latency.empty() || (plan_.send_latency[rank] <= 0.0 && plan_.send_seconds_per_byte[rank] <= 0.0))
      return 0.0;
#ifdef HBCAST_SMPI
    constexpr double kEnvelope = 16.0;
#else
    constexpr double kEnvelope = 0.0;
#endif
    return plan_.send_latency[rank] + (buffer_.bytes(j) + kEnvelope) * plan_.send_seconds_per_byte[rank];
  }

  // A send the plan times (LCF's schedules) starts no earlier than its time after this rank
  // entered the broadcast. nanosleep: real time under MPI, simulated time under SMPI.
  void wait_until(double start) const
  {
    if (start >= 0.0)
      sleep_for(start - (MPI_Wtime() - entered_));
  }

  const double entered_ = MPI_Wtime();
  const RankPlan& plan_;
  const SlicedBuffer& buffer_;
  MPI_Comm comm_;
  int rank_;
  std::vector<std::size_t> tree_of_;
  std::vector<std::size_t> slice_in_tree_;  // of each slice: how many of its tree's slices precede it
  std::vector<MPI_Request> receives_;
  std::vector<int> indices_;  // MPI_Testsome's answer
  std::vector<MPI_Request> last_send_;
  std::vector<MPI_Request> sends_;  // a multi-tree plan's multi-port sends
};

// Sleeps until `seconds` after `since` (MPI_Wtime): real time under MPI, simulated under SMPI.
void sleep_until(double since, double seconds)
{
  sleep_for(seconds - (MPI_Wtime() - since));
}

// The periodic form: this rank's steps (core's periodic_steps, which the replay runs too).
// Self-timed, each step posts its receive, sends and awaits the receive; on the plan's clock see
// below. A step's tag is its slot in the period sequence, so a send meets only the receive its
// step posted.
int periodic_bcast(char* base, MPI_Aint extent, int count, MPI_Datatype datatype, const RankPlan& plan, MPI_Comm comm,
                   int rank)
{
  const auto steps = periodic_steps(plan.schedule, plan.parents, plan.weights, static_cast<NodeId>(rank),
                                    static_cast<std::size_t>(count), plan.slices);
  const std::size_t slots = plan.schedule.slots.size();
  const auto tag = [slots](const PeriodicTransfer& transfer) {
    return static_cast<int>((transfer.period * slots + transfer.slot) % kTagRange);
  };
  const std::vector<double> offsets = periodic_slot_offsets(plan.schedule);
  const double since = MPI_Wtime();
  if (!offsets.empty()) {
    // On the plan's clock: each step at its start (periodic_step_order), the receives of its
    // window posted (a period ahead) and its send started once the receives it forwards have
    // ended, the others awaited at the end.
    const auto needs = periodic_send_needs(steps);
    const auto window = periodic_receive_window(steps);
    std::vector<MPI_Request> requests(2 * steps.size(), MPI_REQUEST_NULL);  // receive, send of each step
    std::size_t posted = 0;
    for (std::size_t i : periodic_step_order(steps, offsets)) {
      const auto& step = steps[i];
      sleep_until(since, periodic_step_start(offsets, step));
      for (; posted < window[i]; ++posted)
        if (const auto& receive = steps[posted].receive)
          if (int error = MPI_Irecv(base + static_cast<MPI_Aint>(receive->range.first) * extent,
                                    static_cast<int>(receive->range.count), datatype, static_cast<int>(receive->peer),
                                    tag(*receive), comm, &requests[2 * posted]))
            return error;
      if (!step.send)
        continue;
      for (std::size_t need : needs[i])
        if (int error = MPI_Wait(&requests[2 * need], MPI_STATUS_IGNORE))
          return error;
      if (int error = MPI_Isend(base + static_cast<MPI_Aint>(step.send->range.first) * extent,
                                static_cast<int>(step.send->range.count), datatype, static_cast<int>(step.send->peer),
                                tag(*step.send), comm, &requests[2 * i + 1]))
        return error;
    }
    return MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  }
  for (const auto& step : steps) {
    if (!offsets.empty()) {  // the plan's clock: not before the step's slot
      const PeriodicTransfer& at = step.send ? *step.send : *step.receive;
      sleep_until(since, periodic_step_time(offsets, at.period, at.slot));
    }
    MPI_Request receive = MPI_REQUEST_NULL;
    if (step.receive)
      if (int error = MPI_Irecv(base + static_cast<MPI_Aint>(step.receive->range.first) * extent,
                                static_cast<int>(step.receive->range.count), datatype, static_cast<int>(step.receive->peer),
                                tag(*step.receive), comm, &receive))
        return error;
    if (step.send)
      if (int error = MPI_Send(base + static_cast<MPI_Aint>(step.send->range.first) * extent,
                               static_cast<int>(step.send->range.count), datatype, static_cast<int>(step.send->peer),
                               tag(*step.send), comm))
        return error;
    if (receive != MPI_REQUEST_NULL)
      if (int error = MPI_Wait(&receive, MPI_STATUS_IGNORE))
        return error;
  }
  return MPI_SUCCESS;
}

// The rate-capped form (the replay's replay_capped, part for part): rounds of slices split among
// the trees by weight; the root starts round r at r x capped_round_seconds; every rank keeps the
// plan's receives posted per tree and forwards each part at once to its children in that tree. Under MPI
// the transfers are plain messages (the cap is the network's QoS); under SMPI they are SimGrid
// communications with Comm::set_rate, the cap itself (SMPI's MPI calls take no rate).
class CappedForwarder {
public:
  CappedForwarder(char* base, MPI_Aint extent, int count, MPI_Datatype datatype, const RankPlan& plan, MPI_Comm comm,
                  int rank)
      : base_(base), extent_(extent), count_(static_cast<std::size_t>(count)), datatype_(datatype), plan_(plan),
        comm_(comm), rank_(rank), shares_(cumulative_shares(plan.weights)),
        round_(std::max<std::size_t>(1, std::min(plan.form_slices, plan.slices))),
        rounds_((plan.slices + round_ - 1) / round_)
  {
    int type_size = 0;
    MPI_Type_size(datatype, &type_size);
    const double slice_bytes = static_cast<double>(count) * type_size / static_cast<double>(plan.slices);
    for (double weight : plan.weights)
      rates_.push_back(weight * slice_bytes);
    round_time_ = capped_round_seconds(plan.weights, round_);
    MPI_Aint lower_bound = 0, true_extent = 0;
    MPI_Type_get_true_extent(datatype, &lower_bound, &true_extent);
    contiguous_ = lower_bound == 0 && true_extent == extent && extent == type_size;
  }

  int run()
  {
    const std::size_t trees = plan_.trees.size();
    if (plan_.trees.front().parent[rank_] < 0) {
      const double start = MPI_Wtime();
      for (std::size_t r = 0; r < rounds_; ++r) {
        sleep_until(start, static_cast<double>(r) * round_time_);
        for (std::size_t t = 0; t < trees; ++t)
          if (const ElementRange range = part(t, r); range.count > 0)
            if (int error = forward(t, range))
              return error;
      }
      return finish_sends();
    }
    next_.assign(trees, 0);
    pending_.resize(trees);
    for (std::size_t t = 0; t < trees; ++t)
      if (int error = post(t))
        return error;
    while (true) {
      int t = -1;
      std::size_t round = 0;
      if (int error = wait_any(t, round))
        return error;
      if (t < 0)
        break;
      if (int error = forward(static_cast<std::size_t>(t), part(static_cast<std::size_t>(t), round)))
        return error;
      if (int error = post(static_cast<std::size_t>(t)))
        return error;
    }
    return finish_sends();
  }

private:
  // A part on its way to this rank: an MPI request, or under SMPI a SimGrid communication.
  struct PendingPart {
    std::size_t round = 0;
    MPI_Request request = MPI_REQUEST_NULL;
#ifdef HBCAST_SMPI
    simgrid::s4u::CommPtr comm;
    std::unique_ptr<char*> data = std::make_unique<char*>(nullptr);
#endif
  };

  ElementRange part(std::size_t t, std::size_t r) const
  {
    return fraction_of(slices_range(count_, plan_.slices, r * round_, round_), shares_[t], shares_[t + 1]);
  }
  char* at(const ElementRange& range) const { return base_ + static_cast<MPI_Aint>(range.first) * extent_; }
  int tag(std::size_t t) const { return static_cast<int>(t % kTagRange); }

  // Tree t's next plan.receives_posted non-empty parts posted (a part's latency overlaps the
  // transfers before it, as in the replay), from t's parent.
  int post(std::size_t t)
  {
    const int parent = plan_.trees[t].parent[rank_];
    while (pending_[t].size() < std::max<std::size_t>(1, plan_.receives_posted)) {
      while (next_[t] < rounds_ && part(t, next_[t]).count == 0)
        ++next_[t];
      if (next_[t] >= rounds_)
        return MPI_SUCCESS;
      const ElementRange range = part(t, next_[t]);
      PendingPart& pending = pending_[t].emplace_back();
      pending.round = next_[t]++;
#ifdef HBCAST_SMPI
      if (contiguous_) {
        pending.comm = mailbox(parent, rank_, t)->get_init();
        pending.comm->set_dst_data(reinterpret_cast<void**>(pending.data.get()), sizeof(void*));
        pending.comm->set_copy_data_callback(simgrid::s4u::Comm::copy_pointer_callback);
        pending.comm->start();
        continue;
      }
#endif
      if (int error = MPI_Irecv(at(range), static_cast<int>(range.count), datatype_, parent, tag(t), comm_,
                                &pending.request))
        return error;
    }
    return MPI_SUCCESS;
  }

  // The tree whose next part arrived first (its round), or -1 when every part has. A tree's parts
  // arrive in order: only its first pending one is awaited.
  int wait_any(int& tree, std::size_t& round)
  {
    tree = -1;
    std::vector<std::size_t> trees;
    for (std::size_t t = 0; t < pending_.size(); ++t)
      if (!pending_[t].empty())
        trees.push_back(t);
    if (trees.empty())
      return MPI_SUCCESS;
    std::size_t t = trees.front();
#ifdef HBCAST_SMPI
    if (contiguous_) {
      std::vector<simgrid::s4u::CommPtr> comms;
      for (std::size_t k : trees)
        comms.push_back(pending_[k].front().comm);
      t = trees[static_cast<std::size_t>(simgrid::s4u::Comm::wait_any(comms))];
      const ElementRange range = part(t, pending_[t].front().round);
      std::memcpy(at(range), *pending_[t].front().data, range.count * static_cast<std::size_t>(extent_));
    } else
#endif
    {
      std::vector<MPI_Request> requests;
      for (std::size_t k : trees)
        requests.push_back(pending_[k].front().request);
      int index = MPI_UNDEFINED;
      if (int error = MPI_Waitany(static_cast<int>(requests.size()), requests.data(), &index, MPI_STATUS_IGNORE))
        return error;
      t = trees[static_cast<std::size_t>(index)];
    }
    tree = static_cast<int>(t);
    round = pending_[t].front().round;
    pending_[t].pop_front();
    return MPI_SUCCESS;
  }

  int forward(std::size_t t, const ElementRange& range)
  {
    for (int child : plan_.trees[t].children[rank_]) {
#ifdef HBCAST_SMPI
      if (contiguous_) {
        const double bytes = static_cast<double>(range.count) * static_cast<double>(extent_);
        simgrid::s4u::CommPtr comm = mailbox(rank_, child, t)->put_init(at(range), static_cast<uint64_t>(bytes));
        comm->set_copy_data_callback(simgrid::s4u::Comm::copy_pointer_callback);
        comm->set_rate(rates_[t]);
        comm->start();
        // The finished ones are let go as it goes: SimGrid searches an actor's unfinished list on
        // every completion, and the buffer must stay until every send is done.
        capped_sends_.push_back(comm);
        while (!capped_sends_.empty() && capped_sends_.front()->test())
          capped_sends_.pop_front();
        continue;
      }
#endif
      sends_.emplace_back();
      if (int error = MPI_Isend(at(range), static_cast<int>(range.count), datatype_, child, tag(t), comm_, &sends_.back()))
        return error;
    }
    return MPI_SUCCESS;
  }

  int finish_sends()
  {
#ifdef HBCAST_SMPI
    for (auto& comm : capped_sends_)
      comm->wait();
#endif
    return sends_.empty() ? MPI_SUCCESS
                          : MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE);
  }

#ifdef HBCAST_SMPI
  // One mailbox per broadcast, sender, receiver and tree: a tree's parts arrive in round order.
  simgrid::s4u::Mailbox* mailbox(int from, int to, std::size_t t) const
  {
    return simgrid::s4u::Mailbox::by_name("hbcast-capped/" + std::to_string(instance_) + "/" + std::to_string(from) +
                                          "/" + std::to_string(to) + "/" + std::to_string(t));
  }
  std::deque<simgrid::s4u::CommPtr> capped_sends_;
  // Every rank counts its broadcasts alike, so the n-th broadcast of each uses the same mailboxes.
  static inline std::size_t broadcasts_ = 0;
  std::size_t instance_ = broadcasts_++;
#endif
  char* base_;
  MPI_Aint extent_;
  std::size_t count_;
  MPI_Datatype datatype_;
  const RankPlan& plan_;
  MPI_Comm comm_;
  int rank_;
  std::vector<double> shares_;
  std::size_t round_, rounds_;
  std::vector<double> rates_;
  double round_time_ = 0.0;
  bool contiguous_ = true;
  std::vector<std::size_t> next_;
  std::vector<std::deque<PendingPart>> pending_;
  std::vector<MPI_Request> sends_;
};

}  // namespace

int plan_bcast(void* buffer, int count, MPI_Datatype datatype, const RankPlan& plan, MPI_Comm comm)
{
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  if (plan.form != MultiTreeForm::concurrent && count >= static_cast<int>(plan.slices)) {
    MPI_Aint lower_bound = 0, extent = 0;
    MPI_Type_get_extent(datatype, &lower_bound, &extent);
    char* base = static_cast<char*>(buffer);
    if (plan.form == MultiTreeForm::periodic)
      return periodic_bcast(base, extent, count, datatype, plan, comm, rank);
    return CappedForwarder(base, extent, count, datatype, plan, comm, rank).run();
  }
  const SlicedBuffer sliced(buffer, count, datatype, plan.slices);
  SliceForwarder forwarder(plan, sliced, comm, rank);
  if (int error = forwarder.post_receives())
    return error;
  return forwarder.forward_all();
}

}  // namespace hbcast::mpi
