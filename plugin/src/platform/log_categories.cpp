#include <xbt/log.h>

// Root of hbcast's log tree: --log=hbcast.thres:debug turns on every hbcast_* category below it.
XBT_LOG_NEW_CATEGORY(hbcast, "hbcast: broadcast trees on heterogeneous platforms");
