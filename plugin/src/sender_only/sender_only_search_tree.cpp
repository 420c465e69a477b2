#include <hbcast/sender_only/sender_only_search_tree.hpp>

#include <algorithm>
#include <map>

namespace hbcast {
namespace {

// nodes(c) = 1 + sum over classes i with c_i > 0 of nodes(c - e_i): a node is a prefix, and its
// children append one more processor of some class still available.
double count_prefixes(std::vector<std::size_t>& counts, std::map<std::vector<std::size_t>, double>& memo)
{
  const auto known = memo.find(counts);
  if (known != memo.end())
    return known->second;
  double nodes = 1.0;
  for (auto& count : counts)
    if (count > 0) {
      --count;
      nodes += count_prefixes(counts, memo);
      ++count;
    }
  memo.emplace(counts, nodes);
  return nodes;
}

}  // namespace

SearchTreeSize sender_only_search_tree_size(const std::vector<std::size_t>& class_counts)
{
  std::vector<std::size_t> counts = class_counts;
  std::sort(counts.begin(), counts.end());  // the count is symmetric in the classes
  std::map<std::vector<std::size_t>, double> memo;
  SearchTreeSize size;
  size.nodes = count_prefixes(counts, memo);
  // Multinomial n! / prod(c!), built as a product of binomials to stay exact in doubles.
  double leaves = 1.0;
  std::size_t placed = 0;
  for (std::size_t count : counts)
    for (std::size_t k = 1; k <= count; ++k) {
      ++placed;
      leaves = leaves * static_cast<double>(placed) / static_cast<double>(k);
    }
  size.leaves = leaves;
  return size;
}

std::vector<std::size_t> speed_class_counts(const std::vector<double>& times)
{
  std::map<double, std::size_t> counts;
  for (double time : times)
    ++counts[time];
  std::vector<std::size_t> result;
  for (const auto& entry : counts)
    result.push_back(entry.second);
  return result;
}

}  // namespace hbcast
