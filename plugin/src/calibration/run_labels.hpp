#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hbcast::calibration {

/// The host names a line before a tool's run gives it (OSU and IMB print none), documented in
/// docs/calibration.md: "hosts: A B [C...]", "pair: A B", "nodes: A,B", "A -> B", "A <-> B",
/// "A to B", "A and B", "A,B" or "A B", optionally after '#'. Host names are letters, digits
/// and . _ - [ ]; nullopt when the line is not such a label.
std::optional<std::vector<std::string>> run_label_hosts(std::string_view line);

/// The line without the "RANK: " prefix `srun --label` puts on every line.
std::string_view without_srun_label(std::string_view line);

}  // namespace hbcast::calibration
