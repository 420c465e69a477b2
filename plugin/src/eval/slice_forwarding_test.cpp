#include "slice_forwarding.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

namespace hbcast {
namespace {

// A driver that records what the loop asks for; the test plays the events (deliveries, timers)
// by hand, in the order a simulation would.
struct RecordingDriver {
  using Transfer = std::pair<NodeId, NodeId>;
  using Timer = std::pair<double, NodeId>;
  std::vector<Transfer> transfers;  // every start_transfer, in order
  std::vector<Timer> timers;        // every set_timer, in order
  std::vector<std::pair<NodeId, double>> finished;
  std::vector<NodeId> stopped;
  std::set<NodeId> busy;            // edges (by child) whose slice is in flight
  std::set<NodeId> down;            // children whose transfer cannot start
  double clock = 0.0;
  double overhead = 0.0;

  bool edge_busy(NodeId child) const { return busy.count(child) > 0; }
  std::optional<double> hold_until(NodeId child, std::size_t slice) const
  {
    if (!tree->send_start(child))
      return std::nullopt;
    const double not_before = tree->slice_not_before(child, slice);
    return clock < not_before ? std::optional<double>(not_before) : std::nullopt;
  }
  bool start_transfer(NodeId node, NodeId child)
  {
    transfers.emplace_back(node, child);
    busy.insert(child);
    return down.count(child) == 0;
  }
  void on_stopped(NodeId node) { stopped.push_back(node); }
  double now() const { return clock; }
  double send_overhead(NodeId) const { return overhead; }
  void set_timer(double date, NodeId node) { timers.emplace_back(date, node); }
  void on_finished(NodeId node, double last_arrival) { finished.emplace_back(node, last_arrival); }

  const BroadcastTree* tree = nullptr;
};

using Forwarding = SliceForwarding<RecordingDriver>;
using Transfers = std::vector<RecordingDriver::Transfer>;
using Timers = std::vector<RecordingDriver::Timer>;

// The slice on the edge to `child` arrives at `date`: as the drivers do, the child then its parent
// go on.
void deliver(Forwarding& forwarding, RecordingDriver& driver, NodeId child, double date)
{
  driver.clock = date;
  driver.busy.erase(child);
  forwarding.deliver(child, date);
  forwarding.advance(child);
  forwarding.advance(forwarding.parent(child));
}

TEST(SliceForwarding, OnePortSendsEachSliceToTheChildrenInOrderOneSendAtATime)
{
  // Tree 0 -> (1, 2), 1 -> (3); two slices, one-port, every transfer 1 s.
  // t=0: the root holds both slices and sends slice 0 to 1, then waits for that send.
  // t=1: 1 holds slice 0 and sends it to 3; the root sends slice 0 to 2.
  // t=2: 3 holds slice 0 (leaf: nothing to send); 1 waits for slice 1. 2 holds slice 0 (leaf);
  //      the root, done with slice 0, sends slice 1 to 1.
  // t=3: 1 sends slice 1 to 3; the root sends slice 1 to 2.
  // t=4: 3 holds slice 1 and finishes; 1, its sends ended, finishes (last arrival 3). 2 finishes;
  //      the root finishes (start 0).
  BroadcastTree tree(0, {{1, 2}, {3}, {}, {}});
  RecordingDriver driver;
  driver.tree = &tree;
  Forwarding forwarding(tree, 2, PortModel::one_port, 0.0, driver);
  forwarding.advance(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}}));
  deliver(forwarding, driver, 1, 1.0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {1, 3}, {0, 2}}));
  deliver(forwarding, driver, 3, 2.0);
  deliver(forwarding, driver, 2, 2.0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {1, 3}, {0, 2}, {0, 1}}));
  EXPECT_EQ(forwarding.node(1).received, 1U);
  deliver(forwarding, driver, 1, 3.0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {1, 3}, {0, 2}, {0, 1}, {1, 3}, {0, 2}}));
  EXPECT_TRUE(driver.finished.empty());
  deliver(forwarding, driver, 3, 4.0);
  deliver(forwarding, driver, 2, 4.0);
  using Finished = std::vector<std::pair<NodeId, double>>;
  EXPECT_EQ(driver.finished, (Finished{{3, 4.0}, {1, 3.0}, {2, 4.0}, {0, 0.0}}));
  EXPECT_TRUE(driver.timers.empty());
  EXPECT_EQ(forwarding.node(3).received, 2U);
  EXPECT_EQ(forwarding.node(3).last_arrival, 4.0);
}

TEST(SliceForwarding, MultiPortWaitsForTheOverheadAndForTheEdgesPreviousSlice)
{
  // Tree 0 -> (1, 2); two slices, multi-port, send overhead 0.5 s (dates exact in binary).
  // t=0: the root sends slice 0 to 1, busy until 0.5 (timer).
  // t=0.5: it sends slice 0 to 2, busy until 1.
  // t=1: slice 1 to 1 waits: the edge to 1 still carries slice 0.
  // t=1.25: slice 0 reaches 1: the root sends slice 1 to 1, busy until 1.75.
  // t=1.75: slice 1 to 2 waits for the edge to 2. t=2: slice 0 reaches 2: slice 1 to 2, until 2.5.
  // t=2.5: every send started: the root drains, two sends in flight.
  // t=2.75 and 3: slices 1 reach 1 and 2, which finish; the root's last send ended: it finishes.
  BroadcastTree tree(0, {{1, 2}, {}, {}});
  RecordingDriver driver;
  driver.tree = &tree;
  driver.overhead = 0.5;
  Forwarding forwarding(tree, 2, PortModel::multi_port, 0.0, driver);
  forwarding.advance(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}}));
  EXPECT_EQ(driver.timers, (Timers{{0.5, 0}}));
  driver.clock = 0.5;
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {0, 2}}));
  EXPECT_EQ(driver.timers, (Timers{{0.5, 0}, {1.0, 0}}));
  driver.clock = 1.0;
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers.size(), 2U);  // the edge to 1 is busy
  EXPECT_EQ(driver.timers.size(), 2U);
  deliver(forwarding, driver, 1, 1.25);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {0, 2}, {0, 1}}));
  EXPECT_EQ(driver.timers.back(), (RecordingDriver::Timer{1.75, 0}));
  driver.clock = 1.75;
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers.size(), 3U);  // the edge to 2 is busy
  deliver(forwarding, driver, 2, 2.0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {0, 2}, {0, 1}, {0, 2}}));
  EXPECT_EQ(driver.timers.back(), (RecordingDriver::Timer{2.5, 0}));
  driver.clock = 2.5;
  forwarding.wake(0);
  EXPECT_EQ(forwarding.node(0).step, Forwarding::Step::draining);
  EXPECT_EQ(forwarding.node(0).outgoing, 2U);
  deliver(forwarding, driver, 1, 2.75);
  deliver(forwarding, driver, 2, 3.0);
  using Finished = std::vector<std::pair<NodeId, double>>;
  EXPECT_EQ(driver.finished, (Finished{{1, 2.75}, {2, 3.0}, {0, 0.0}}));
  EXPECT_EQ(driver.transfers.size(), 4U);
}

TEST(SliceForwarding, HoldsEachSendUntilItsStartPacedBySlice)
{
  // Tree 0 -> (1); send start of 1 at 3 s, slices paced 2 s apart; two slices, one-port.
  // t=0: slice 0 may not leave before 3: the root holds (timer at 3).
  // t=3: the timer sends slice 0. t=4: it arrives; slice 1 may not leave before 3 + 2 = 5: hold.
  // t=5: slice 1 leaves; t=6: it arrives and both nodes finish.
  BroadcastTree tree(0, {{1}, {}});
  tree.set_send_start(1, 3.0);
  tree.set_slice_period(2.0);
  RecordingDriver driver;
  driver.tree = &tree;
  Forwarding forwarding(tree, 2, PortModel::one_port, 0.0, driver);
  forwarding.advance(0);
  EXPECT_TRUE(driver.transfers.empty());
  EXPECT_EQ(driver.timers, (Timers{{3.0, 0}}));
  driver.clock = 3.0;
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}}));
  deliver(forwarding, driver, 1, 4.0);
  EXPECT_EQ(driver.timers, (Timers{{3.0, 0}, {5.0, 0}}));
  EXPECT_EQ(driver.transfers.size(), 1U);
  driver.clock = 5.0;
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {0, 1}}));
  deliver(forwarding, driver, 1, 6.0);
  using Finished = std::vector<std::pair<NodeId, double>>;
  EXPECT_EQ(driver.finished, (Finished{{1, 6.0}, {0, 0.0}}));
}

TEST(SliceForwarding, ANodeWhoseTransferCannotStartSendsNoMore)
{
  // Tree 0 -> (1, 2), multi-port without overhead, one slice; the transfer to 1 cannot start: the
  // root stops there (2 is never sent to), and a timer waking it later changes nothing.
  BroadcastTree tree(0, {{1, 2}, {}, {}});
  RecordingDriver driver;
  driver.tree = &tree;
  driver.down.insert(1);
  Forwarding forwarding(tree, 1, PortModel::multi_port, 0.0, driver);
  forwarding.advance(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}}));
  EXPECT_EQ(driver.stopped, (std::vector<NodeId>{0}));
  forwarding.wake(0);
  EXPECT_EQ(driver.transfers.size(), 1U);
  EXPECT_EQ(forwarding.node(0).step, Forwarding::Step::stopped);
  EXPECT_TRUE(driver.finished.empty());
}

TEST(SliceForwarding, MultiPortWithoutOverheadStartsEverySendAtOnce)
{
  // Tree 0 -> (1, 2, 3), multi-port, no overhead, one slice: three transfers at t=0, no timer;
  // the root finishes when the last of them ends.
  BroadcastTree tree(0, {{1, 2, 3}, {}, {}, {}});
  RecordingDriver driver;
  driver.tree = &tree;
  Forwarding forwarding(tree, 1, PortModel::multi_port, 0.0, driver);
  forwarding.advance(0);
  EXPECT_EQ(driver.transfers, (Transfers{{0, 1}, {0, 2}, {0, 3}}));
  EXPECT_TRUE(driver.timers.empty());
  EXPECT_EQ(forwarding.node(0).outgoing, 3U);
  deliver(forwarding, driver, 2, 1.0);
  deliver(forwarding, driver, 1, 2.0);
  EXPECT_EQ(driver.finished.size(), 2U);
  deliver(forwarding, driver, 3, 3.0);
  using Finished = std::vector<std::pair<NodeId, double>>;
  EXPECT_EQ(driver.finished, (Finished{{2, 1.0}, {1, 2.0}, {3, 3.0}, {0, 0.0}}));
}

}  // namespace
}  // namespace hbcast
