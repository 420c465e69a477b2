#include <hbcast/replay/failed_transfer.hpp>

#include <cstdio>

namespace hbcast {

std::string unfinished_broadcast_report(const std::optional<FailedTransfer>& first_failure, double start_time,
                                        std::size_t slices, const std::vector<simgrid::s4u::Host*>& hosts,
                                        const std::vector<NodeId>& uninformed, const std::string& unfinished)
{
  constexpr std::size_t kNamed = 10;  // one readable line, even on a large platform
  std::string report;
  if (first_failure) {
    char time[64];
    std::snprintf(time, sizeof time, "%.9f", first_failure->time - start_time);
    report = "the transfer " + hosts[first_failure->from]->get_name() + " -> " + hosts[first_failure->to]->get_name() +
             " (slice " + std::to_string(first_failure->slice + 1) + " of " + std::to_string(slices) + ") failed at " +
             time + " s";
  } else {
    report = unfinished;
  }
  report += "; " + std::to_string(uninformed.size()) + " of " + std::to_string(hosts.size()) +
            " hosts without the whole message: ";
  for (std::size_t k = 0; k < uninformed.size() && k < kNamed; ++k)
    report += (k == 0 ? "" : ", ") + hosts[uninformed[k]]->get_name();
  if (uninformed.size() > kNamed)
    report += " and " + std::to_string(uninformed.size() - kNamed) + " more";
  return report;
}

}  // namespace hbcast
