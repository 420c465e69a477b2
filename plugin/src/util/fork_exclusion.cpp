#include <hbcast/util/fork_exclusion.hpp>

#include <pthread.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace hbcast {
namespace {

// Never destroyed: a fork during static destruction still finds it.
std::mutex* const exclusion = new std::mutex;

void take_before_fork()
{
  exclusion->lock();
}

// In the child, the thread that forked is the only one and holds it: it may unlock it.
void release_after_fork()
{
  exclusion->unlock();
}

}  // namespace

std::mutex& fork_exclusion_mutex()
{
  static const bool installed = [] {
    const int error = pthread_atfork(take_before_fork, release_after_fork, release_after_fork);
    if (error != 0)
      throw std::runtime_error(std::string("cannot install the fork handler: ") + std::strerror(error));
    return true;
  }();
  (void)installed;
  return *exclusion;
}

}  // namespace hbcast
