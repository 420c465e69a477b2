#pragma once
#include <hbcast/cluster/two_level_platform.hpp>

#include <string>

namespace hbcast {

/// Khuller-Kim-Wan's two-level platform (see TwoLevelPlatformParameters) as SimGrid XML v4.1. Throws
/// std::invalid_argument naming the bad parameter (check_two_level_parameters) or a route naming a
/// cluster that does not exist.
std::string two_level_platform_xml(const TwoLevelPlatformParameters& parameters);

}  // namespace hbcast
