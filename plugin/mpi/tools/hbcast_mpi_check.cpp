// Checks libhbcast_mpi under a real MPI: for every plan given, broadcasts random data of several
// shapes from the plan's root and checks that every rank's buffer is bit-identical to the root's.
//   mpirun -np N hbcast_mpi_check [--seed S] [--rank-map h0,h1,...|--processor-names] PLAN.json...
// --processor-names maps ranks to hosts by MPI_Get_processor_name (one rank per machine of a
// cluster whose names the plan's platform uses). Without either, rank r runs on host perm[r] of
// the plan's hosts, perm drawn from the seed (all ranks of one machine share a processor name). Exit status: 0 when every rank of every
// case matched, 1 on a mismatch, 3 when a plan was refused (its error already on stderr).
#include <hbcast_mpi.h>

#include <hbcast/plan/plan_json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options {
  std::uint64_t seed = 1;
  std::vector<std::string> rank_map;
  bool processor_names = false;
  std::vector<std::string> plans;
};

constexpr const char* kUsage =
    "usage: mpirun -np N hbcast_mpi_check [--seed S] [--rank-map h0,h1,...|--processor-names] PLAN.json...\n"
    "Broadcasts random data of several shapes with each plan (libhbcast_mpi) and checks every rank's copy.\n"
    "  --seed S            seed of the data and of the rank-to-host permutation (default 1)\n"
    "  --rank-map LIST     rank r runs on host LIST[r] of the plan\n"
    "  --processor-names   rank r runs on the host MPI_Get_processor_name names\n"
    "Exit status: 0 every rank matched, 1 a mismatch, 2 a usage error, 3 a plan refused.\n";

// The options; a usage error (or --help) ends the program before MPI starts, on one line.
Options parse(int argc, char** argv)
{
  Options options;
  for (int k = 1; k < argc; ++k) {
    const std::string argument = argv[k];
    if (argument == "--help" || argument == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else if ((argument == "--seed" || argument == "--rank-map") && k + 1 >= argc) {
      std::fprintf(stderr, "hbcast_mpi_check: error: %s needs a value (see --help)\n", argument.c_str());
      std::exit(2);
    } else if (argument == "--seed") {
      char* end = nullptr;
      const std::string value = argv[++k];
      options.seed = std::strtoull(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || value[0] == '-') {
        std::fprintf(stderr, "hbcast_mpi_check: error: --seed must be a whole number >= 0, not '%s'\n", value.c_str());
        std::exit(2);
      }
    } else if (argument == "--processor-names") {
      options.processor_names = true;
    } else if (argument == "--rank-map" && k + 1 < argc) {
      std::istringstream list(argv[++k]);
      for (std::string host; std::getline(list, host, ',');)
        options.rank_map.push_back(host);
    } else if (argument.rfind("-", 0) == 0) {
      std::fprintf(stderr, "hbcast_mpi_check: error: unknown option '%s' (see --help)\n", argument.c_str());
      std::exit(2);
    } else {
      options.plans.push_back(argument);
    }
  }
  if (options.plans.empty()) {
    std::fprintf(stderr, "hbcast_mpi_check: error: no plan given (see --help)\n");
    std::exit(2);
  }
  return options;
}

// Fisher-Yates with a fixed generator: the same permutation on every rank and every machine.
std::vector<std::string> shuffled_hosts(std::vector<std::string> hosts, std::size_t ranks, std::uint64_t seed)
{
  std::mt19937_64 random(seed);
  for (std::size_t k = hosts.size(); k > 1; --k)
    std::swap(hosts[k - 1], hosts[random() % k]);
  hosts.resize(std::min(ranks, hosts.size()));
  return hosts;
}

// A message shape: `count` elements of `datatype` (a committed type), occupying `span` bytes.
struct Shape {
  std::string name;
  int count;
  MPI_Datatype datatype;
  std::size_t span;
};

std::vector<unsigned char> random_bytes(std::size_t n, std::uint64_t seed)
{
  std::mt19937_64 random(seed);
  std::vector<unsigned char> bytes(n);
  for (auto& byte : bytes)
    byte = static_cast<unsigned char>(random() >> 56);
  return bytes;
}

// The root's buffer is random; the others start with their own garbage. After the broadcast
// each rank packs its message (what the datatype covers) and compares it with the root's, and
// checks that the bytes the datatype skips are untouched.
bool run_case(const hbcast_plan* plan, const Shape& shape, std::uint64_t seed, int rank)
{
  const auto root_bytes = random_bytes(shape.span, seed);
  auto buffer = rank == hbcast_plan_root(plan) ? root_bytes : random_bytes(shape.span, seed + 1000 + rank);
  const auto before = buffer;
  if (hbcast_mpi_bcast(buffer.data(), shape.count, shape.datatype, plan, MPI_COMM_WORLD) != MPI_SUCCESS)
    return false;
  int packed_size = 0;
  MPI_Pack_size(shape.count, shape.datatype, MPI_COMM_WORLD, &packed_size);
  auto pack = [&](std::vector<unsigned char> bytes) {
    std::vector<unsigned char> packed(packed_size);
    int position = 0;
    MPI_Pack(bytes.data(), shape.count, shape.datatype, packed.data(), packed_size, &position, MPI_COMM_WORLD);
    packed.resize(position);
    return packed;
  };
  bool same = pack(buffer) == pack(root_bytes);
  // Outside the datatype's map, the buffer must be what the rank had: compare with the message
  // of `before` written in (unpack the root's message into a copy of `before`).
  auto expected = before;
  auto root_message = pack(root_bytes);
  int position = 0;
  MPI_Unpack(root_message.data(), static_cast<int>(root_message.size()), &position, expected.data(), shape.count,
             shape.datatype, MPI_COMM_WORLD);
  return same && expected == buffer;
}

std::vector<Shape> shapes()
{
  MPI_Datatype vector;  // 3 doubles out of every 5: a strided derived type with gaps
  MPI_Type_vector(7, 3, 5, MPI_DOUBLE, &vector);
  MPI_Type_commit(&vector);
  MPI_Aint lower_bound = 0, extent = 0;
  MPI_Type_get_extent(vector, &lower_bound, &extent);
  return {{"1,000,003 bytes", 1000003, MPI_BYTE, 1000003},
          {"4,099 ints", 4099, MPI_INT, 4099 * sizeof(int)},
          {"1 byte", 1, MPI_BYTE, 1},
          {"101 x vector(7, 3, 5) of doubles", 101, vector, static_cast<std::size_t>(101 * extent)}};
}

}  // namespace

int main(int argc, char** argv)
{
  const Options options = parse(argc, argv);  // before MPI: --help needs no mpirun
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int status = 0;
  std::size_t cases = 0;
  const std::vector<Shape> message_shapes = shapes();
  for (const auto& path : options.plans) {
    std::vector<std::string> hosts = options.rank_map;
    if (hosts.empty()) {
      try {
        hosts = shuffled_hosts(hbcast::load_plan_file(path).hosts, size, options.seed);
      } catch (const std::exception&) {
        // hbcast_plan_load reports the unreadable plan on every rank alike.
      }
    }
    hosts.resize(size);
    std::vector<const char*> map;
    for (const auto& host : hosts)
      map.push_back(host.c_str());
    hbcast_plan* plan = nullptr;
    if (hbcast_plan_load(path.c_str(), MPI_COMM_WORLD, options.processor_names ? nullptr : map.data(), &plan) !=
        MPI_SUCCESS) {
      status = 3;
      continue;
    }
    std::uint64_t case_seed = options.seed * 1000;
    for (const auto& shape : message_shapes) {
      int ok = run_case(plan, shape, ++case_seed, rank) ? 1 : 0, all_ok = 0;
      MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
      ++cases;
      if (!all_ok) {
        status = 1;
        if (!ok)
          std::fprintf(stderr, "hbcast_mpi_check: %s, %s (seed %llu): rank %d differs from the root\n", path.c_str(),
                       shape.name.c_str(), static_cast<unsigned long long>(case_seed), rank);
      }
    }
    hbcast_plan_free(plan);
  }
  if (rank == 0)
    std::printf("hbcast_mpi_check: %zu plans, %zu cases, %d ranks, seed %llu: %s\n", options.plans.size(), cases,
                size, static_cast<unsigned long long>(options.seed), status == 0 ? "every rank bit-identical to the root" : "FAILED");
  MPI_Finalize();
  return status;
}
