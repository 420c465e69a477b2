#pragma once
#include <cstdint>
#include <string>

namespace hbcast {

/// What this process may still allocate, and which limit says so.
struct MemoryBudget {
  std::uint64_t bytes = 0;
  std::string limit;  ///< "MemAvailable", "the cgroup's memory limit" or "ulimit -v"
};

/// The smallest of what applies: the kernel's MemAvailable (/proc/meminfo); the memory cgroup's
/// limit minus its usage, over the process's cgroup and its ancestors (v2: memory.max and
/// memory.current; v1: memory.limit_in_bytes and memory.usage_in_bytes); the address-space limit
/// (ulimit -v) minus the address space in use. Without any (not Linux), the physical memory.
MemoryBudget available_memory();

/// Refuses work whose memory estimate exceeds what is available, before it starts, rather than
/// meeting the kernel's OOM killer in the middle: throws std::runtime_error with one line, "WHAT
/// needs an estimated X of memory (HOW), more than the Y available (LIMIT); LOWER".
/// `how` says what the estimate counts, `lower` the option that lowers it (or what to change).
void check_memory(std::uint64_t estimate, const std::string& what, const std::string& how, const std::string& lower);

/// a x b, saturated at 2^64 - 1 (estimates of absurd requests must not wrap around).
std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b);
/// a + b, saturated.
std::uint64_t saturated_sum(std::uint64_t a, std::uint64_t b);

}  // namespace hbcast
