#include <simgrid/s4u/Engine.hpp>
#include <hbcast/platform/loaded_platform.hpp>
