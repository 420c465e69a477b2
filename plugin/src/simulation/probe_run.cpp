#include <hbcast/simulation/probe_run.hpp>

#include <hbcast/platform/exact_mode.hpp>
#include <hbcast/platform/loaded_platform.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/smpi_hostfile.hpp>
#include <hbcast/simulation/smpi_run.hpp>
#include <hbcast/util/external_program.hpp>

#include <simgrid/s4u/Engine.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace hbcast::cli {
namespace {

bool executable(const std::string& path)
{
  return !path.empty() && access(path.c_str(), X_OK) == 0;
}

// The probe's own lines ("hbcast-probe: ..."), else SMPI's first error line.
std::string probe_lines(const std::string& errors)
{
  std::istringstream in(errors);
  std::string line, lines;
  while (std::getline(in, line))
    if (line.rfind("hbcast-probe:", 0) == 0)
      lines += line + "\n";
  return lines;
}

std::string failure_line(const ProgramResult& result)
{
  std::istringstream in(result.err + result.out);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("hbcast-probe: error:", 0) == 0)
      return line;
    const auto critical = line.find("CRITICAL] ");
    if (critical != std::string::npos)
      return line.substr(critical + 10);
    if (!line.empty() && line.rfind("hbcast-probe:", 0) != 0)
      last = line;
  }
  return last.empty() ? "no message" : last;
}

}  // namespace

std::vector<std::string> probe_smpi_settings(bool smpi_default_factors)
{
  std::vector<std::string> settings;
  for (const auto& setting : smpi_exact_settings()) {
    if (smpi_default_factors &&
        (setting.rfind("network/model:", 0) == 0 || setting.rfind("smpi/lat-factor:", 0) == 0 ||
         setting.rfind("smpi/bw-factor:", 0) == 0))
      continue;
    settings.push_back(setting);
  }
  if (smpi_default_factors)
    settings.insert(settings.begin(), "network/model:SMPI");
  return settings;
}

std::string smpi_probe_program()
{
  if (const char* configured = std::getenv("HBCAST_SMPI_PROBE"); configured && executable(configured))
    return configured;
  for (const std::string candidate : {HBCAST_BUILT_SMPI_PROBE, HBCAST_INSTALLED_SMPI_PROBE})
    if (executable(candidate))
      return candidate;
  throw std::runtime_error("the SMPI build of hbcast-probe was not built (it needs smpicxx, from libsimgrid-dev); set "
                           "HBCAST_SMPI_PROBE to use another");
}

std::vector<std::string> platform_host_names(const std::string& platform)
{
  const auto outcome = run_isolated([&] {
    std::string name = "hbcast", quiet = "--log=xbt_cfg.thres:warning";
    char* argv[] = {name.data(), quiet.data(), nullptr};
    int argc = 2;
    simgrid::s4u::Engine engine(&argc, argv);
    set_exact_mode(engine);
    const auto loaded = LoadedPlatform::load(engine, platform);
    std::string names;
    for (const auto& host : loaded.host_names())
      names += host + "\n";
    return names;
  });
  if (!outcome.ok)
    throw std::runtime_error(outcome.error);
  std::vector<std::string> hosts;
  std::istringstream in(outcome.payload);
  for (std::string line; std::getline(in, line);)
    hosts.push_back(line);
  return hosts;
}

std::string run_probe_in_smpi(const SmpiProbeRequest& request, const std::function<void(const std::string&)>& progress)
{
  if (request.output.empty())
    throw std::invalid_argument("no output given (-o FILE.csv)");
  const auto hosts = platform_host_names(request.platform);
  if (hosts.size() < 2)
    throw std::invalid_argument("'" + request.platform + "' has " + std::to_string(hosts.size()) +
                                " host(s): the probe needs 2 or more");
  const SmpiHostfile hostfile(hosts);
  const std::string program = smpi_probe_program();
  auto command = [&](bool dry_run) {
    std::vector<std::string> arguments = {"smpirun", "-np", std::to_string(hosts.size()), "-platform", request.platform,
                                          "-hostfile", hostfile.path(), "--log=root.thres:error"};
    for (const auto& setting : probe_smpi_settings(request.smpi_default_factors))
      arguments.push_back("--cfg=" + setting);
    for (const auto& setting : request.config)
      arguments.push_back("--cfg=" + setting);
    arguments.push_back(program);
    arguments.insert(arguments.end(), request.probe_arguments.begin(), request.probe_arguments.end());
    if (dry_run)
      arguments.push_back("--dry-run");
    else
      arguments.insert(arguments.end(), {"-o", request.output});
    return arguments;
  };
  auto run = [&](bool dry_run) {
    ProgramResult result;
    try {
      result = run_program(command(dry_run));
    } catch (const ProgramNotFound&) {
      throw std::runtime_error("smpirun not found: install libsimgrid-dev");
    }
    if (result.exit_status != 0) {
      const std::string line = failure_line(result);
      if (line.rfind("hbcast-probe: error: ", 0) == 0)  // the probe refused its options: its own words
        throw std::runtime_error("hbcast-probe: " + line.substr(std::string("hbcast-probe: error: ").size()));
      throw std::runtime_error("smpirun failed (exit status " + std::to_string(result.exit_status) + "): " + line);
    }
    return probe_lines(result.err);
  };
  const std::string plan = run(true);
  progress(plan);
  // The run repeats the plan and its own estimate: only what the dry run did not say.
  std::string news;
  std::istringstream lines(run(false));
  for (std::string line; std::getline(lines, line);)
    if (line.find(" ranks, ") == std::string::npos && line.find(": estimated ") == std::string::npos)
      news += line + "\n";
  return news;
}

}  // namespace hbcast::cli
