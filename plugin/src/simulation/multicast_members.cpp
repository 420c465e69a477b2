#include <hbcast/simulation/multicast_members.hpp>

#include <hbcast/model/sender_only_instances.hpp>
#include <hbcast/util/number_parsing.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hbcast::cli {
namespace {

NodeId host_index(const std::string& entry, const std::vector<std::string>& host_names)
{
  if (auto found = std::find(host_names.begin(), host_names.end(), entry); found != host_names.end())
    return static_cast<NodeId>(found - host_names.begin());
  if (const auto index = parse_whole_number(entry); index && *index < host_names.size())
    return static_cast<NodeId>(*index);
  throw std::invalid_argument(fmt::format("--members: '{}' is neither a host of the platform nor a host index "
                                          "below {}",
                                          entry, host_names.size()));
}

std::vector<NodeId> listed_members(const std::vector<std::string>& entries, const std::vector<std::string>& host_names,
                                   NodeId root)
{
  std::vector<NodeId> members;
  std::vector<bool> seen(host_names.size(), false);
  for (const auto& entry : entries) {
    const NodeId member = host_index(entry, host_names);
    if (member == root)
      throw std::invalid_argument(fmt::format("--members: '{}' is the root, which already holds the message", entry));
    if (seen[member])
      throw std::invalid_argument(fmt::format("--members: host '{}' is listed twice", host_names[member]));
    seen[member] = true;
    members.push_back(member);
  }
  std::sort(members.begin(), members.end());
  return members;
}

}  // namespace

std::vector<NodeId> draw_members(std::size_t host_count, NodeId root, double fraction, std::uint64_t seed)
{
  if (!(fraction > 0.0 && fraction <= 1.0))
    throw std::invalid_argument(fmt::format("--member-fraction must be in (0, 1], not {}", fraction));
  if (host_count < 2)
    throw std::invalid_argument("--member-fraction: the platform has no host besides the root");
  std::vector<NodeId> others;
  for (NodeId v = 0; v < host_count; ++v)
    if (v != root)
      others.push_back(v);
  const auto count = std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(fraction * double(others.size()))));
  std::mt19937_64 rng(seed);
  portable_shuffle(others.begin(), others.end(), rng);
  others.resize(count);
  std::sort(others.begin(), others.end());
  return others;
}

std::vector<NodeId> requested_members(const SimulateOptions& options, const std::vector<std::string>& host_names,
                                      NodeId root)
{
  if (!options.members.empty() && options.member_fraction)
    throw std::invalid_argument("give only one of --members and --member-fraction");
  if (!options.members.empty())
    return listed_members(options.members, host_names, root);
  if (options.member_fraction)
    return draw_members(host_names.size(), root, *options.member_fraction, options.member_seed);
  return {};
}

std::string describe_member_selection(const SimulateOptions& options)
{
  if (!options.members.empty())
    return "--members";
  return fmt::format("--member-fraction {} --member-seed {}", options.member_fraction.value_or(0.0), options.member_seed);
}

}  // namespace hbcast::cli
