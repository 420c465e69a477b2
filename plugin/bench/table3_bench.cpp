// The whole Table-3 reproduction of Beaumont-Marchal-Robert (validation/cases/stp_tiers_one_port.yaml at its
// --full size: 100 Tiers platforms of 30 nodes and 100 of 65, every heuristic, the SSB(G) LP and a
// SimGrid replay of every tree, each in its own process), timed end to end as `hbcast validate
// --full stp_tiers_one_port` runs it. One iteration: it takes about a minute. Workers: 2 (the
// 2-core machine of the aim), or the first argument after the benchmark flags.
#include <hbcast/experiments/validation_case.hpp>
#include <hbcast/experiments/validation_runner.hpp>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <sstream>

namespace {

std::size_t workers = 2;

void BM_table3_reproduction(benchmark::State& state)
{
  const auto case_file = std::filesystem::path(HBCAST_VALIDATION_DIR) / "cases" / "stp_tiers_one_port.yaml";
  const auto output = std::filesystem::temp_directory_path() / "hbcast-table3-bench";
  const auto validation_case = hbcast::cli::load_validation_case(case_file.string(), true);
  std::size_t failed = 0, rows = 0;
  for (auto _ : state) {
    std::ostringstream progress;
    const auto result = hbcast::cli::run_validation_case(validation_case, output.string(), workers, progress);
    for (const auto& check : result.checks)
      failed += hbcast::cli::counts_as_failure(check);
    rows = result.checks.size();
  }
  std::filesystem::remove_all(output);
  state.counters["workers"] = static_cast<double>(workers);
  state.counters["checks"] = static_cast<double>(rows);
  state.counters["failed_checks"] = static_cast<double>(failed);
}
BENCHMARK(BM_table3_reproduction)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv)
{
  benchmark::Initialize(&argc, argv);
  if (argc > 1)
    workers = std::stoul(argv[1]);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
