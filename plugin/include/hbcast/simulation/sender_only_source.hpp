#pragma once
#include <hbcast/simulation/simulate_options.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// The transmission times a sender-only simulate request gives (--times, --classes or
/// --random-times), or nullopt when it names a platform instead. Throws std::invalid_argument
/// (one line) for a malformed list, several sources at once, or a platform given as well.
std::optional<std::vector<double>> requested_sender_only_times(const SimulateOptions& options);

/// "value:count,value:count" -> speed-class times. Throws std::invalid_argument naming the item.
std::vector<double> parse_speed_classes(const std::string& text);

/// One line saying where the times came from (with the seed when drawn), for the report.
std::string describe_sender_only_source(const SimulateOptions& options, const std::vector<double>& times);

/// A SimGrid platform realizing the times exactly (sender_only_star_platform), as XML.
std::string sender_only_star_xml(const std::vector<double>& times, double message_bytes);


}  // namespace hbcast::cli
