#pragma once
#include <optional>
#include <string>

namespace hbcast {

/// How the trees of a multi-tree plan share the network when it runs.
enum class MultiTreeForm {
  /// Each slice follows one tree (smooth weighted round robin); hosts forward as their ports allow,
  /// and transfers of different trees overlap wherever they happen to (`multi-tree`).
  concurrent,
  /// Every transfer of tree t is capped at the tree's planned rate (`multi-tree-capped`).
  capped,
  /// Time-slotted periods in which no port is used twice (`multi-tree-periodic`).
  periodic,
};

/// "concurrent", "capped", "periodic".
std::string to_string(MultiTreeForm form);
/// The form of that name, or nothing.
std::optional<MultiTreeForm> multi_tree_form_named(const std::string& name);

}  // namespace hbcast
