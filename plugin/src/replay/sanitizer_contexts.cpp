// Under AddressSanitizer, SimGrid's default contexts (raw, ucontext) switch stacks behind ASan's
// back ("ASan is ignoring requested __asan_handle_no_return ... False positive error reports may
// follow"). Thread contexts run each actor on an OS thread, which ASan follows: make them the
// default of every engine of a sanitized program, before any engine exists (a user's
// --cfg=contexts/factory:... still wins). Compiled into each program that links hbcast::simgrid
// (an interface source, so that no linker drops it); empty in other builds.

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HBCAST_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HBCAST_UNDER_ASAN 1
#endif

#ifdef HBCAST_UNDER_ASAN
#include <xbt/config.hpp>

#include <string>

namespace {

const bool thread_contexts_by_default = [] {
  simgrid::config::set_default<std::string>("contexts/factory", "thread");
  return true;
}();

}  // namespace
#endif
