#include "platform_server.hpp"

#include "error_kinds.hpp"
#include "simulate_request.hpp"

#include <hbcast/cli/simulate_command.hpp>
#include <hbcast/model/latency_clustering.hpp>
#include <hbcast/simulation/interruption.hpp>
#include <hbcast/simulation/session_platform.hpp>
#include <hbcast/util/size_parser.hpp>

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <dirent.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <vector>

namespace hbcast::python {
namespace {

// Frames: the text's length in 8 bytes (host order: both ends are this machine), then the text.
bool write_all(int fd, const char* data, std::size_t size)
{
  while (size > 0) {
    const ssize_t wrote = ::send(fd, data, size, MSG_NOSIGNAL);
    if (wrote < 0 && errno == EINTR)
      continue;
    if (wrote <= 0)
      return false;
    data += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
  return true;
}

bool write_frame(int fd, const std::string& text)
{
  const std::uint64_t size = text.size();
  return write_all(fd, reinterpret_cast<const char*>(&size), sizeof size) && write_all(fd, text.data(), text.size());
}

bool read_all(int fd, char* data, std::size_t size)
{
  while (size > 0) {
    const ssize_t got = ::read(fd, data, size);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    data += got;
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

// The next frame, or nothing at the end of the stream.
std::optional<std::string> read_frame(int fd)
{
  std::uint64_t size = 0;
  if (!read_all(fd, reinterpret_cast<char*>(&size), sizeof size))
    return std::nullopt;
  std::string text(size, '\0');
  if (!read_all(fd, text.data(), text.size()))
    return std::nullopt;
  return text;
}

// In the platform's process: every descriptor inherited from the interpreter but `keep` and the
// standard ones is closed, so that another platform's socket never outlives its owner's close.
void close_inherited_descriptors(int keep)
{
  std::vector<int> open;
  if (DIR* directory = opendir("/proc/self/fd")) {
    const int own = dirfd(directory);
    while (const dirent* entry = readdir(directory)) {
      const int fd = std::atoi(entry->d_name);
      if (entry->d_name[0] != '.' && fd > STDERR_FILENO && fd != keep && fd != own)
        open.push_back(fd);
    }
    closedir(directory);
  }
  for (int fd : open)
    ::close(fd);
}

std::string sharing_policy_name(simgrid::s4u::Link::SharingPolicy policy)
{
  using Policy = simgrid::s4u::Link::SharingPolicy;
  switch (policy) {
    case Policy::SHARED:
      return "SHARED";
    case Policy::SPLITDUPLEX:
      return "SPLITDUPLEX";
    case Policy::FATPIPE:
      return "FATPIPE";
    case Policy::NONLINEAR:
      return "NONLINEAR";
    case Policy::WIFI:
      return "WIFI";
    default:
      return "other";
  }
}

// The route from one host to another: SimGrid's links in order, and the pairwise model's view of
// it (summed latency, bottleneck bandwidth, time of `size` bytes when asked).
nlohmann::json route_answer(const cli::SessionPlatform& loaded, const nlohmann::json& request)
{
  const auto source = loaded.platform.index_of(request.at("source").get<std::string>());
  const auto destination = loaded.platform.index_of(request.at("destination").get<std::string>());
  std::vector<simgrid::s4u::Link*> links;
  double latency = 0.0;
  loaded.platform.hosts()[source]->route_to(loaded.platform.hosts()[destination], links, &latency);
  nlohmann::json answer;
  answer["links"] = nlohmann::json::array();
  for (const auto* link : links)
    answer["links"].push_back({{"name", link->get_name()},
                               {"bandwidth", link->get_bandwidth()},
                               {"latency", link->get_latency()},
                               {"sharing_policy", sharing_policy_name(link->get_sharing_policy())}});
  const RouteCost cost = loaded.costs->route(source, destination);
  answer["latency"] = cost.latency;
  answer["bandwidth"] = cost.bandwidth;
  if (request.contains("size") && !request.at("size").is_null())
    answer["transfer_time"] = loaded.costs->transfer_time(source, destination,
                                                          parse_size(request.at("size").get<std::string>()));
  return answer;
}

nlohmann::json names_of(const std::vector<std::vector<NodeId>>& groups, const std::vector<std::string>& names)
{
  nlohmann::json answer = nlohmann::json::array();
  for (const auto& group : groups) {
    nlohmann::json members = nlohmann::json::array();
    for (NodeId host : group)
      members.push_back(names[host]);
    answer.push_back(std::move(members));
  }
  return answer;
}

// The hosts' groups a model sees: "latency" (the grid and two-level schedulers' grouping, Lowekamp
// and Beguelin's at 30%), "blocks" (the pairwise model's blocks of alike hosts).
nlohmann::json groups_answer(const cli::SessionPlatform& loaded, const nlohmann::json& request)
{
  const std::string kind = request.at("kind").get<std::string>();
  if (kind == "latency")
    return names_of(cluster_by_latency(*loaded.costs, kLowekampTolerance).clusters, loaded.platform.host_names());
  if (kind == "blocks")
    return names_of(loaded.costs->blocks().members, loaded.platform.host_names());
  throw KindedError("OptionError", "kind: " + kind + " not in {blocks,latency}");
}

// A simulation request, in a child of the platform's process (which must keep an engine that
// never ran): the report, and the messages the schedulers wrote.
nlohmann::json simulate_in_child(const std::shared_ptr<cli::SessionPlatform>& loaded, const nlohmann::json& request)
{
  auto outcome = cli::run_isolated([&] {
    nlohmann::json answer;
    try {
      const cli::SimulateOptions options = simulate_options_from_json(request.at("options"));
      std::ostringstream messages;
      const cli::SimulationReport report = cli::simulate_report(options, messages, loaded);
      answer["ok"] = {{"report", report}, {"messages", messages.str()}};
    } catch (...) {
      answer["error"] = current_error_json();
    }
    return answer.dump();
  });
  if (!outcome.ok)
    return {{"error", {{"kind", "SimulationError"}, {"message", outcome.error}}}};
  return nlohmann::json::parse(outcome.payload);
}

nlohmann::json answer(const std::shared_ptr<cli::SessionPlatform>& loaded, const nlohmann::json& request)
{
  try {
    const std::string op = request.at("op").get<std::string>();
    if (op == "simulate")
      return simulate_in_child(loaded, request);
    if (op == "route")
      return {{"ok", route_answer(*loaded, request)}};
    if (op == "groups")
      return {{"ok", groups_answer(*loaded, request)}};
    throw KindedError("Error", "unknown request '" + op + "'");
  } catch (...) {
    return {{"error", current_error_json()}};
  }
}

}  // namespace

void serve_platform(int socket, const nlohmann::json& load)
{
  close_inherited_descriptors(socket);
  cli::InterruptionGuard interruption;  // a fresh flag: the interpreter's pending signal is not ours
  std::shared_ptr<cli::SessionPlatform> loaded;
  try {
    loaded = cli::load_session_platform(simulate_options_from_json(load));
  } catch (...) {
    write_frame(socket, nlohmann::json{{"error", current_error_json()}}.dump());
    return;
  }
  nlohmann::json description{{"path", loaded->path},
                             {"hosts", loaded->platform.host_names()},
                             {"cfg", loaded->simgrid_config},
                             {"log", loaded->simgrid_log},
                             {"factor_slice_bytes", loaded->factor_slice_bytes}};
  if (!write_frame(socket, nlohmann::json{{"ok", description}}.dump()))
    return;
  while (const auto request = read_frame(socket))
    if (!write_frame(socket, answer(loaded, nlohmann::json::parse(*request)).dump()))
      return;
}

PlatformServer::PlatformServer(const nlohmann::json& load) : load_(load)
{
  start();
}

PlatformServer::~PlatformServer()
{
  stop();
}

int PlatformServer::pid() const
{
  return process_ ? process_->pid() : -1;
}

void PlatformServer::start()
{
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    throw KindedError("Error", std::string("cannot create a socket pair: ") + std::strerror(errno));
  const int child_end = ends[1];
  const nlohmann::json load = load_;
  try {
    process_.emplace(cli::IsolatedProcess::start([child_end, load] {
      serve_platform(child_end, load);
      return std::string();
    }));
  } catch (...) {
    ::close(ends[0]);
    ::close(ends[1]);
    throw;
  }
  ::close(child_end);
  socket_ = ends[0];
  description_ = exchange(nullptr);  // the loading's answer
}

void PlatformServer::stop()
{
  if (socket_ >= 0)
    ::close(socket_);
  socket_ = -1;
  if (process_)
    cli::kill_child_group(process_->pid());
  process_.reset();
}

void PlatformServer::close()
{
  std::lock_guard<std::mutex> lock(mutex_);
  closed_ = true;
  stop();
}

nlohmann::json PlatformServer::request(const nlohmann::json& request)
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    throw KindedError("Error", "the platform is closed");
  if (!process_)
    start();
  return exchange(request);
}

// Sends `request` (none: only waits for the loading's answer) and waits for the answer.
nlohmann::json PlatformServer::exchange(const nlohmann::json& request)
{
  if (!request.is_null() && !write_frame(socket_, request.dump()))
    errno = EPIPE;  // the process ended: read below finds out why
  pollfd readable{socket_, POLLIN, 0};
  while (poll(&readable, 1, 250) == 0 || (readable.revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
    if (cli::pending_interruption() != 0) {
      stop();
      cli::throw_if_interrupted("the platform's process was stopped");
    }
  }
  const auto frame = read_frame(socket_);
  if (!frame) {
    // The process ended: why, from its exit status and what SimGrid printed.
    int status = 0;
    waitpid(process_->pid(), &status, 0);
    const cli::IsolatedOutcome outcome = process_->collect(status);
    ::close(socket_);
    socket_ = -1;
    process_.reset();
    // While loading, the platform (or a SimGrid option) made SimGrid abort: the command's message.
    throw KindedError(request.is_null() ? "PlatformError" : "SimulationError", outcome.error);
  }
  const auto answer = nlohmann::json::parse(*frame);
  if (answer.contains("error")) {
    if (request.is_null())  // loading failed: the process has ended
      stop();
    throw_error_json(answer.at("error"));
  }
  return answer.at("ok");
}

}  // namespace hbcast::python
