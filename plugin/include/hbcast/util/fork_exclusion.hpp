#pragma once
#include <mutex>

namespace hbcast {

/// The lock that keeps hbcast's helper threads out of the way of fork().
///
/// fork() copies only the thread that calls it: a lock that another thread held at that moment
/// stays held in the child for ever, and the child's first thread that needs it hangs. glibc's
/// malloc takes its own locks around a fork; other allocators do not (clang 14's
/// AddressSanitizer allocator does not), nor do the locks of the code a helper thread calls. So a
/// helper thread of hbcast (the progress heartbeat) runs only while it holds this mutex, and waits
/// on a condition variable that releases it; a pthread_atfork handler, installed by the first call,
/// takes it before any fork of the process and releases it after, in the parent and in the child.
/// A thread that holds it must not fork.
std::mutex& fork_exclusion_mutex();

}  // namespace hbcast
