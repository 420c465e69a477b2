// The C API of libhbcast_mpi over the C++ inside (rank_plan, plan_bcast).
#include <hbcast_mpi.h>

#include "plan_bcast.hpp"
#include "rank_plan.hpp"

#include <hbcast/plan/plan_json.hpp>

#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

struct hbcast_plan {
  hbcast::mpi::RankPlan ranks;
};

namespace {

std::vector<std::string> processor_names(MPI_Comm comm, int size)
{
  std::vector<char> mine(MPI_MAX_PROCESSOR_NAME, '\0');
  int length = 0;
  MPI_Get_processor_name(mine.data(), &length);
  std::vector<char> all(static_cast<std::size_t>(MPI_MAX_PROCESSOR_NAME) * size, '\0');
  MPI_Allgather(mine.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, comm);
  std::vector<std::string> names;
  for (int rank = 0; rank < size; ++rank) {
    const char* name = all.data() + static_cast<std::size_t>(rank) * MPI_MAX_PROCESSOR_NAME;
    names.emplace_back(name, strnlen(name, MPI_MAX_PROCESSOR_NAME));
  }
  return names;
}

void report(const std::string& message)
{
  std::fprintf(stderr, "hbcast_mpi: error: %s\n", message.c_str());
  std::fflush(stderr);
}

// Every rank learns whether any failed and with which code; the lowest failing rank prints its
// message, so a plan every rank refuses is reported once.
int agree(int local_code, const std::string& message, MPI_Comm comm)
{
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int mine[2] = {local_code, local_code != MPI_SUCCESS ? rank : size};
  int worst[2] = {0, 0};
  MPI_Allreduce(&mine[0], &worst[0], 1, MPI_INT, MPI_MAX, comm);
  MPI_Allreduce(&mine[1], &worst[1], 1, MPI_INT, MPI_MIN, comm);
  if (worst[1] == rank)
    report(message);
  return worst[0];
}

}  // namespace

extern "C" int hbcast_plan_load(const char* path, MPI_Comm comm, const char* const* rank_hosts, hbcast_plan** plan)
{
  int size = 0;
  MPI_Comm_size(comm, &size);
  std::vector<std::string> hosts;
  if (rank_hosts != nullptr)
    hosts.assign(rank_hosts, rank_hosts + size);
  else
    hosts = processor_names(comm, size);
  if (plan != nullptr)
    *plan = nullptr;
  int code = MPI_SUCCESS;
  std::string message;
  hbcast::BroadcastPlan read;
  try {
    if (path == nullptr || plan == nullptr)
      throw std::invalid_argument("hbcast_plan_load needs a path and a place for the plan");
    read = hbcast::load_plan_file(path);
  } catch (const std::exception& error) {
    code = MPI_ERR_OTHER;
    message = error.what();
  }
  hbcast::mpi::RankPlan ranks;
  if (code == MPI_SUCCESS) {
    try {
      ranks = hbcast::mpi::map_plan_to_ranks(read, hosts);
    } catch (const std::exception& error) {
      code = MPI_ERR_ARG;
      message = std::string(path) + ": the plan does not match the communicator: " + error.what();
    }
  }
  code = agree(code, message, comm);
  if (code == MPI_SUCCESS)
    *plan = new (std::nothrow) hbcast_plan{std::move(ranks)};
  return code == MPI_SUCCESS && *plan == nullptr ? MPI_ERR_NO_MEM : code;
}

extern "C" int hbcast_plan_root(const hbcast_plan* plan)
{
  return plan != nullptr ? plan->ranks.root : -1;
}

extern "C" int hbcast_plan_slices(const hbcast_plan* plan)
{
  return plan != nullptr ? static_cast<int>(plan->ranks.slices) : 0;
}

extern "C" int hbcast_plan_trees(const hbcast_plan* plan)
{
  return plan != nullptr ? static_cast<int>(plan->ranks.trees.size()) : 0;
}

extern "C" int hbcast_mpi_bcast(void* buffer, int count, MPI_Datatype datatype, const hbcast_plan* plan,
                                MPI_Comm comm)
{
  // Checks that give the same answer on every rank called alike: no rank communicates if one fails.
  int size = 0;
  MPI_Comm_size(comm, &size);
  if (plan == nullptr) {
    report("hbcast_mpi_bcast: no plan (NULL)");
    return MPI_ERR_ARG;
  }
  if (size != plan->ranks.rank_count) {
    report("hbcast_mpi_bcast: the communicator has " + std::to_string(size) + " ranks, the plan was loaded for " +
           std::to_string(plan->ranks.rank_count));
    return MPI_ERR_COMM;
  }
  if (count < 0) {
    report("hbcast_mpi_bcast: negative count " + std::to_string(count));
    return MPI_ERR_COUNT;
  }
  return hbcast::mpi::plan_bcast(buffer, count, datatype, plan->ranks, comm);
}

extern "C" void hbcast_plan_free(hbcast_plan* plan)
{
  delete plan;
}
