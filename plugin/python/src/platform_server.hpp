#pragma once
#include <hbcast/simulation/isolated_run.hpp>

#include <nlohmann/json.hpp>

#include <mutex>
#include <optional>
#include <string>

namespace hbcast::python {

/// A platform loaded once, in a process of its own: the Python interpreter never starts a SimGrid
/// engine (one per process, and SimGrid may abort). The process keeps the engine, the platform and
/// its pairwise model (load_session_platform) and answers requests:
///  - route, groups and host questions itself, from the loaded platform;
///  - schedule, predict and simulate requests in a child forked per request, which runs
///    simulate_report on the platform it inherits (each scheduler then in a child of its own, as
///    `hbcast simulate` runs them), so that nothing it does reaches the platform's process.
/// Requests and answers are JSON frames on a socket pair. SIGINT or SIGTERM while waiting kills the
/// process and its children (the next request starts it again) and throws cli::Interrupted.
class PlatformServer {
public:
  /// Starts the process and waits until the platform is loaded. `load` holds the simulate options
  /// that loading reads (platform, cfg, log). Throws KindedError with the loading error.
  explicit PlatformServer(const nlohmann::json& load);
  PlatformServer(const PlatformServer&) = delete;
  PlatformServer& operator=(const PlatformServer&) = delete;
  ~PlatformServer();

  /// What the process said once loaded: {"path", "hosts", "cfg", "log", "factor_slice_bytes" (the
  /// transfer size SMPI's size factors scaled the links for; 0: none)}.
  const nlohmann::json& description() const { return description_; }
  /// Sends a request ({"op": ..., ...}) and returns the answer's result; throws KindedError with
  /// the error it reports, or a SimulationError when the process ended. Starts the process again
  /// first when it had ended. Requests from several threads are served one at a time.
  nlohmann::json request(const nlohmann::json& request);
  /// Stops the process (idempotent).
  void close();
  /// Whether the process is running.
  bool running() const { return process_.has_value(); }
  /// Its process id, or -1.
  int pid() const;

private:
  void start();
  void stop();
  nlohmann::json exchange(const nlohmann::json& request);

  nlohmann::json load_;
  nlohmann::json description_;
  std::optional<cli::IsolatedProcess> process_;
  int socket_ = -1;
  bool closed_ = false;
  std::mutex mutex_;
};

/// The platform process's side: answers requests on `socket` until it closes. Runs in the child
/// that PlatformServer starts; exposed for that child only.
void serve_platform(int socket, const nlohmann::json& load);

}  // namespace hbcast::python
