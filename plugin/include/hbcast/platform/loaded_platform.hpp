#pragma once
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <string>
#include <vector>

namespace hbcast {

/// The hosts of a loaded SimGrid platform in declaration order (their NetPoint ids), which is
/// the "host order" of the order-based schedulers (flat, binomial).
class LoadedPlatform {
public:
  /// Loads `path` into `engine`. Throws PlatformError (one line) when the file is missing,
  /// unreadable, malformed, or declares no host.
  static LoadedPlatform load(simgrid::s4u::Engine& engine, const std::string& path);
  /// Wraps the platform already loaded in `engine` (e.g. built in code).
  static LoadedPlatform from_engine(simgrid::s4u::Engine& engine);

  const std::vector<simgrid::s4u::Host*>& hosts() const { return hosts_; }
  const std::vector<std::string>& host_names() const { return names_; }
  std::size_t size() const { return hosts_.size(); }
  /// Index of the host called `name`; throws PlatformError naming it when absent.
  std::size_t index_of(const std::string& name) const;

private:
  std::vector<simgrid::s4u::Host*> hosts_;
  std::vector<std::string> names_;
};

}  // namespace hbcast
