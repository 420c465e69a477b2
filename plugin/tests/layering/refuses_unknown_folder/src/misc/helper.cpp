#include <hbcast/core/node_id.hpp>
