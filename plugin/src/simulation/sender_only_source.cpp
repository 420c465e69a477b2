#include <hbcast/simulation/sender_only_source.hpp>

#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/platform/platform_xml_writer.hpp>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace hbcast::cli {

std::vector<double> parse_speed_classes(const std::string& text)
{
  std::vector<double> values;
  std::vector<std::size_t> counts;
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    const auto colon = item.find(':');
    try {
      if (colon == std::string::npos)
        throw std::invalid_argument("no colon");
      std::size_t used_value = 0, used_count = 0;
      const double value = std::stod(item.substr(0, colon), &used_value);
      const long count = std::stol(item.substr(colon + 1), &used_count);
      if (used_value != colon || used_count != item.size() - colon - 1 || count <= 0)
        throw std::invalid_argument("trailing text");
      values.push_back(value);
      counts.push_back(static_cast<std::size_t>(count));
    } catch (const std::logic_error&) {
      throw std::invalid_argument("--classes: '" + item + "' is not value:count (e.g. 1:4,2.5:3)");
    }
  }
  return speed_class_times(values, counts);
}

std::optional<std::vector<double>> requested_sender_only_times(const SimulateOptions& options)
{
  const int sources = !options.times.empty() + !options.classes.empty() + (options.random_processors > 0);
  if (sources == 0)
    return std::nullopt;
  if (sources > 1)
    throw std::invalid_argument("give only one of --times, --classes and --random-times");
  if (!options.platform.empty())
    throw std::invalid_argument("a sender-only instance (--times, --classes, --random-times) replaces the platform; "
                                "do not give both");
  if (!options.times.empty())
    return options.times;
  if (!options.classes.empty())
    return parse_speed_classes(options.classes);
  if (!options.time_range.empty()) {
    if (options.time_range.size() != 2)
      throw std::invalid_argument("--time-range takes two values, LO,HI");
    return uniform_random_times(options.random_processors, options.time_range[0], options.time_range[1],
                                options.seed);
  }
  if (options.class_values.empty())
    throw std::invalid_argument("--random-times needs --class-values V1,V2,... or --time-range LO,HI");
  return random_class_times(options.random_processors, options.class_values, options.seed);
}

std::string describe_sender_only_source(const SimulateOptions& options, const std::vector<double>& times)
{
  if (!options.times.empty())
    return fmt::format("sender-only star, --times ({} processors)", times.size());
  if (!options.classes.empty())
    return fmt::format("sender-only star, --classes {}", options.classes);
  if (!options.time_range.empty())
    return fmt::format("sender-only star, --random-times {} --time-range {},{} --seed {}", options.random_processors,
                       options.time_range[0], options.time_range[1], options.seed);
  return fmt::format("sender-only star, --random-times {} --class-values {} --seed {}", options.random_processors,
                     fmt::join(options.class_values, ","), options.seed);
}

std::string sender_only_star_xml(const std::vector<double>& times, double message_bytes)
{
  std::ostringstream xml;
  write_platform_xml(xml, sender_only_star_platform(times, message_bytes));
  return xml.str();
}

}  // namespace hbcast::cli
