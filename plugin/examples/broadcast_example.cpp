// An ordinary s4u simulation that uses hbcast as a plugin: an application actor computes, then
// broadcasts its parameters along a Fastest-Node-First tree, waits for the broadcast and carries on.
// It prints the simulated makespan beside hbcast's pairwise prediction and exits non-zero if they
// disagree (run it in exact mode, on a platform whose transfers share no link, e.g. hetero_star.xml).
//
//   broadcast_example PLATFORM.xml [--cfg=...]
#include <hbcast/hbcast.hpp>

XBT_LOG_NEW_DEFAULT_CATEGORY(broadcast_example, "hbcast example: an application broadcasting its parameters");

namespace sg4 = simgrid::s4u;

int main(int argc, char** argv)
{
  sg4::Engine engine(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml [--cfg=key:value ...]\n", argv[0]);
    return 2;
  }
  sg_hbcast_plugin_init();
  // Exact mode: SimGrid then gives T = latency + size / bandwidth, as hbcast predicts.
  hbcast::set_exact_mode(engine);
  auto platform = hbcast::LoadedPlatform::load(engine, argv[1]);

  const double bytes = 1 << 20;
  auto costs = std::make_shared<hbcast::PlatformCostModel>(platform);
  hbcast::BroadcastInstance instance(costs, platform.host_names(), bytes);
  hbcast::ScheduleResult fnf = hbcast::run_scheduler(*hbcast::find_scheduler("fnf"), instance, 0);
  const double predicted = hbcast::evaluate_atomic(fnf.tree, *costs, bytes, hbcast::PortModel::one_port).makespan;

  double simulated = -1.0;
  sg4::Actor::create("application", platform.hosts()[0], [&] {
    sg4::this_actor::sleep_for(1.0);  // the computation that produces the parameters
    auto broadcast = hbcast::TreeBroadcast::start(fnf.tree, platform.hosts(), {bytes, 1, hbcast::PortModel::one_port, "parameters"});
    broadcast->wait();
    simulated = broadcast->result().makespan;
    XBT_INFO("Parameters reached all %zu hosts at t = %.6f s", platform.size(), sg4::Engine::get_clock());
  });
  engine.run();

  const auto& last = *platform.hosts().back();
  std::printf("%s received the parameters at t = %.9f s\n", last.get_cname(),
              hbcast::delivery_time(last, "parameters").value_or(-1.0));
  std::printf("simulated makespan %.9f s, predicted %.9f s\n", simulated, predicted);
  const bool agree = std::abs(simulated - predicted) <= 1e-9 * predicted;
  std::printf("%s\n", agree ? "simulation equals prediction" : "simulation DIFFERS from prediction");
  return agree ? 0 : 1;
}
