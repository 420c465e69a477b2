#include <hbcast/model/host_blocks.hpp>

#include <unordered_map>

namespace hbcast {

HostBlocks HostBlocks::from_labels(const std::vector<std::size_t>& label)
{
  HostBlocks blocks;
  blocks.block_of.resize(label.size());
  std::unordered_map<std::size_t, std::size_t> block_of_label;
  for (NodeId u = 0; u < label.size(); ++u) {
    const auto [it, added] = block_of_label.emplace(label[u], blocks.members.size());
    if (added)
      blocks.members.emplace_back();
    blocks.members[it->second].push_back(u);
    blocks.block_of[u] = it->second;
  }
  return blocks;
}

}  // namespace hbcast
