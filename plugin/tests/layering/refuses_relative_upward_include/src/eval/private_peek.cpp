#include "../sched/registry_detail.hpp"
