#include "link_states.hpp"

#include <simgrid/s4u/Engine.hpp>

namespace sg4 = simgrid::s4u;

namespace hbcast {

static std::set<const sg4::Link*>& links_down_now()
{
  static std::set<const sg4::Link*> down;
  return down;
}

const std::set<const sg4::Link*>& links_down()
{
  return links_down_now();
}

void watch_link_states()
{
  static const bool watching = [] {
    for (const sg4::Link* link : sg4::Engine::get_instance()->get_all_links())
      if (!link->is_on())
        links_down_now().insert(link);
    sg4::Link::on_state_change_cb([](const sg4::Link& link) {
      if (link.is_on())
        links_down_now().erase(&link);
      else
        links_down_now().insert(&link);
    });
    return true;
  }();
  static_cast<void>(watching);
}

}  // namespace hbcast
