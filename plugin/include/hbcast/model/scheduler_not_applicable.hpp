#pragma once
#include <stdexcept>

namespace hbcast {

/// A scheduler that cannot work on this instance, as opposed to one that failed: e.g. the
/// platform-graph heuristics of Beaumont-Marchal-Robert on a platform without direct links, or where some host
/// is not reachable from the root along them. `simulate ... -s all` skips such schedulers and
/// says why; named explicitly, they become a row with status `not-applicable`.
class SchedulerNotApplicable : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace hbcast
