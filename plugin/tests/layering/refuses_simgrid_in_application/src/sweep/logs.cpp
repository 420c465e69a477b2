#include <xbt/log.h>
