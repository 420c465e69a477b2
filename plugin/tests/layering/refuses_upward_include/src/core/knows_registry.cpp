#include <hbcast/sched/scheduler_registry.hpp>
