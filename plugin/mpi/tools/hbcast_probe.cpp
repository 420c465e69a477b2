// hbcast-probe: measures an MPI job's network for `hbcast calibrate` (docs/calibration.md).
//
//   mpirun -np N hbcast-probe [-o FILE.csv] [--sizes 1:16MiB] [--all-pairs-max 256KiB] [--partners 4]
//          [--repetitions 5] [--seed 1] [--concurrent-size 4MiB] [--concurrent-messages 4]
//          [--max-flows 64] [--no-concurrent] [--dry-run]
//
// 1. Every pair's ping-pong (half round trips: median, min, max of R) at every size up to
//    --all-pairs-max, one pair at a time (a token passes from pair to pair: nothing else runs).
// 2. Groups by latency (the smallest size), then sampled pairs at the larger sizes.
// 3. Concurrent tests: flows that run at once (within each group, between groups, out of and into
//    each group), each flow sending one untimed then M timed messages one after the other; the
//    receiver times the M.
// Rank 0 prints its plan and an estimate of the time before it starts, and writes the CSV.
#include <mpi.h>

#include <hbcast/calibration/host_grouping.hpp>
#include <hbcast/calibration/probe_plan.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

namespace {

using hbcast::calibration::ConcurrentStep;
using hbcast::calibration::PairStep;
using hbcast::calibration::ProbeOptions;

constexpr int kTagPing = 11, kTagToken = 12, kTagFlow = 13;

// Wall-clock seconds. A raw system call: SMPI replaces clock_gettime (and std::chrono's clock
// may reach it) with the simulated clock, and the estimate is about the user's time.
double wall_seconds()
{
  timespec now{};
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

struct Arguments {
  ProbeOptions probe;
  std::string output;
  bool dry_run = false;
  std::string command_line;
};

[[noreturn]] void usage_error(int rank, const std::string& message)
{
  if (rank == 0)
    std::fprintf(stderr, "hbcast-probe: error: %s (see hbcast-probe --help)\n", message.c_str());
  MPI_Finalize();
  std::exit(2);
}

double size_argument(int rank, const std::string& option, const std::string& value)
{
  try {
    const auto sizes = hbcast::calibration::parse_probe_sizes(value);
    if (sizes.size() != 1)
      throw std::invalid_argument("one size expected");
    return sizes.front();
  } catch (const std::exception& error) {
    usage_error(rank, option + ": " + error.what());
  }
}

std::size_t count_argument(int rank, const std::string& option, const std::string& value, std::size_t minimum)
{
  char* end = nullptr;
  const unsigned long long parsed = std::strtoull(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || value[0] == '-' || parsed < minimum)
    usage_error(rank, option + " must be a whole number >= " + std::to_string(minimum) + ", not '" + value + "'");
  return static_cast<std::size_t>(parsed);
}

const char* const kHelp =
    "usage: mpirun -np N hbcast-probe [options]\n"
    "Measures every pair's latency and bandwidth and the shared links of an MPI job, for hbcast calibrate.\n"
    "  -o FILE.csv                 write the CSV there (default: standard output)\n"
    "  --sizes LIST|LOW:HIGH       message sizes, e.g. 1,1KiB,4MiB or 1:16MiB (powers of 2; default 1:16MiB)\n"
    "  --all-pairs-max SIZE        every pair up to this size, sampled pairs beyond (default 256KiB)\n"
    "  --partners K                sampled partners per host in its group (default 4; +1 per other group)\n"
    "  --repetitions R             timed round trips per size and pair (default 5)\n"
    "  --seed S                    seed of the sampling (default 1)\n"
    "  --concurrent-size SIZE      message size of the concurrent tests (default 4MiB)\n"
    "  --concurrent-messages M     timed messages per flow (default 4)\n"
    "  --max-flows K               flows per concurrent test at most (default 64)\n"
    "  --no-concurrent             skip the concurrent tests\n"
    "  --dry-run                   print the plan and the estimate, measure nothing\n";

Arguments parse_arguments(int argc, char** argv, int rank)
{
  Arguments args;
  args.probe.sizes = hbcast::calibration::default_probe_sizes();
  // The command as run, without directories (the CSV travels; its paths would not).
  auto base = [](const std::string& path) { return path.substr(path.find_last_of('/') + 1); };
  args.command_line = "hbcast-probe";
  for (int k = 1; k < argc; ++k)
    args.command_line += " " + (k > 1 && (std::string(argv[k - 1]) == "-o" || std::string(argv[k - 1]) == "--output")
                                    ? base(argv[k])
                                    : std::string(argv[k]));
  for (int k = 1; k < argc; ++k) {
    const std::string option = argv[k];
    auto value = [&]() -> std::string {
      if (k + 1 >= argc)
        usage_error(rank, option + " needs a value");
      return argv[++k];
    };
    if (option == "--help" || option == "-h") {
      if (rank == 0)
        std::fputs(kHelp, stdout);
      MPI_Finalize();
      std::exit(0);
    } else if (option == "-o" || option == "--output") {
      args.output = value();
    } else if (option == "--sizes") {
      try {
        args.probe.sizes = hbcast::calibration::parse_probe_sizes(value());
      } catch (const std::exception& error) {
        usage_error(rank, "--sizes: " + std::string(error.what()));
      }
    } else if (option == "--all-pairs-max") {
      args.probe.all_pairs_max = size_argument(rank, option, value());
    } else if (option == "--partners") {
      args.probe.partners = count_argument(rank, option, value(), 1);
    } else if (option == "--repetitions") {
      args.probe.repetitions = count_argument(rank, option, value(), 1);
    } else if (option == "--seed") {
      args.probe.seed = count_argument(rank, option, value(), 0);
    } else if (option == "--concurrent-size") {
      args.probe.concurrent_bytes = size_argument(rank, option, value());
      if (args.probe.concurrent_bytes < 1)
        usage_error(rank, "--concurrent-size must be at least 1 byte");
    } else if (option == "--concurrent-messages") {
      args.probe.concurrent_messages = count_argument(rank, option, value(), 1);
    } else if (option == "--max-flows") {
      args.probe.max_flows = count_argument(rank, option, value(), 2);
    } else if (option == "--no-concurrent") {
      args.probe.concurrent = false;
    } else if (option == "--dry-run") {
      args.dry_run = true;
    } else {
      usage_error(rank, "unknown option '" + option + "'");
    }
  }
  const double largest = *std::max_element(args.probe.sizes.begin(), args.probe.sizes.end());
  if (largest > 1073741824.0 || args.probe.concurrent_bytes > 1073741824.0)
    usage_error(rank, "sizes are limited to 1 GiB");
  if (args.probe.sizes.size() > 64)
    usage_error(rank, "at most 64 sizes");
  if (args.probe.max_flows > 4096)
    usage_error(rank, "--max-flows is at most 4096");
  return args;
}

// Waits for a request: blocking under SMPI (a simulated wait costs nothing), polling with short
// sleeps on a real machine so that idle ranks leave the cores to the measured pair.
void wait_for(MPI_Request& request)
{
#ifdef SMPI_H
  MPI_Wait(&request, MPI_STATUS_IGNORE);
#else
  int done = 0;
  MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  while (!done) {
    const timespec pause{0, 20000};
    nanosleep(&pause, nullptr);
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  }
#endif
}

void receive(void* buffer, int bytes, int from, int tag)
{
  MPI_Request request;
  MPI_Irecv(buffer, bytes, MPI_BYTE, from, tag, MPI_COMM_WORLD, &request);
  wait_for(request);
}

void send(const void* buffer, int bytes, int to, int tag)
{
  MPI_Request request;
  MPI_Isend(buffer, bytes, MPI_BYTE, to, tag, MPI_COMM_WORLD, &request);
  wait_for(request);
}

double median(std::vector<double> values)
{
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

struct Row {
  std::size_t order = 0;
  std::string text;
};

// A message buffer. Under SMPI a shared one: SMPI then moves no bytes (only simulated time), which
// keeps a probe of 64 ranks at 16 MiB within minutes.
class Payload {
public:
  explicit Payload(std::size_t bytes) : bytes_(std::max<std::size_t>(bytes, 1))
  {
#ifdef SMPI_H
    data_ = static_cast<char*>(SMPI_SHARED_MALLOC(bytes_));
#else
    data_ = new char[bytes_]();
#endif
  }
  ~Payload()
  {
#ifdef SMPI_H
    SMPI_SHARED_FREE(data_);
#else
    delete[] data_;
#endif
  }
  Payload(const Payload&) = delete;
  Payload& operator=(const Payload&) = delete;
  char* data() { return data_; }

private:
  std::size_t bytes_;
  char* data_ = nullptr;
};

// A CSV field: host names without commas or line ends (the CSV has no quoting).
std::string csv_name(std::string name)
{
  for (char& c : name)
    if (c == ',' || c == '\n' || c == '\r')
      c = '_';
  return name;
}

// The pair steps, one at a time: a token goes from each step's first rank to the next step's.
void run_pair_steps(const std::vector<PairStep>& steps, std::size_t order_base, int rank,
                    const std::vector<std::string>& hosts, const ProbeOptions& options, Payload& buffer,
                    std::vector<Row>& rows, std::vector<double>* size_walls = nullptr)
{
  char token = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const PairStep& step = steps[k];
    const bool first = rank == step.first, second = rank == step.second;
    if (first && k > 0 && steps[k - 1].first != rank)
      receive(&token, 1, steps[k - 1].first, kTagToken);
    if (first || second) {
      const int other = first ? step.second : step.first;
      for (std::size_t s = 0; s < step.sizes.size(); ++s) {
        const double size_start = wall_seconds();
        const int bytes = static_cast<int>(step.sizes[s]);
        std::vector<double> halves;
        for (std::size_t r = 0; r <= options.repetitions; ++r) {  // round 0 untimed
          if (first) {
            const double start = MPI_Wtime();
            send(buffer.data(), bytes, other, kTagPing);
            receive(buffer.data(), bytes, other, kTagPing);
            if (r > 0)
              halves.push_back((MPI_Wtime() - start) / 2);
          } else {
            receive(buffer.data(), bytes, other, kTagPing);
            send(buffer.data(), bytes, other, kTagPing);
          }
        }
        if (first) {
          char line[1024];
          std::snprintf(line, sizeof line, "pingpong,,%d,%d,%s,%s,%d,1,%zu,%.17g,%.17g,%.17g\n", step.first, step.second,
                        csv_name(hosts[step.first]).c_str(), csv_name(hosts[step.second]).c_str(), bytes,
                        options.repetitions, median(halves), *std::min_element(halves.begin(), halves.end()),
                        *std::max_element(halves.begin(), halves.end()));
          rows.push_back({order_base + k * 64 + s, line});
        }
        if (first && size_walls && k == 0)
          size_walls->push_back(wall_seconds() - size_start);
      }
    }
    if (first && k + 1 < steps.size() && steps[k + 1].first != rank)
      send(&token, 1, steps[k + 1].first, kTagToken);
  }
}

// One concurrent test: every flow sends one untimed and M timed messages, one after the other; its
// receiver times the M from the end of the untimed one. A rank may send (receive) several flows:
// one request each, all progressed by MPI_Waitany, a completion timed when it returns.
void run_concurrent_step(const ConcurrentStep& step, std::size_t order, int rank, const std::vector<std::string>& hosts,
                         const ProbeOptions& options, Payload& send_buffer, Payload& receive_buffer,
                         std::vector<Row>& rows)
{
  const int bytes = static_cast<int>(options.concurrent_bytes);
  const int messages = static_cast<int>(options.concurrent_messages) + 1;
  struct Flow {
    std::size_t index;
    int peer;
    bool sending;
    int done = 0;
    double timed_from = 0, timed_to = 0;
  };
  std::vector<Flow> flows;
  for (std::size_t f = 0; f < step.flows.size(); ++f) {
    if (step.flows[f].first == rank)
      flows.push_back({f, step.flows[f].second, true});
    if (step.flows[f].second == rank)
      flows.push_back({f, step.flows[f].first, false});
  }
  std::vector<MPI_Request> requests(flows.size(), MPI_REQUEST_NULL);
  auto post = [&](std::size_t k) {
    // Sends of one rank share a buffer (read only); receives too (their bytes are not used).
    if (flows[k].sending)
      MPI_Isend(send_buffer.data(), bytes, MPI_BYTE, flows[k].peer, kTagFlow, MPI_COMM_WORLD, &requests[k]);
    else
      MPI_Irecv(receive_buffer.data(), bytes, MPI_BYTE, flows[k].peer, kTagFlow, MPI_COMM_WORLD, &requests[k]);
  };
  MPI_Barrier(MPI_COMM_WORLD);
#ifdef SMPI_H
  // SMPI's barrier lets its root out first: start every flow at one simulated instant, 1 ms after
  // the last rank left (SMPI's clock is global; nanosleep advances it).
  double left = MPI_Wtime(), last = 0;
  MPI_Allreduce(&left, &last, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  const double wait = last + 1e-3 - MPI_Wtime();
  if (wait > 0) {
    timespec pause{static_cast<time_t>(wait), static_cast<long>((wait - std::floor(wait)) * 1e9)};
    nanosleep(&pause, nullptr);
  }
#endif
  for (std::size_t k = 0; k < flows.size(); ++k)
    post(k);
  std::size_t active = flows.size();
  while (active > 0) {
    int index = MPI_UNDEFINED;
    MPI_Waitany(static_cast<int>(requests.size()), requests.data(), &index, MPI_STATUS_IGNORE);
    if (index == MPI_UNDEFINED)
      break;
    Flow& flow = flows[static_cast<std::size_t>(index)];
    const double now = MPI_Wtime();
    ++flow.done;
    if (!flow.sending && flow.done == 1)
      flow.timed_from = now;
    if (flow.done == messages) {
      flow.timed_to = now;
      --active;
    } else {
      post(static_cast<std::size_t>(index));
    }
  }
  for (const Flow& flow : flows) {
    if (flow.sending)
      continue;
    char line[1024];
    const double seconds = flow.timed_to - flow.timed_from;
    std::snprintf(line, sizeof line, "concurrent,%s,%d,%d,%s,%s,%d,%zu,1,%.17g,%.17g,%.17g\n", step.name.c_str(),
                  flow.peer, rank, csv_name(hosts[flow.peer]).c_str(), csv_name(hosts[rank]).c_str(), bytes,
                  options.concurrent_messages, seconds, seconds, seconds);
    rows.push_back({order + flow.index, line});
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

std::string duration_text(double seconds)
{
  char text[64];
  if (seconds < 60)
    std::snprintf(text, sizeof text, "%.0f s", std::ceil(seconds));
  else if (seconds < 3600)
    std::snprintf(text, sizeof text, "%.0f min %.0f s", std::floor(seconds / 60), std::fmod(std::ceil(seconds), 60));
  else
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  return text;
}

// Every rank's rows to rank 0, in plan order.
std::vector<Row> gather_rows(const std::vector<Row>& rows, int rank, int ranks)
{
  std::string packed;
  for (const auto& row : rows)
    packed += std::to_string(row.order) + "\t" + row.text;
  int length = static_cast<int>(packed.size());
  std::vector<int> lengths(ranks), offsets(ranks);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<char> all;
  if (rank == 0) {
    int total = 0;
    for (int r = 0; r < ranks; ++r) {
      offsets[r] = total;
      total += lengths[r];
    }
    all.resize(static_cast<std::size_t>(total) + 1);
  }
  MPI_Gatherv(packed.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<Row> result;
  if (rank != 0)
    return result;
  std::istringstream in(std::string(all.data(), all.size() - 1));
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    result.push_back({std::stoull(line.substr(0, tab)), line.substr(tab + 1) + "\n"});
  }
  std::stable_sort(result.begin(), result.end(), [](const Row& a, const Row& b) { return a.order < b.order; });
  return result;
}

}  // namespace

int main(int argc, char** argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const Arguments args = parse_arguments(argc, argv, rank);
  const ProbeOptions& options = args.probe;
  if (ranks < 2)
    usage_error(rank, "needs 2 ranks or more (mpirun -np N with N >= 2)");

  // Host names, by rank.
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int name_length = 0;
  MPI_Get_processor_name(name, &name_length);
  std::vector<char> names(static_cast<std::size_t>(ranks) * MPI_MAX_PROCESSOR_NAME);
  MPI_Allgather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, MPI_COMM_WORLD);
  std::vector<std::string> hosts;
  for (int r = 0; r < ranks; ++r)
    hosts.emplace_back(&names[static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME]);

  const auto small_steps = hbcast::calibration::all_pair_steps(ranks, options);
  std::size_t large_sizes = 0;
  for (const double s : options.sizes)
    large_sizes += s > options.all_pairs_max;
  const double largest = std::max(*std::max_element(options.sizes.begin(), options.sizes.end()),
                                  options.concurrent ? options.concurrent_bytes : 0.0);
  Payload buffer(static_cast<std::size_t>(largest)), other_buffer(static_cast<std::size_t>(largest));

  // The plan, and its estimate from a first pass over ranks 0 and 1 (every size, two round trips):
  // one pass to warm up, then the fastest of three per size (a busy machine only slows it down).
  std::vector<double> size_walls;
  {
    std::vector<Row> discard;
    ProbeOptions once = options;
    once.repetitions = 1;
    PairStep all_sizes{0, 1, options.sizes};
    run_pair_steps({all_sizes}, 0, rank, hosts, once, buffer, discard, &size_walls);
    std::vector<double> fastest(options.sizes.size(), std::numeric_limits<double>::infinity());
    for (int pass = 0; pass < 3; ++pass) {
      size_walls.clear();
      run_pair_steps({all_sizes}, 0, rank, hosts, once, buffer, discard, &size_walls);
      for (std::size_t k = 0; k < size_walls.size() && k < fastest.size(); ++k)
        fastest[k] = std::min(fastest[k], size_walls[k]);
    }
    size_walls = fastest;
    size_walls.resize(options.sizes.size());
    MPI_Bcast(size_walls.data(), static_cast<int>(size_walls.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  double first_pass = 0, small_round = 0, large_round = 0;  // one round trip of every small (large) size
  for (std::size_t k = 0; k < options.sizes.size(); ++k) {
    first_pass += size_walls[k];
    (options.sizes[k] <= options.all_pairs_max ? small_round : large_round) += size_walls[k] / 2;
  }
  const std::size_t pairs = static_cast<std::size_t>(ranks) * static_cast<std::size_t>(ranks - 1) / 2;
  const std::size_t sampled = std::min(pairs, static_cast<std::size_t>(ranks) * (options.partners + 1));
  const double rounds = static_cast<double>(options.repetitions + 1);
  const double estimate =
      rounds * (small_round * static_cast<double>(small_steps.size()) + large_round * static_cast<double>(sampled));
  if (rank == 0) {
    std::fprintf(stderr,
                 "hbcast-probe: %d ranks, %zu pairs; %zu sizes (%s to %s), every pair up to %s, about %zu sampled "
                 "pairs above; %zu repetitions; then concurrent tests of %zu x %s per flow\n",
                 ranks, pairs, options.sizes.size(), hbcast::calibration::size_text(options.sizes.front()).c_str(),
                 hbcast::calibration::size_text(options.sizes.back()).c_str(),
                 hbcast::calibration::size_text(options.all_pairs_max).c_str(), large_sizes ? sampled : 0,
                 options.repetitions, options.concurrent_messages,
                 hbcast::calibration::size_text(options.concurrent_bytes).c_str());
    std::fprintf(stderr,
                 "hbcast-probe: estimated %s for the pairs, from two round trips at every size between ranks 0 and 1 (%.3g s); the "
                 "concurrent tests follow once the latencies show the groups\n",
                 duration_text(estimate).c_str(), first_pass);
  }
  if (args.dry_run) {
    MPI_Finalize();
    return 0;
  }
  const double started = wall_seconds();

  // 1. Every pair at the small sizes.
  std::vector<Row> rows;
  run_pair_steps(small_steps, 0, rank, hosts, options, buffer, rows);

  // 2. Groups from the smallest size's latencies (rank 0), shared with every rank.
  std::vector<int> group_of(static_cast<std::size_t>(ranks), 0);
  {
    auto gathered = gather_rows(rows, rank, ranks);
    if (rank == 0) {
      // Each pair's latency: the intercept of its small sizes' half round trips (SMPI adds 16 bytes
      // to every message); groups as hbcast calibrate makes them.
#ifdef SMPI_H
      const double envelope = 16;
#else
      const double envelope = 0;
#endif
      const double nan = std::numeric_limits<double>::quiet_NaN();
      std::vector<std::vector<std::vector<double>>> sizes(ranks, std::vector<std::vector<double>>(ranks)),
          times(ranks, std::vector<std::vector<double>>(ranks));
      for (const auto& row : gathered) {
        int a = 0, b = 0;
        long long bytes = 0;
        double median_s = 0;
        if (std::sscanf(row.text.c_str(), "pingpong,,%d,%d,%*[^,],%*[^,],%lld,1,%*d,%lg", &a, &b, &bytes, &median_s) == 4 &&
            median_s > 0) {
          sizes[a][b].push_back(static_cast<double>(bytes));
          times[a][b].push_back(median_s);
        }
      }
      std::vector<std::vector<double>> latency(ranks, std::vector<double>(ranks, nan));
      for (int a = 0; a < ranks; ++a)
        for (int b = a + 1; b < ranks; ++b)
          if (!sizes[a][b].empty())
            latency[a][b] = latency[b][a] = hbcast::calibration::latency_intercept(sizes[a][b], times[a][b], envelope);
      auto groups = hbcast::calibration::group_by_latency(latency);
      hbcast::calibration::merge_groups_behind_one_switch(groups, latency);
      for (std::size_t g = 0; g < groups.size(); ++g)
        for (const std::size_t u : groups[g])
          group_of[u] = static_cast<int>(g);
    }
    MPI_Bcast(group_of.data(), ranks, MPI_INT, 0, MPI_COMM_WORLD);
  }
  const double pairs_done = wall_seconds();
  std::vector<std::vector<int>> groups(static_cast<std::size_t>(*std::max_element(group_of.begin(), group_of.end()) + 1));
  for (int r = 0; r < ranks; ++r)
    groups[static_cast<std::size_t>(group_of[r])].push_back(r);
  const auto large_steps = hbcast::calibration::sampled_pair_steps(groups, options);
  const auto concurrent = hbcast::calibration::concurrent_steps(groups, options);
  if (rank == 0) {
    const double so_far = pairs_done - started;
    std::fprintf(stderr,
                 "hbcast-probe: %zu pairs measured in %s; %zu groups by latency; now %zu sampled pairs above %s and %zu "
                 "concurrent tests\n",
                 small_steps.size(), duration_text(so_far).c_str(), groups.size(), large_steps.size(),
                 hbcast::calibration::size_text(options.all_pairs_max).c_str(), concurrent.size());
  }
  run_pair_steps(large_steps, small_steps.size() * 64, rank, hosts, options, buffer, rows);

  // 3. Concurrent tests.
  const std::size_t concurrent_base = (small_steps.size() + large_steps.size()) * 64;
  for (std::size_t t = 0; t < concurrent.size(); ++t)
    run_concurrent_step(concurrent[t], concurrent_base + t * 4096, rank, hosts, options, buffer, other_buffer, rows);

  // 4. The CSV (rank 0).
  const auto all = gather_rows(rows, rank, ranks);
  int status = 0;
  if (rank == 0) {
    char library[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int library_length = 0;
    MPI_Get_library_version(library, &library_length);
    std::string version(library);
    version = version.substr(0, version.find('\n'));
    const std::time_t now = std::time(nullptr);
    char date[64];
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    std::ostringstream csv;
    csv << "# hbcast-probe 1: " << args.command_line << "\n"
        << "# ranks " << ranks << ", repetitions " << options.repetitions << ", seed " << options.seed
        << ", every pair up to " << static_cast<long long>(options.all_pairs_max) << " bytes, " << options.partners
        << " partners per host above, " << groups.size() << " groups by latency\n"
        << "# MPI: " << version << "; finished " << date << "\n"
        << "# pingpong: median_s, min_s, max_s of half round trips; concurrent: the time of `messages` messages of "
           "`bytes` received one after the other while the test's other flows ran\n"
        << "kind,test,src_rank,dst_rank,src_host,dst_host,bytes,messages,repetitions,median_s,min_s,max_s\n";
    for (const auto& row : all)
      csv << row.text;
    if (args.output.empty()) {
      std::cout << csv.str();
    } else {
      std::ofstream out(args.output);
      out << csv.str();
      if (!out.flush()) {
        std::fprintf(stderr, "hbcast-probe: error: cannot write '%s'\n", args.output.c_str());
        status = 1;
      }
    }
    const double total = wall_seconds() - started;
    std::fprintf(stderr, "hbcast-probe: %zu rows in %s%s%s\n", all.size(), duration_text(total).c_str(),
                 args.output.empty() ? "" : ", written to ", args.output.c_str());
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
