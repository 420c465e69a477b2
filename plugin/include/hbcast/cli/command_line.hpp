#pragma once
#include <ostream>

namespace hbcast::cli {

/// The `hbcast` command: parses argv with CLI11 into option structs and dispatches to the
/// subcommand. Returns the process exit status: 0 on success, 2 after a one-line error.
int run_command_line(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace hbcast::cli
