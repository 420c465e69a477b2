#include <hbcast/cluster/lcf.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/cost_model.hpp>
#include "local_detail.hpp"
