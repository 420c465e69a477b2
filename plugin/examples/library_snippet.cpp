// The snippet of docs/library.md ("Using hbcast as a library") as a whole program, so that what the
// page shows is what runs: FNF from the first host of PLATFORM, predicted and replayed in one s4u
// simulation. It prints both makespans; library_snippet_cli_test compares them with `hbcast
// simulate -s fnf` on the same platform and checks that every line of the page's snippet is here.
//
//   library_snippet PLATFORM.xml [BYTES]
#include <hbcast/hbcast.hpp>    // the only include: it brings <simgrid/s4u.hpp> too

#include <cstdio>
#include <cstdlib>

namespace sg4 = simgrid::s4u;

int main(int argc, char** argv)
{
  sg4::Engine engine(&argc, argv);
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml [BYTES]\n", argv[0]);
    return 2;
  }
  const std::string path = argv[1];
  const double bytes = argc == 3 ? std::atof(argv[2]) : 4194304.0;
  const hbcast::NodeId root = 0;
  const std::size_t slices = 1;
  double simulated = -1.0;
  // The page's snippet, line for line:
  sg_hbcast_plugin_init();                                   // SimGrid plugin convention
  hbcast::set_exact_mode(engine);                            // before loading: the figures hbcast simulate gives
  auto platform = hbcast::LoadedPlatform::load(engine, path);
  auto costs = std::make_shared<hbcast::PlatformCostModel>(platform);
  hbcast::BroadcastInstance instance(costs, platform.host_names(), bytes);
  auto tree = hbcast::run_scheduler(*hbcast::find_scheduler("fnf"), instance, root).tree;
  double predicted = hbcast::evaluate_atomic(tree, *costs, bytes, hbcast::PortModel::one_port).makespan;
  sg4::Actor::create("application", platform.hosts()[root], [&] {
    auto broadcast = hbcast::TreeBroadcast::start(tree, platform.hosts(), {bytes, slices, hbcast::PortModel::one_port, "params"});
    broadcast->wait();
    double makespan = broadcast->result().makespan;
    simulated = makespan;
  });
  engine.run();
  const sg4::Host* host = platform.hosts().back();
  std::optional<double> t = hbcast::delivery_time(*host, "params");   // per-host delivery log
  std::printf("%s received at %.9f s\n", host->get_cname(), t.value_or(-1.0));
  std::printf("predicted %.9f s, simulated %.9f s\n", predicted, simulated);
  return simulated >= 0.0 ? 0 : 1;
}
