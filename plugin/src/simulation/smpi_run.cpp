#include <hbcast/simulation/smpi_run.hpp>

#include <hbcast/simulation/smpi_hostfile.hpp>
#include <hbcast/util/external_program.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <unistd.h>

namespace hbcast::cli {
namespace {

bool exists(const std::string& path)
{
  return !path.empty() && access(path.c_str(), X_OK) == 0;
}

bool readable(const std::string& path)
{
  return !path.empty() && access(path.c_str(), R_OK) == 0;
}

// SMPI's own error (xbt_die, an MPI error, our library's "hbcast_mpi: error:"), else the last line.
std::string first_error_line(const std::string& errors)
{
  static const std::regex error_line("(hbcast_mpi: error: .*|.*(CRITICAL|ERROR|error|Error).*)");
  std::string last;
  std::size_t start = 0;
  while (start < errors.size()) {
    const auto end = std::min(errors.find('\n', start), errors.size());
    const std::string line = errors.substr(start, end - start);
    start = end + 1;
    if (std::regex_match(line, error_line)) {
      // "[time] file:line: [category/CRITICAL] Oops! Deadlock detected, some activities ...": the gist.
      const auto critical = line.find("CRITICAL] ");
      const std::string message = critical == std::string::npos ? line : line.substr(critical + 10);
      return message.substr(0, message.find(", "));
    }
    if (!line.empty())
      last = line;
  }
  return last;
}

}  // namespace

const std::vector<std::string>& smpi_exact_settings()
{
  static const std::vector<std::string> settings = {
      "network/model:CM02",   "network/crosstraffic:0",        "network/TCP-gamma:1e30",
      "smpi/lat-factor:0:1",  "smpi/bw-factor:0:1",            "smpi/simulate-computation:no",
      "smpi/send-is-detached-thresh:0", "smpi/wtime:0",  "smpi/test:0"};
  return settings;
}

const std::vector<std::string>& smpi_bcast_algorithms()
{
  static const std::vector<std::string> algorithms = {
      "default", "arrival_pattern_aware", "arrival_pattern_aware_wait", "arrival_scatter", "binomial_tree",
      "flattree", "flattree_pipeline", "NTSB", "NTSL", "NTSL_Isend", "scatter_LR_allgather",
      "scatter_rdb_allgather", "SMP_binary", "SMP_binomial", "SMP_linear", "ompi", "ompi_split_bintree",
      "ompi_pipeline", "mpich", "mvapich2", "mvapich2_inter_node", "mvapich2_intra_node",
      "mvapich2_knomial_intra_node", "impi"};  // and "automatic", which runs them all and keeps the best
  return algorithms;
}

std::string smpi_timing_program()
{
  if (const char* configured = std::getenv("HBCAST_SMPI_PROGRAM"); configured && exists(configured))
    return configured;
  for (const std::string candidate : {HBCAST_BUILT_SMPI_PROGRAM, HBCAST_INSTALLED_SMPI_PROGRAM})
    if (exists(candidate))
      return candidate;
  throw std::runtime_error("the SMPI timing program hbcast_mpi_time is not built: build it with `cmake --build "
                           "build --target hbcast_mpi_time` (it needs smpicxx, from libsimgrid-dev; `./setup.sh "
                           "--run` builds only `hbcast`), or set HBCAST_SMPI_PROGRAM to another");
}

std::string smpi_waitall_library()
{
  if (const char* configured = std::getenv("HBCAST_SMPI_WAITALL"))  // set and empty: SMPI's own waitall
    return readable(configured) ? configured : "";
  for (const std::string candidate : {HBCAST_BUILT_SMPI_WAITALL, HBCAST_INSTALLED_SMPI_WAITALL})
    if (readable(candidate))
      return candidate;
  return "";
}

double run_smpi_timing(const SmpiRun& run)
{
  const SmpiHostfile hostfile(run.hosts);
  std::vector<std::string> command = {"smpirun", "-np", std::to_string(run.hosts.size()), "-platform", run.platform,
                                      "-hostfile", hostfile.path(), "--log=root.thres:error"};
  // smpirun splits -wrapper's value at spaces: a library path with a space is not preloaded.
  if (const std::string library = run.waitall_in_order ? smpi_waitall_library() : "";
      !library.empty() && library.find_first_of(" \t\n") == std::string::npos) {
    command.emplace_back("-wrapper");
    command.push_back("env LD_PRELOAD=" + library);
  }
  for (const auto& setting : smpi_exact_settings())
    command.push_back("--cfg=" + setting);
  if (run.hosts.size() > kSmpiSmallStackRanks)
    for (const std::string key : {"contexts/guard-size", "contexts/stack-size"})
      if (std::none_of(run.config.begin(), run.config.end(),
                       [&](const std::string& setting) { return setting.rfind(key + ":", 0) == 0; }))
        command.push_back("--cfg=" + key + (key == "contexts/guard-size" ? ":0" : ":64"));
  for (const auto& setting : run.config)
    command.push_back("--cfg=" + setting);
  command.push_back(smpi_timing_program());
  command.insert(command.end(), run.program_arguments.begin(), run.program_arguments.end());
  ProgramResult result;
  try {
    result = run_program(command, "", run.stop);
  } catch (const ProgramNotFound&) {
    throw std::runtime_error("smpirun not found: install libsimgrid-dev");
  } catch (const ProgramStopped&) {
    throw SmpiStopped("smpirun was stopped");
  }
  std::smatch time;
  // The program's own line: smpirun echoes its command line (".../hbcast_mpi_time --root 0 ...")
  // when KEEP is set in the environment.
  static const std::regex time_line("start [-+0-9.eE]+ end [-+0-9.eE]+ time ([-+0-9.eE]+)");
  if (result.exit_status == 0 && std::regex_search(result.out, time, time_line)) {
    try {
      return std::stod(time[1]);
    } catch (const std::logic_error&) {  // invalid_argument, out_of_range
      throw std::runtime_error("SMPI's timing program printed an unreadable time '" + time[1].str() + "'");
    }
  }
  const std::string error = first_error_line(result.err + result.out);
  if (result.exit_status == 0)  // SMPI ends with status 0 on a deadlock it detected
    throw std::runtime_error("SMPI gave no time: " + (error.empty() ? std::string("no message") : error));
  throw std::runtime_error("smpirun failed (exit status " + std::to_string(result.exit_status) + "): " +
                           (error.empty() ? std::string("no message") : error));
}

}  // namespace hbcast::cli
