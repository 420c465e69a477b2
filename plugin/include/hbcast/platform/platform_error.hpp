#pragma once
#include <stdexcept>

namespace hbcast {

/// A platform that cannot be used: missing or malformed file, unknown host, unroutable pair.
/// The message is one line naming the problem.
class PlatformError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

}  // namespace hbcast
