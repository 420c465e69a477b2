#pragma once
#include <map>
#include <string>
#include <vector>

namespace hbcast::cli {

/// `simulate --param NAME=VALUE` texts as a name -> value map. A text without '=', a value that is
/// not a number, or a name that none of `schedulers` takes (SchedulerInfo::parameters) is a
/// one-line std::invalid_argument naming it.
std::map<std::string, double> parse_scheduler_parameters(const std::vector<std::string>& texts,
                                                         const std::vector<std::string>& schedulers);

}  // namespace hbcast::cli
