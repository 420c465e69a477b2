#include <hbcast/core/node_id.hpp>
#include <simgrid/s4u/Engine.hpp>
