#pragma once
#include <hbcast/core/node_id.hpp>

#include <map>

namespace hbcast {

/// Nodes of an event-driven replay waiting (a send start time, a multi-port send overhead), by
/// the date their wait ends.
using KernelWaits = std::multimap<double, NodeId>;

/// The current date plus SimGrid's timing precision (surf/precision).
double kernel_wait_horizon();

/// Takes out of `waits` every wait that ends now, earliest first, and calls wake(node) for each:
/// the ones due at the current date, and those due less than SimGrid's timing precision later,
/// which SimGrid ends now too when they are actors' sleeps.
template <class Wake>
void end_due_waits(KernelWaits& waits, Wake wake)
{
  const double horizon = kernel_wait_horizon();
  while (!waits.empty() && waits.begin()->first < horizon) {
    const NodeId node = waits.begin()->second;
    waits.erase(waits.begin());
    wake(node);
  }
}

}  // namespace hbcast
