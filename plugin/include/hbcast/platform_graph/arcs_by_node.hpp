#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstddef>
#include <vector>

namespace hbcast {

/// Arc indices grouped by one of their end nodes (compressed rows): the arcs of node v, in
/// increasing index order, are arcs()[first(v)] to arcs()[first(v + 1) - 1]. Built in O(V + E).
class ArcsByNode {
public:
  /// Groups arcs 0 .. arc_count - 1 under end_of(k), a node below node_count.
  template <class EndOf>
  ArcsByNode(std::size_t node_count, std::size_t arc_count, EndOf end_of)
      : first_(node_count + 1, 0), arcs_(arc_count)
  {
    for (std::size_t k = 0; k < arc_count; ++k)
      ++first_[end_of(k) + 1];
    for (std::size_t v = 0; v < node_count; ++v)
      first_[v + 1] += first_[v];
    std::vector<std::size_t> fill(first_.begin(), first_.end() - 1);
    for (std::size_t k = 0; k < arc_count; ++k)
      arcs_[fill[end_of(k)]++] = k;
  }

  std::size_t node_count() const { return first_.size() - 1; }
  std::size_t first(NodeId v) const { return first_[v]; }
  const std::vector<std::size_t>& arcs() const { return arcs_; }

private:
  std::vector<std::size_t> first_;  // per node, then the end
  std::vector<std::size_t> arcs_;
};

}  // namespace hbcast
