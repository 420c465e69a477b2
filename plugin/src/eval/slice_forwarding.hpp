#pragma once
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/model/port_model.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

namespace hbcast {

/// The send loop of every node of a sliced tree broadcast, as an actor of the replay runs it: take
/// slice j once it has arrived, send it to each child in order (one-port: wait for each send to
/// end; multi-port: wait for the edge's previous slice, then the send overhead), and, where the
/// tree has send start times, hold each send until its start. Free of any clock or transport: the
/// event-driven replay (SimGrid's transfers and timers) and the max-min prediction (a fluid model
/// of them) drive it through `Driver`, so both take exactly the same steps.
///
/// `Driver` provides, for NodeId node and child and double date:
///   bool edge_busy(child)                        the edge to child still carries a slice;
///   std::optional<double> hold_until(child, slice)  the date the send must wait for, if any;
///   bool start_transfer(node, child)             starts the slice's transfer; false if it cannot
///                                                (the node then stops, and sends no more);
///   void on_stopped(node);
///   double now();
///   double send_overhead(node)                   multi-port's busy time after each send (0: none);
///   void set_timer(date, node)                   calls wake(node) at date;
///   void on_finished(node, last_arrival)         everything sent, every send ended.
template <class Driver>
class SliceForwarding {
public:
  enum class Step : std::uint8_t {
    wait_slice,  // needs the slice it is about to forward
    sending,     // forwarding slice `slice` to children from `next_child` on
    wait_send,   // one-port: its send is in flight
    hold,        // waiting for the send start time of children[next_child]
    overhead,    // multi-port: busy with the send overhead of its last send
    draining,    // everything started; waits for its last multi-port sends
    finished,
    stopped,     // a transfer it was to start could not: it sends no more
  };
  struct NodeState {
    std::uint32_t slice = 0;       // slice being forwarded
    std::uint32_t next_child = 0;  // index into children(node)
    std::uint32_t received = 0;    // slices held (root: all)
    std::uint32_t outgoing = 0;    // sends in flight
    Step step = Step::wait_slice;
    double last_arrival = 0.0;     // when it received its latest slice (root: the start)
  };

  /// The tree must outlive the loop.
  SliceForwarding(const BroadcastTree& tree, std::size_t slices, PortModel port, double start, Driver& driver)
      : tree_(tree), driver_(driver), nodes_(tree.size()), parents_(tree.parents()),
        slices_(static_cast<std::uint32_t>(slices)), one_port_(port == PortModel::one_port)
  {
    if (slices > std::numeric_limits<std::uint32_t>::max())
      throw std::invalid_argument("a broadcast cannot have more than 2^32 - 1 slices");
    nodes_[tree.root()].received = slices_;
    nodes_[tree.root()].last_arrival = start;
  }

  const NodeState& node(NodeId node) const { return nodes_[node]; }
  NodeId parent(NodeId node) const { return parents_[node]; }

  /// Runs the node's loop as far as it goes without an event.
  void advance(NodeId node)
  {
    NodeState& state = nodes_[node];
    const auto& children = tree_.children(node);
    for (;;) {
      switch (state.step) {
        case Step::wait_slice:
          if (state.slice == slices_) {
            state.step = Step::draining;
          } else if (state.received > state.slice) {
            state.step = Step::sending;
            state.next_child = 0;
          } else {
            return;  // the arrival of the slice resumes it
          }
          break;
        case Step::sending:
          if (state.next_child == children.size()) {
            ++state.slice;
            state.step = Step::wait_slice;
          } else if (driver_.edge_busy(children[state.next_child])) {
            return;  // multi-port: the edge carries one slice at a time; its end resumes the node
          } else if (auto until = driver_.hold_until(children[state.next_child], state.slice)) {
            state.step = Step::hold;
            driver_.set_timer(*until, node);
            return;
          } else if (!send_next(node)) {
            return;
          }
          break;
        case Step::draining:
          if (state.outgoing > 0)
            return;
          state.step = Step::finished;
          driver_.on_finished(node, state.last_arrival);
          return;
        default:  // wait_send, hold, overhead: an event resumes it; finished, stopped
          return;
      }
    }
  }

  /// The slice on the edge to `child` arrived at `date`: the child holds one more slice, its
  /// sender has one send less in flight. Returns the slices the child holds; the caller then
  /// advances the child and its parent, in that order.
  std::uint32_t deliver(NodeId child, double date)
  {
    NodeState& receiver = nodes_[child];
    ++receiver.received;
    receiver.last_arrival = date;
    NodeState& sender = nodes_[parents_[child]];
    --sender.outgoing;
    if (sender.step == Step::wait_send)
      sender.step = Step::sending;
    return receiver.received;
  }

  /// The node's timer (hold or overhead) is due: it sends what it held, or goes on sending.
  void wake(NodeId node)
  {
    NodeState& state = nodes_[node];
    if (state.step == Step::stopped)
      return;
    if (state.step == Step::hold) {  // as the actor does: send once the start time has come
      if (!send_next(node))
        return;
    } else {
      state.step = Step::sending;
    }
    advance(node);
  }

private:
  /// Starts the send to children[next_child]; false if the node must now wait for an event.
  bool send_next(NodeId node)
  {
    NodeState& state = nodes_[node];
    const NodeId child = tree_.children(node)[state.next_child++];
    if (!driver_.start_transfer(node, child)) {
      state.step = Step::stopped;
      driver_.on_stopped(node);
      return false;
    }
    ++state.outgoing;
    if (one_port_) {
      state.step = Step::wait_send;
      return false;
    }
    if (const double overhead = driver_.send_overhead(node); overhead > 0.0) {
      state.step = Step::overhead;
      driver_.set_timer(driver_.now() + overhead, node);
      return false;
    }
    state.step = Step::sending;
    return true;
  }

  const BroadcastTree& tree_;
  Driver& driver_;
  std::vector<NodeState> nodes_;
  std::vector<NodeId> parents_;
  std::uint32_t slices_;
  bool one_port_;
};

}  // namespace hbcast
