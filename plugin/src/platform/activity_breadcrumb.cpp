#include <hbcast/platform/activity_breadcrumb.hpp>

#include <cstdarg>
#include <cstdio>

namespace hbcast {
namespace {

char default_buffer[256] = "";
char* buffer = default_buffer;
std::size_t capacity = sizeof default_buffer;  // the last byte is the milestone flag

}  // namespace

void set_activity(const char* format, ...)
{
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, capacity - 1, format, args);
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
  buffer[capacity - 1] = '\0';
}

void mark_milestone()
{
  buffer[capacity - 1] = 1;
}

bool milestone_in(const char* shared, std::size_t shared_capacity)
{
  return shared[shared_capacity - 1] == 1;
}

}  // namespace hbcast
