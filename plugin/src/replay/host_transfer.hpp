#pragma once
#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Host.hpp>

#include <cstddef>
#include <memory>

namespace hbcast {

/// What hears of the ends of its host-to-host transfers (start_host_transfer).
class HostTransferListener {
public:
  virtual ~HostTransferListener() = default;
  /// The transfer started with `token` has ended (finished, failed or cancelled: comm's state), in
  /// kernel context.
  virtual void on_transfer_end(std::size_t token, const simgrid::s4u::Activity& comm) = 0;
};

/// Starts a transfer of `bytes` from `from` to `to` now (Comm::sendto_async: no actor on either
/// end); its end goes to `listener` with `token`, through the static Activity::on_completion
/// signal (one connection per process). The comm does not keep the listener alive.
simgrid::s4u::CommPtr start_host_transfer(simgrid::s4u::Host* from, simgrid::s4u::Host* to, double bytes,
                                          std::weak_ptr<HostTransferListener> listener, std::size_t token);

/// Keeps `owner` alive until the next transfer end or the simulation's end: a finished replay's
/// last comm may still be inside its own completion callback.
void release_after_callbacks(std::shared_ptr<void> owner);

}  // namespace hbcast
