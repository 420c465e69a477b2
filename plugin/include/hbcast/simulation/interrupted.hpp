#pragma once
#include <stdexcept>
#include <string>

namespace hbcast::cli {

/// Thrown by a supervising loop once SIGINT or SIGTERM arrived and its children are killed; the
/// command exits with 128 + signal (130, 143), the shell convention.
class Interrupted : public std::runtime_error {
public:
  Interrupted(int signal, const std::string& what);
  int signal() const { return signal_; }
  int exit_status() const { return 128 + signal_; }

private:
  int signal_;
};

}  // namespace hbcast::cli
