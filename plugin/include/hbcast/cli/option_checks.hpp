#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace hbcast::cli {

// Checks of numeric options whose messages say the rule in a few words ("--slices: must be a
// whole number >= 1, not '0'"), where CLI11's ranges print the largest double in 300 digits.

/// A whole number (digits only) of at least `minimum`.
CLI::Validator whole_number_at_least(std::uint64_t minimum);
/// A slice count (a whole number >= 1) or "auto".
CLI::Validator slice_count_or_auto();
/// A finite number of at least `minimum` (`what` names it: "a number of seconds").
CLI::Validator number_at_least(double minimum, const std::string& what = "a number");
/// A finite number above `minimum`.
CLI::Validator number_above(double minimum, const std::string& what = "a number");

/// A file name: not empty.
CLI::Validator file_name();

/// A list option: one value per occurrence, comma-separated, repeatable (`-s fnf,lcf -s flat`),
/// so that it never swallows the positional arguments that follow it.
CLI::Option* as_list(CLI::Option* option);

}  // namespace hbcast::cli
