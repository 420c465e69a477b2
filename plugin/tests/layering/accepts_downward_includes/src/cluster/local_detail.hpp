#pragma once
#include <hbcast/core/node_id.hpp>
