#include <hbcast/platform/activity_breadcrumb.hpp>

#include <cstdarg>
#include <cstdio>

namespace hbcast {
namespace {

char default_buffer[256] = "";
char* buffer = default_buffer;
std::size_t capacity = sizeof default_buffer;

}  // namespace

void set_activity(const char* format, ...)
{
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, capacity, format, args);
  va_end(args);
}

const char* current_activity()
{
  return buffer;
}

void use_activity_buffer(char* new_buffer, std::size_t new_capacity)
{
  buffer = new_buffer;
  capacity = new_capacity;
  buffer[0] = '\0';
}

}  // namespace hbcast
