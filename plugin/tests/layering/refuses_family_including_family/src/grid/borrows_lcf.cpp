#include <hbcast/cluster/lcf.hpp>
