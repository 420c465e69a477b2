#include <hbcast/simulation/slice_limits.hpp>

#include <hbcast/util/memory_budget.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <unistd.h>

namespace hbcast::cli {
namespace {

constexpr std::uint64_t kBytesPerArrival = sizeof(double);

}  // namespace

void check_slice_count(double message_bytes, std::size_t slices)
{
  if (slices > 1 && static_cast<double>(slices) > std::floor(message_bytes))
    throw std::invalid_argument(fmt::format("--slices {} is more than the message's {:.17g} bytes (a slice carries at "
                                            "least one byte)",
                                            slices, message_bytes));
}

std::uint64_t estimated_pipeline_bytes(std::size_t hosts, std::size_t slices)
{
  const long double bytes = static_cast<long double>(hosts) * slices * kBytesPerArrival;
  return bytes >= static_cast<long double>(std::numeric_limits<std::uint64_t>::max())
             ? std::numeric_limits<std::uint64_t>::max()
             : static_cast<std::uint64_t>(bytes);
}

void check_slice_memory(std::size_t hosts, std::size_t slices, std::uint64_t memory_bytes)
{
  if (slices < 2)
    return;
  const std::uint64_t needed = estimated_pipeline_bytes(hosts, slices);
  const std::string what = fmt::format("--slices {} on {} hosts", slices, hosts);
  const std::string how = fmt::format("the pipelined evaluation's slice arrival times, {} hosts x {} slices x 8 bytes",
                                      hosts, slices);
  const std::string lower = "fewer --slices lower it";
  if (memory_bytes == 0) {
    check_memory(needed, what, how, lower);
  } else if (needed > memory_bytes) {
    throw std::invalid_argument(fmt::format("{} needs an estimated {} of memory ({}), more than the {} given; {}", what,
                                            format_size(static_cast<double>(needed)), how,
                                            format_size(static_cast<double>(memory_bytes)), lower));
  }
}

std::size_t auto_slice_bound(std::size_t hosts, double message_bytes, std::size_t max_slices)
{
  double bound = max_slices > 0 ? static_cast<double>(max_slices)
                                : std::min<double>(kAutoSlices, std::floor(static_cast<double>(kAutoSliceTransfers) /
                                                                           std::max<double>(1.0, hosts - 1.0)));
  bound = std::min(bound, std::floor(message_bytes));
  const std::uint64_t memory = available_memory().bytes;
  if (memory != 0)  // hosts x K x 8 bytes of slice arrival times (check_slice_memory)
    bound = std::min(bound, std::floor(static_cast<double>(memory) / (std::max<double>(hosts, 1.0) * kBytesPerArrival)));
  return static_cast<std::size_t>(std::max(1.0, bound));
}

}  // namespace hbcast::cli
