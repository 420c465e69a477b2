#include <hbcast/util/memory_budget.hpp>
#include <hbcast/util/size_parser.hpp>

#include <fmt/format.h>

#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace hbcast {
namespace {

constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

// The first number of a file ("max" or a missing file: none).
std::uint64_t number_in(const std::string& path)
{
  std::ifstream file(path);
  std::string word;
  if (!(file >> word) || word.empty() || word.find_first_not_of("0123456789") != std::string::npos)
    return kUnlimited;
  try {
    return std::stoull(word);
  } catch (const std::exception&) {
    return kUnlimited;
  }
}

// A "Key:   N kB" line of /proc/meminfo or /proc/self/status, in bytes.
std::uint64_t kilobytes_field(const std::string& path, const std::string& key)
{
  std::ifstream file(path);
  for (std::string line; std::getline(file, line);)
    if (line.rfind(key + ":", 0) == 0) {
      std::istringstream fields(line.substr(key.size() + 1));
      std::uint64_t kilobytes = 0;
      if (fields >> kilobytes)
        return kilobytes * 1024;
    }
  return kUnlimited;
}

// Each ancestor of `path` ("/a/b" -> "/a/b", "/a", "/"): a cgroup is bounded by its ancestors too.
std::vector<std::string> ancestors(std::string path)
{
  std::vector<std::string> chain;
  for (;;) {
    chain.push_back(path);
    if (path.empty() || path == "/")
      return chain;
    const auto slash = path.find_last_of('/');
    path = slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
  }
}

std::uint64_t cgroup_room()
{
  std::uint64_t room = kUnlimited;
  std::ifstream file("/proc/self/cgroup");
  for (std::string line; std::getline(file, line);) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos)
      continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    const bool v2 = line.compare(0, first, "0") == 0 && controllers.empty();
    const bool v1 = controllers == "memory" || controllers.find("memory,") == 0 ||
                    controllers.find(",memory") != std::string::npos;
    if (!v1 && !v2)
      continue;
    for (const auto& group : ancestors(path)) {
      const std::string base = v2 ? "/sys/fs/cgroup" + group : "/sys/fs/cgroup/memory" + group;
      const std::uint64_t limit = number_in(base + (v2 ? "/memory.max" : "/memory.limit_in_bytes"));
      // cgroup v1 writes "no limit" as a page-rounded 2^63.
      if (limit == kUnlimited || limit >= (std::uint64_t{1} << 62))
        continue;
      const std::uint64_t used = number_in(base + (v2 ? "/memory.current" : "/memory.usage_in_bytes"));
      room = std::min(room, used == kUnlimited ? limit : limit - std::min(limit, used));
    }
  }
  return room;
}

std::uint64_t address_space_room()
{
  rlimit limit {};
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return kUnlimited;
  const std::uint64_t used = kilobytes_field("/proc/self/status", "VmSize");
  const std::uint64_t cap = static_cast<std::uint64_t>(limit.rlim_cur);
  return used == kUnlimited ? cap : cap - std::min(cap, used);
}

}  // namespace

std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b)
{
  return a != 0 && b > kUnlimited / a ? kUnlimited : a * b;
}

std::uint64_t saturated_sum(std::uint64_t a, std::uint64_t b)
{
  return b > kUnlimited - a ? kUnlimited : a + b;
}

MemoryBudget available_memory()
{
  MemoryBudget budget{kUnlimited, ""};
  const auto consider = [&budget](std::uint64_t bytes, const char* limit) {
    if (bytes < budget.bytes)
      budget = {bytes, limit};
  };
  consider(kilobytes_field("/proc/meminfo", "MemAvailable"), "MemAvailable");
  consider(cgroup_room(), "the cgroup's memory limit");
  consider(address_space_room(), "ulimit -v");
  if (budget.bytes == kUnlimited) {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0)
      budget = {static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size), "physical memory"};
  }
  return budget;
}

void check_memory(std::uint64_t estimate, const std::string& what, const std::string& how, const std::string& lower)
{
  const MemoryBudget budget = available_memory();
  if (budget.bytes == kUnlimited || estimate <= budget.bytes)
    return;
  const auto size = [](std::uint64_t bytes) {
    return bytes == kUnlimited ? std::string("more than 16 EiB") : format_size(static_cast<double>(bytes));
  };
  throw std::runtime_error(fmt::format("{} needs an estimated {} of memory ({}), more than the {} available ({}); {}",
                                       what, size(estimate), how, size(budget.bytes), budget.limit, lower));
}

}  // namespace hbcast
