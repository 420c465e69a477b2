// Times one broadcast in SMPI (build with smpicxx, run with smpirun; see `hbcast smpi`):
//   hbcast_mpi_time --bytes B --plan PLAN.json     libhbcast_mpi on the plan (ranks mapped by
//                                                  processor name: SMPI gives the host's)
//   hbcast_mpi_time --bytes B --root R             MPI_Bcast from rank R (--cfg=smpi/bcast:NAME
//                                                  chooses SMPI's algorithm)
// Every rank waits until one common simulated instant, one second after the slowest rank left a
// barrier (SMPI's barrier lets the root out early), then broadcasts, notes when it returned, and
// waits again until kSilentAfter seconds past the start before the reduction of the times, so that
// no message of the timing shares a link with the broadcast's tail. Rank 0 prints
// "start S end E time T": S the latest start, E the latest return, T = E - S (simulated seconds).
// The message lives in SMPI's shared malloc: every rank's buffer maps the same pages, so that a
// broadcast of any size on any number of hosts fits in memory (its content does not matter here).
#include <hbcast_mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Options {
  std::string plan;
  int root = 0;
  long long bytes = 0;
};

Options parse(int argc, char** argv)
{
  Options options;
  for (int k = 1; k + 1 < argc; k += 2) {
    const std::string key = argv[k];
    if (key == "--plan")
      options.plan = argv[k + 1];
    else if (key == "--root")
      options.root = std::atoi(argv[k + 1]);
    else if (key == "--bytes")
      options.bytes = std::atoll(argv[k + 1]);
  }
  return options;
}

// Simulated seconds from the broadcast's start to the reduction of the times: a broadcast that
// outlasts it is reported as an error rather than timed with traffic behind it.
constexpr double kSilentAfter = 1e6;

// Simulated waiting until `instant`: computation at the host's own speed, exact to the double.
// (smpi_execute would scale by smpi/host-speed, the reference speed of benchmarked code.)
void wait_until(double instant)
{
  const double remaining = instant - MPI_Wtime();
  if (remaining > 0.0)
    smpi_execute_benched(remaining);
}

// One second after the slowest rank left the barrier: far beyond the barrier's skew.
double wait_for_common_start(MPI_Comm comm)
{
  MPI_Barrier(comm);
  double left = MPI_Wtime(), last_left = 0.0;
  MPI_Allreduce(&left, &last_left, 1, MPI_DOUBLE, MPI_MAX, comm);
  const double start = last_left + 1.0;
  wait_until(start);
  return start;
}

}  // namespace

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  const Options options = parse(argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  hbcast_plan* plan = nullptr;
  if (!options.plan.empty() && hbcast_plan_load(options.plan.c_str(), MPI_COMM_WORLD, nullptr, &plan) != MPI_SUCCESS) {
    MPI_Finalize();
    return 3;
  }
  const auto bytes = static_cast<std::size_t>(options.bytes);
  char* buffer = static_cast<char*>(SMPI_SHARED_MALLOC(bytes > 0 ? bytes : 1));
  const int count = static_cast<int>(options.bytes);
  const double start = wait_for_common_start(MPI_COMM_WORLD), started = MPI_Wtime();
  const int status = plan != nullptr ? hbcast_mpi_bcast(buffer, count, MPI_BYTE, plan, MPI_COMM_WORLD)
                                     : MPI_Bcast(buffer, count, MPI_BYTE, options.root, MPI_COMM_WORLD);
  double finished[2] = {started, MPI_Wtime()}, latest[2] = {0.0, 0.0};
  wait_until(start + kSilentAfter);
  MPI_Reduce(finished, latest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0 && status == MPI_SUCCESS && latest[1] > start + kSilentAfter)
    std::fprintf(stderr, "hbcast_mpi_time: error: the broadcast lasted more than %g simulated seconds\n",
                 kSilentAfter);
  else if (rank == 0 && status == MPI_SUCCESS)
    std::printf("start %.17g end %.17g time %.17g\n", latest[0], latest[1], latest[1] - latest[0]);
  SMPI_SHARED_FREE(buffer);
  hbcast_plan_free(plan);
  MPI_Finalize();
  return status == MPI_SUCCESS ? 0 : 1;
}
