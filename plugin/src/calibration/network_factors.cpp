#include <hbcast/calibration/network_factors.hpp>

#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hbcast::calibration {

PiecewiseFactor::PiecewiseFactor(std::vector<std::pair<double, double>> steps) : steps_(std::move(steps))
{
  std::sort(steps_.begin(), steps_.end());
  for (std::size_t k = 0; k < steps_.size(); ++k) {
    const auto [threshold, factor] = steps_[k];
    if (!(threshold >= 0) || !std::isfinite(threshold))
      throw std::invalid_argument(fmt::format("factor threshold {} is not a size >= 0", threshold));
    if (!(factor > 0) || !std::isfinite(factor))
      throw std::invalid_argument(fmt::format("factor {} (after {} bytes) is not > 0", factor, threshold));
    if (k > 0 && steps_[k - 1].first == threshold)
      throw std::invalid_argument(fmt::format("factor threshold {} appears twice", threshold));
  }
}

PiecewiseFactor PiecewiseFactor::parse(const std::string& text)
{
  std::vector<std::pair<double, double>> steps;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(';', start);
    if (end == std::string::npos)
      end = text.size();
    const std::string step = text.substr(start, end - start);
    start = end + 1;
    if (step.find_first_not_of(" \t") == std::string::npos) {
      if (end == text.size())
        break;
      continue;
    }
    const auto colon = step.find(':');
    if (colon == std::string::npos)
      throw std::invalid_argument("factor step '" + step + "' is not SIZE:FACTOR");
    const auto threshold = parse_whole_number(std::string(step.substr(0, colon)).erase(0, step.find_first_not_of(" \t")));
    const auto factor = parse_number(step.substr(colon + 1));
    if (!threshold)
      throw std::invalid_argument("factor step '" + step + "': the size is not a whole number of bytes");
    if (!factor)
      throw std::invalid_argument("factor step '" + step + "': the factor is not a number");
    steps.emplace_back(static_cast<double>(*threshold), *factor);
  }
  if (steps.empty())
    throw std::invalid_argument("factor '" + text + "' holds no SIZE:FACTOR step");
  return PiecewiseFactor(std::move(steps));
}

double PiecewiseFactor::at(double bytes) const
{
  double current = 1.0;
  for (const auto& [threshold, factor] : steps_) {
    if (bytes <= threshold)
      return current;
    current = factor;
  }
  return current;
}

std::string PiecewiseFactor::to_string() const
{
  if (steps_.empty())
    return "0:1";
  std::string text;
  for (const auto& [threshold, factor] : steps_)
    text += fmt::format("{}{:.0f}:{:.9g}", text.empty() ? "" : ";", threshold, factor);
  return text;
}

bool PiecewiseFactor::is_unit() const
{
  return std::all_of(steps_.begin(), steps_.end(), [](const auto& step) { return step.second == 1.0; });
}

double NetworkFactors::transfer_time(double latency_seconds, double bandwidth, double bytes) const
{
  return latency.at(bytes) * latency_seconds + bytes / (this->bandwidth.at(bytes) * bandwidth);
}

NetworkFactors smpi_default_factors()
{
  // SimGrid 3.32's smpi/lat-factor and smpi/bw-factor defaults (src/smpi/internals/smpi_config.cpp).
  return {PiecewiseFactor::parse("65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;"
                                 "1426:1.61075;732:1.9503;257:1.95341;0:2.01467"),
          PiecewiseFactor::parse("65472:0.940694;15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;"
                                 "1426:0.608902;732:0.341987;257:0.338112;0:0.812084")};
}

}  // namespace hbcast::calibration
