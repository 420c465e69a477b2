#include <hbcast/platform/engine_teardown.hpp>

#include <xbt/config.hpp>

namespace hbcast {

void skip_engine_teardown(std::unique_ptr<simgrid::s4u::Engine>& engine)
{
  if (simgrid::config::get_value<bool>("tracing"))
    engine.reset();
  else
    (void)engine.release();  // reclaimed by the process's exit
}

}  // namespace hbcast
