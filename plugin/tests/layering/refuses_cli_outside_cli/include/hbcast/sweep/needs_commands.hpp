#pragma once
#include <hbcast/cli/commands.hpp>
