// tests may include sched/ (the registry)
#include <hbcast/sched/scheduler_registry.hpp>
#include "../../tests/support/random_instances.hpp"
