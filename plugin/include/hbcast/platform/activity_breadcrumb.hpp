#pragma once
#include <array>
#include <cstddef>

namespace hbcast {

/// What the process is doing right now, in a fixed buffer that a supervising parent can read
/// after a crash (SimGrid 3.32 segfaults or aborts on some bad platforms, e.g. Dijkstra routing
/// between unconnected hosts). Cheap: one bounded copy per call.
void set_activity(const char* format, ...) __attribute__((format(printf, 1, 2)));
const char* current_activity();
/// Redirects the breadcrumb into caller-provided memory (e.g. a MAP_SHARED page). Its last two
/// bytes hold the milestone flag and the kind of call in progress (below).
void use_activity_buffer(char* buffer, std::size_t capacity);

/// Marks that the job is past its common setup (e.g. the platform loaded): a crash from now on
/// belongs to the job's own work, not to its inputs.
void mark_milestone();
/// Whether mark_milestone() was called, read from a buffer given to use_activity_buffer.
bool milestone_in(const char* buffer, std::size_t capacity);

/// Whose code runs when a crash happens: hbcast's own, a call into SimGrid (loading a platform,
/// computing a route), or a simulation (SimGrid's engine running hbcast's actors).
enum class ActivityOwner : char { hbcast = 0, simgrid = 1, simulation = 2 };
ActivityOwner activity_owner_in(const char* buffer, std::size_t capacity);

/// A call into SimGrid, for its lifetime: the breadcrumb names it and says whose code runs
/// (a crash inside is SimGrid's); on return the previous activity and owner come back, so a later
/// crash in hbcast's own code is not blamed on SimGrid.
class SimGridCall {
public:
  SimGridCall(ActivityOwner owner, const char* format, ...) __attribute__((format(printf, 3, 4)));
  /// The same, keeping the activity's current text (e.g. "replaying the fnf tree").
  explicit SimGridCall(ActivityOwner owner);
  ~SimGridCall();
  SimGridCall(const SimGridCall&) = delete;
  SimGridCall& operator=(const SimGridCall&) = delete;

private:
  std::array<char, 256> previous_{};
  ActivityOwner previous_owner_;
};

}  // namespace hbcast
