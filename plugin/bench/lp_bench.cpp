// Benchmarks of the steady-state broadcast LP SSB(G) (seed 002, section 4.1) solved by CLP, on the
// random platforms of section 5.1 (hbcast::generate_random_platform, fixed seed, 1 MB slices).
// Densities: 0.1 at 30 and 65 nodes (the paper's range); at 200 and 500 nodes 0.1 would give an
// average degree of 20 and 50, so there the density is chosen for an average degree of about 8
// (0.04 and 0.016). Counters: LP size, CLP iterations, and TP in slices per second.
//
//   lp_bench                                  the default method (dual simplex + presolve)
//   lp_bench --benchmark_filter=methods      every method on the smaller sizes (the measurement
//                                             behind the default)
#include <hbcast/model/random_platform_generator.hpp>
#include <hbcast/model/steady_state_lp.hpp>
#include <hbcast/model/topology_graph.hpp>

#include <benchmark/benchmark.h>

namespace {

constexpr double kSliceBytes = 1e6;

struct Size {
  std::size_t nodes;
  double density;
};
constexpr Size kSizes[] = {{30, 0.1}, {65, 0.1}, {200, 0.04}, {500, 0.016}};

hbcast::TopologyGraph random_topology(Size size)
{
  hbcast::RandomPlatformParameters parameters;
  parameters.node_count = size.nodes;
  parameters.density = size.density;
  parameters.seed = 42;
  return hbcast::TopologyGraph::from_platform_graph(hbcast::generate_random_platform(parameters));
}

void solve(benchmark::State& state, Size size, hbcast::SteadyStateLpOptions options)
{
  const auto graph = random_topology(size);
  hbcast::SteadyStateSolution solution;
  for (auto _ : state)
    benchmark::DoNotOptimize(solution = hbcast::solve_steady_state_broadcast(graph, 0, kSliceBytes, options));
  state.counters["links"] = static_cast<double>(graph.link_count());
  state.counters["avg_degree"] = static_cast<double>(graph.link_count()) / static_cast<double>(graph.size());
  state.counters["variables"] = static_cast<double>(solution.variable_count);
  state.counters["constraints"] = static_cast<double>(solution.constraint_count);
  state.counters["clp_iterations"] = solution.iterations;
  state.counters["TP_slices_per_s"] = solution.slices_per_second;
}

const char* method_name(hbcast::SteadyStateLpMethod method)
{
  switch (method) {
  case hbcast::SteadyStateLpMethod::primal_simplex: return "primal";
  case hbcast::SteadyStateLpMethod::barrier: return "barrier";
  case hbcast::SteadyStateLpMethod::dual_simplex: break;
  }
  return "dual";
}

void register_benchmarks()
{
  for (Size size : kSizes) {
    const auto name = "solve/nodes:" + std::to_string(size.nodes);
    benchmark::RegisterBenchmark(name.c_str(), solve, size, hbcast::SteadyStateLpOptions{})
        ->Unit(benchmark::kMillisecond)
        ->Iterations(size.nodes >= 200 ? 1 : 3);
  }
  // The comparison behind the default method, on the sizes where every method finishes quickly.
  for (Size size : {kSizes[0], kSizes[1], kSizes[2]})
    for (auto method : {hbcast::SteadyStateLpMethod::dual_simplex, hbcast::SteadyStateLpMethod::primal_simplex,
                        hbcast::SteadyStateLpMethod::barrier})
      for (bool presolve : {true, false}) {
        const auto name = std::string("methods/") + method_name(method) + (presolve ? "+presolve" : "") +
                          "/nodes:" + std::to_string(size.nodes);
        benchmark::RegisterBenchmark(name.c_str(), solve, size, hbcast::SteadyStateLpOptions{method, presolve})
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
      }
}

}  // namespace

int main(int argc, char** argv)
{
  register_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
