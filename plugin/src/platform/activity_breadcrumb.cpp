#include <hbcast/platform/activity_breadcrumb.hpp>

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace hbcast {
namespace {

char default_buffer[256] = "";
char* buffer = default_buffer;
std::size_t capacity = sizeof default_buffer;  // the last byte is the milestone flag, the one before the owner

char& owner_byte()
{
  return buffer[capacity - 2];
}

void set_activity_v(const char* format, va_list args)
{
  std::vsnprintf(buffer, capacity - 2, format, args);
}

}  // namespace

void set_activity(const char* format, ...)
{
  va_list args;
  va_start(args, format);
  set_activity_v(format, args);
  va_end(args);
  owner_byte() = static_cast<char>(ActivityOwner::hbcast);
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
  buffer[capacity - 2] = static_cast<char>(ActivityOwner::hbcast);
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

ActivityOwner activity_owner_in(const char* shared, std::size_t shared_capacity)
{
  const char owner = shared[shared_capacity - 2];
  if (owner == static_cast<char>(ActivityOwner::simgrid) || owner == static_cast<char>(ActivityOwner::simulation))
    return static_cast<ActivityOwner>(owner);
  return ActivityOwner::hbcast;
}

SimGridCall::SimGridCall(ActivityOwner owner, const char* format, ...)
    : previous_owner_(activity_owner_in(buffer, capacity))
{
  std::strncpy(previous_.data(), buffer, previous_.size() - 1);
  va_list args;
  va_start(args, format);
  set_activity_v(format, args);
  va_end(args);
  owner_byte() = static_cast<char>(owner);
}

SimGridCall::SimGridCall(ActivityOwner owner) : previous_owner_(activity_owner_in(buffer, capacity))
{
  std::strncpy(previous_.data(), buffer, previous_.size() - 1);
  owner_byte() = static_cast<char>(owner);
}

SimGridCall::~SimGridCall()
{
  std::snprintf(buffer, capacity - 2, "%s", previous_.data());
  owner_byte() = static_cast<char>(previous_owner_);
}

}  // namespace hbcast
