#include <hbcast/report/text_table.hpp>
