#pragma once
#include <hbcast/model/link_platform_parameters.hpp>

#include <map>
#include <string>

namespace hbcast {

/// SimGrid XML (v4.1) of the link-level families; `record` (generator, seed, parameters as text)
/// goes in the header comment. Throw std::invalid_argument with a one-line message for a count of
/// 0 or a bandwidth that is not positive.
std::string backbone_platform_xml(const BackbonePlatformParameters& parameters,
                                  const std::map<std::string, std::string>& record);
std::string fat_tree_platform_xml(const FatTreePlatformParameters& parameters,
                                  const std::map<std::string, std::string>& record);
std::string dragonfly_platform_xml(const DragonflyPlatformParameters& parameters,
                                   const std::map<std::string, std::string>& record);

}  // namespace hbcast
