#pragma once
#include <hbcast/plan/broadcast_plan.hpp>

#include <stdexcept>
#include <string>

namespace hbcast {

/// A plan file that cannot be read or is not a valid plan; the message says what and where, on one
/// line: the host names and paths it quotes have their control characters escaped.
class PlanError : public std::runtime_error {
public:
  explicit PlanError(const std::string& what);
};

/// The plan as JSON text (docs/deployment.md, "Plans"), ending with a newline.
std::string plan_to_json(const BroadcastPlan& plan);
/// Parses and checks a plan: version, fields and their types, positive size and slices, known
/// port model, at least one tree, positive weights, every edge between hosts of `hosts` and the
/// root among them. Throws PlanError naming the problem. (Whether each tree spans the hosts is
/// for the user of the plan to check: a multicast plan does not.)
BroadcastPlan plan_from_json(const std::string& text);
/// Reads `path` and parses it; PlanError names the file.
BroadcastPlan load_plan_file(const std::string& path);

}  // namespace hbcast
