#include "host_transfer.hpp"
#include "kernel_waits.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <xbt/Extendable.hpp>
#include <xbt/config.hpp>

#include <vector>

namespace sg4 = simgrid::s4u;

namespace hbcast {
namespace {

/// What a comm tells the completion callback: who hears of its end, and the token it gave.
/// The comm owns its tag; the tag does not keep the listener alive.
struct HostTransferTag {
  std::weak_ptr<HostTransferListener> listener;
  std::size_t token;
};

simgrid::xbt::Extension<sg4::Activity, HostTransferTag>& host_transfer_extension()
{
  static simgrid::xbt::Extension<sg4::Activity, HostTransferTag> extension;
  return extension;
}

std::vector<std::shared_ptr<void>>& released_after_callbacks()
{
  static std::vector<std::shared_ptr<void>> released;
  return released;
}

// One connection per process (the signal is static): every activity's completion comes here, and
// the ones that carry a tag go to their listener.
void connect_completion_dispatch()
{
  auto& extension = host_transfer_extension();
  if (extension.valid())
    return;
  extension = sg4::Activity::extension_create<HostTransferTag>();
  sg4::Activity::on_completion_cb([](const sg4::Activity& activity) {
    released_after_callbacks().clear();
    const HostTransferTag* tag = activity.extension(host_transfer_extension());
    if (tag == nullptr)
      return;
    if (auto listener = tag->listener.lock())
      listener->on_transfer_end(tag->token, activity);
  });
  sg4::Engine::on_simulation_end_cb([] { released_after_callbacks().clear(); });
}

}  // namespace

sg4::CommPtr start_host_transfer(sg4::Host* from, sg4::Host* to, double bytes,
                                 std::weak_ptr<HostTransferListener> listener, std::size_t token)
{
  connect_completion_dispatch();
  sg4::CommPtr comm = sg4::Comm::sendto_async(from, to, static_cast<uint64_t>(bytes));
  comm->extension_set(host_transfer_extension(), new HostTransferTag{std::move(listener), token});
  return comm;
}

double kernel_wait_horizon()
{
  static const double precision = simgrid::config::get_value<double>("surf/precision");
  return sg4::Engine::get_clock() + precision;
}

void release_after_callbacks(std::shared_ptr<void> owner)
{
  connect_completion_dispatch();
  released_after_callbacks().push_back(std::move(owner));
}

}  // namespace hbcast
