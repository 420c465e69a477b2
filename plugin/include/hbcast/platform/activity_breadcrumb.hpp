#pragma once
#include <cstddef>

namespace hbcast {

/// What the process is doing right now, in a fixed buffer that a supervising parent can read
/// after a crash (SimGrid 3.32 segfaults or aborts on some bad platforms, e.g. Dijkstra routing
/// between unconnected hosts). Cheap: one bounded copy per call.
void set_activity(const char* format, ...) __attribute__((format(printf, 1, 2)));
const char* current_activity();
/// Redirects the breadcrumb into caller-provided memory (e.g. a MAP_SHARED page). The last byte
/// of it holds the milestone flag below.
void use_activity_buffer(char* buffer, std::size_t capacity);

/// Marks that the job is past its common setup (e.g. the platform loaded): a crash from now on
/// belongs to the job's own work, not to its inputs.
void mark_milestone();
/// Whether mark_milestone() was called, read from a buffer given to use_activity_buffer.
bool milestone_in(const char* buffer, std::size_t capacity);

}  // namespace hbcast
