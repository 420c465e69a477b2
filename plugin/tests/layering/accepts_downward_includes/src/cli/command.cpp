#include <hbcast/cli/commands.hpp>
#include <hbcast/experiments/validation_runner.hpp>
