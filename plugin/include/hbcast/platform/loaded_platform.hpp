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
  /// unreadable, malformed, or declares no host. Unless the root zone is a star of hosts, it adds
  /// a zone and host of its own (kCourierParking*), where the replay's couriers stand between
  /// transfers out of reach of state profiles; that host is not in hosts().
  static LoadedPlatform load(simgrid::s4u::Engine& engine, const std::string& path);
  static constexpr const char* kCourierParkingZone = "hbcast-courier-parking";
  static constexpr const char* kCourierParkingHost = "hbcast-courier-parking";
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
