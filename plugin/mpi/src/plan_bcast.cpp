#include "plan_bcast.hpp"

#include "slice_schedule.hpp"

#include <cerrno>
#include <cmath>
#include <ctime>
#include <set>
#include <vector>

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
  }
  std::size_t size() const { return ranges_.size(); }
  void* at(std::size_t j) const { return base_ + static_cast<MPI_Aint>(ranges_[j].first) * extent_; }
  int count(std::size_t j) const { return static_cast<int>(ranges_[j].count); }
  MPI_Datatype datatype() const { return datatype_; }

private:
  char* base_;
  MPI_Datatype datatype_;
  MPI_Aint extent_ = 0;
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
      // Multi-port: all children at once, but an edge carries one slice at a time (Beaumont-Marchal-Robert, 3.2).
      if (int error = MPI_Wait(&last_send_[child], MPI_STATUS_IGNORE))
        return error;
      if (int error = MPI_Isend(buffer_.at(j), buffer_.count(j), buffer_.datatype(), child, tag_of(j), comm_,
                                &last_send_[child]))
        return error;
    }
    return MPI_SUCCESS;
  }

  // A send the plan times (LCF's schedules) starts no earlier than its time after this rank
  // entered the broadcast. nanosleep: real time under MPI, simulated time under SMPI.
  void wait_until(double start) const
  {
    const double remaining = start - (MPI_Wtime() - entered_);
    if (start < 0.0 || remaining <= 0.0)
      return;
    timespec pause{static_cast<time_t>(remaining), static_cast<long>((remaining - std::floor(remaining)) * 1e9)};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
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
};

}  // namespace

int plan_bcast(void* buffer, int count, MPI_Datatype datatype, const RankPlan& plan, MPI_Comm comm)
{
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const SlicedBuffer sliced(buffer, count, datatype, plan.slices);
  SliceForwarder forwarder(plan, sliced, comm, rank);
  if (int error = forwarder.post_receives())
    return error;
  return forwarder.forward_all();
}

}  // namespace hbcast::mpi
