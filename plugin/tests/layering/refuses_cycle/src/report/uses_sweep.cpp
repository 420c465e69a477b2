#include <hbcast/sweep/scenario.hpp>
