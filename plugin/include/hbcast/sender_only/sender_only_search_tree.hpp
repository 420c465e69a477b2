#pragma once
#include <cstddef>
#include <vector>

namespace hbcast {

/// Size of the whole search tree of a sender-only broadcast search over speed-class sequences
/// (Liu, Table 1, columns N and L): processors of one class are interchangeable, so the
/// leaves are the distinct sequences of the class multiset, L = n! / prod(count_c!), and the
/// nodes are their distinct prefixes, the empty one included. Liu's averages over random 3-class
/// clusters (N = 8,895 and L = 2,750 at P = 10) match sequences of all P processors, the source
/// among them (the any-source problem), which is what `class_counts` should then hold.
struct SearchTreeSize {
  double nodes = 0.0;   ///< N (exact below 2^53, about 9e15)
  double leaves = 0.0;  ///< L
};

/// `class_counts`: how many processors each speed class has.
SearchTreeSize sender_only_search_tree_size(const std::vector<std::size_t>& class_counts);

/// The class counts of a list of transmission times (classes = equal times).
std::vector<std::size_t> speed_class_counts(const std::vector<double>& times);

}  // namespace hbcast
