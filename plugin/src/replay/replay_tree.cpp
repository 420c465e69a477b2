#include <hbcast/replay/replay_tree.hpp>

#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/replay/tree_broadcast.hpp>

#include <stdexcept>

namespace hbcast {

ReplayResult replay_tree(simgrid::s4u::Engine& engine, const BroadcastTree& tree,
                         const std::vector<simgrid::s4u::Host*>& hosts, const ReplayOptions& options)
{
  auto broadcast = TreeBroadcast::start(tree, hosts, options);
  {
    const SimGridCall call(ActivityOwner::simulation);
    engine.run();
  }
  if (!broadcast->done())
    throw std::runtime_error(broadcast->unfinished_report());
  return broadcast->result();
}

}  // namespace hbcast
