#include <hbcast/simulation/slice_limits.hpp>

#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <unistd.h>

namespace hbcast::cli {
namespace {

constexpr std::uint64_t kBytesPerArrival = sizeof(double);

std::uint64_t physical_memory()
{
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  return pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) : 0;
}

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
  const std::uint64_t limit = memory_bytes != 0 ? memory_bytes : physical_memory();
  const std::uint64_t needed = estimated_pipeline_bytes(hosts, slices);
  if (slices > 1 && limit != 0 && needed > limit)
    throw std::invalid_argument(fmt::format("--slices {} on {} hosts needs an estimated {} of memory for the pipelined "
                                            "evaluation ({} hosts x {} slices x 8 bytes), more than the {} this "
                                            "machine has",
                                            slices, hosts, format_size(static_cast<double>(needed)), hosts, slices,
                                            format_size(static_cast<double>(limit))));
}

}  // namespace hbcast::cli
