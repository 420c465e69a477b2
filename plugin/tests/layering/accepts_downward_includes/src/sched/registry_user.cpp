#include <hbcast/cluster/lcf.hpp>
#include <hbcast/grid/grid_scheduler.hpp>
