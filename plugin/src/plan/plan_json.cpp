#include <hbcast/plan/plan_json.hpp>

#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/util/json_nesting.hpp>
#include <hbcast/util/one_line_text.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace hbcast {

PlanError::PlanError(const std::string& what) : std::runtime_error(one_line_text(what)) {}

namespace {

using Json = nlohmann::json;

// A string member that may be missing ("" then); one of another type is refused.
std::string optional_string(const Json& json, const char* key)
{
  const auto member = json.find(key);
  if (member == json.end())
    return {};
  if (!member->is_string())
    throw PlanError(std::string("plan: \"") + key + "\" must be a string, not " + member->dump());
  return member->get<std::string>();
}

Json edge_json(const PlanEdge& edge)
{
  Json json = {{"from", edge.parent}, {"to", edge.child}};
  if (edge.start)
    json["start"] = *edge.start;
  return json;
}

template <class T>
T field(const Json& json, const char* key, const std::string& where)
{
  if (!json.contains(key))
    throw PlanError(where + ": missing \"" + key + "\"");
  try {
    return json.at(key).get<T>();
  } catch (const Json::exception&) {
    throw PlanError(where + ": \"" + key + "\" has the wrong type");
  }
}

// A count or a size in bytes: a whole number, not one the reader would round ("slices": 2.5).
double whole_number(const Json& json, const char* key, const std::string& where)
{
  const double value = field<double>(json, key, where);
  if (!std::isfinite(value) || value != std::floor(value))
    throw PlanError(where + ": \"" + key + "\" must be a whole number, not " + json.at(key).dump());
  return value;
}

void check_host(const std::set<std::string>& hosts, const std::string& host, const std::string& where)
{
  if (hosts.count(host) == 0)
    throw PlanError(where + ": host '" + host + "' is not in \"hosts\"");
}

PlanTree tree_from_json(const Json& json, const std::set<std::string>& hosts, const std::string& where)
{
  PlanTree tree;
  tree.weight = field<double>(json, "weight", where);
  if (!(tree.weight > 0.0) || !std::isfinite(tree.weight))
    throw PlanError(where + ": \"weight\" must be positive");
  const auto edges = field<Json>(json, "edges", where);
  if (!edges.is_array())
    throw PlanError(where + ": \"edges\" must be a list");
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const std::string at = where + ", edge " + std::to_string(k);
    PlanEdge edge{field<std::string>(edges[k], "from", at), field<std::string>(edges[k], "to", at), std::nullopt};
    check_host(hosts, edge.parent, at);
    check_host(hosts, edge.child, at);
    if (edges[k].contains("start") && !edges[k].at("start").is_null())
      edge.start = field<double>(edges[k], "start", at);
    if (edge.start && (!(*edge.start >= 0.0) || !std::isfinite(*edge.start)))
      throw PlanError(at + ": \"start\" must be a time >= 0");
    tree.edges.push_back(std::move(edge));
  }
  if (json.contains("slice_period")) {
    tree.slice_period = field<double>(json, "slice_period", where);
    if (!(tree.slice_period >= 0.0) || !std::isfinite(tree.slice_period))
      throw PlanError(where + ": \"slice_period\" must be a time >= 0");
  }
  return tree;
}

// A tree from the root: each host receives at most once, the root never, and every sender is
// reached from the root (no cycle, no detached part). Edges may come in any order.
void check_tree_shape(const PlanTree& tree, const std::string& root, const std::string& where)
{
  std::map<std::string, std::string> parent_of;
  for (std::size_t k = 0; k < tree.edges.size(); ++k) {
    const auto& edge = tree.edges[k];
    const std::string at = where + ", edge " + std::to_string(k);
    if (edge.child == root)
      throw PlanError(at + ": the root '" + root + "' cannot receive");
    if (!parent_of.emplace(edge.child, edge.parent).second)
      throw PlanError(at + ": host '" + edge.child + "' receives twice");
  }
  // Each sender's chain of parents up to the root, every host walked once (hosts found reached
  // are remembered), so a deep tree stays linear.
  std::set<std::string> reached{root};
  for (const auto& edge : tree.edges) {
    std::vector<std::string> chain;
    std::set<std::string> on_chain;
    std::string host = edge.parent;
    while (reached.count(host) == 0) {
      if (!on_chain.insert(host).second)
        throw PlanError(where + ": host '" + host + "' is on a cycle, never reached from the root '" + root + "'");
      const auto parent = parent_of.find(host);
      if (parent == parent_of.end())
        throw PlanError(where + ": host '" + edge.parent + "' sends to '" + edge.child +
                        "' but is never reached from the root '" + root + "'");
      chain.push_back(host);
      host = parent->second;
    }
    reached.insert(chain.begin(), chain.end());
  }
}

void check_header(const BroadcastPlan& plan)
{
  if (plan.version < 1 || plan.version > BroadcastPlan::kVersion)
    throw PlanError("plan version " + std::to_string(plan.version) + " is not supported (this reads versions 1 to " +
                    std::to_string(BroadcastPlan::kVersion) + ")");
  if (!(plan.message_bytes > 0.0) || !std::isfinite(plan.message_bytes))
    throw PlanError("plan: \"message_bytes\" must be positive");
  if (plan.slices == 0)
    throw PlanError("plan: \"slices\" must be at least 1");
  if (plan.port != "one-port" && plan.port != "multi-port")
    throw PlanError("plan: \"port\" must be \"one-port\" or \"multi-port\", not '" + plan.port + "'");
}

// Version 2's executable forms: "form", its slices per round or period, a periodic plan's slots.
void read_form(const Json& json, const std::set<std::string>& hosts, BroadcastPlan& plan)
{
  plan.form = json.contains("form") ? field<std::string>(json, "form", "plan") : "concurrent";
  if (plan.form == "concurrent")
    return;
  if (plan.version < 2)
    throw PlanError("plan: \"form\" needs version 2");
  if (plan.form != "capped" && plan.form != "periodic")
    throw PlanError("plan: \"form\" must be \"concurrent\", \"capped\" or \"periodic\", not '" + plan.form + "'");
  const char* key = plan.form == "capped" ? "round_slices" : "period_slices";
  const double form_slices = whole_number(json, key, "plan");
  if (form_slices < 1.0 || form_slices > 1e15)
    throw PlanError(std::string("plan: \"") + key + "\" must be at least 1 (and a count), not " + json.at(key).dump());
  plan.form_slices = static_cast<std::size_t>(form_slices);
  if (plan.form == "capped") {
    if (json.contains("receives_posted")) {
      const double receives = whole_number(json, "receives_posted", "plan");
      if (receives < 1.0 || receives > 1e6)
        throw PlanError("plan: \"receives_posted\" must be a count from 1 to 1000000, not " +
                        json.at("receives_posted").dump());
      plan.receives_posted = static_cast<std::size_t>(receives);
    }
    return;
  }
  const auto slots = field<Json>(json, "slots", "plan");
  if (!slots.is_array() || slots.empty())
    throw PlanError("plan: \"slots\" must be a non-empty list");
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const std::string where = "plan slot " + std::to_string(s);
    if (!slots[s].is_array())
      throw PlanError(where + ": must be a list of pieces");
    plan.slots.emplace_back();
    for (std::size_t k = 0; k < slots[s].size(); ++k) {
      const std::string at = where + ", piece " + std::to_string(k);
      const double tree = whole_number(slots[s][k], "tree", at);
      if (tree < 0.0 || tree >= static_cast<double>(plan.trees.size()))
        throw PlanError(at + ": tree " + slots[s][k].at("tree").dump() + " does not exist");
      PlanPiece piece{static_cast<std::size_t>(tree), field<std::string>(slots[s][k], "from", at),
                      field<std::string>(slots[s][k], "to", at), field<double>(slots[s][k], "first", at),
                      field<double>(slots[s][k], "last", at)};
      if (slots[s][k].contains("delay")) {
        piece.delay = field<double>(slots[s][k], "delay", at);
        if (!(piece.delay >= 0.0 && piece.delay < 1e9))
          throw PlanError(at + ": \"delay\" must be a time >= 0, not " + slots[s][k].at("delay").dump());
      }
      check_host(hosts, piece.from, at);
      check_host(hosts, piece.to, at);
      if (!(0.0 <= piece.first && piece.first < piece.last && piece.last <= 1.0))
        throw PlanError(at + ": needs 0 <= \"first\" < \"last\" <= 1");
      plan.slots.back().push_back(std::move(piece));
    }
  }
  if (json.contains("slot_seconds")) {
    const auto& seconds = json.at("slot_seconds");
    if (!seconds.is_array() || seconds.size() != plan.slots.size())
      throw PlanError("plan: \"slot_seconds\" must be a list of one length per slot (" +
                      std::to_string(plan.slots.size()) + ")");
    for (const auto& length : seconds) {
      if (!length.is_number() || !(length.get<double>() >= 0.0) || !std::isfinite(length.get<double>()))
        throw PlanError("plan: \"slot_seconds\" must hold times >= 0, not " + length.dump());
      plan.slot_seconds.push_back(length.get<double>());
    }
  }
  if (json.contains("lags")) {
    const auto& lags = json.at("lags");
    if (!lags.is_array() || lags.size() != plan.trees.size())
      throw PlanError("plan: \"lags\" must be a list of one object per tree (" + std::to_string(plan.trees.size()) + ")");
    for (std::size_t t = 0; t < lags.size(); ++t) {
      const std::string at = "plan lags of tree " + std::to_string(t);
      if (!lags[t].is_object())
        throw PlanError(at + ": must be an object of host: lag");
      plan.lags.emplace_back();
      for (const auto& [host, lag] : lags[t].items()) {
        check_host(hosts, host, at);
        if (!lag.is_number_integer() || lag.get<long long>() < 0 || lag.get<long long>() > 1000000)
          throw PlanError(at + ": host '" + host + "' needs a lag from 0 to 1000000 periods, not " + lag.dump());
        plan.lags.back()[host] = lag.get<std::size_t>();
      }
    }
  }
  to_periodic_schedule(plan, plan.hosts);  // one port per slot, every edge's block sent once
}

void read_send_gaps(const Json& json, const std::set<std::string>& hosts, BroadcastPlan& plan)
{
  if (!json.contains("send_gaps"))
    return;
  const auto gaps = field<Json>(json, "send_gaps", "plan");
  if (!gaps.is_array())
    throw PlanError("plan: \"send_gaps\" must be a list");
  std::set<std::string> seen;
  for (std::size_t k = 0; k < gaps.size(); ++k) {
    const std::string at = "plan send gap " + std::to_string(k);
    PlanSendGap gap{field<std::string>(gaps[k], "host", at), field<double>(gaps[k], "latency", at),
                    field<double>(gaps[k], "seconds_per_byte", at)};
    check_host(hosts, gap.host, at);
    if (!seen.insert(gap.host).second)
      throw PlanError(at + ": host '" + gap.host + "' has a gap already");
    if (!(gap.latency >= 0.0 && gap.latency < 1e6) || !(gap.seconds_per_byte >= 0.0 && gap.seconds_per_byte < 1e6))
      throw PlanError(at + ": \"latency\" and \"seconds_per_byte\" must be >= 0 and finite");
    plan.send_gaps.push_back(std::move(gap));
  }
}

}  // namespace

std::string plan_to_json(const BroadcastPlan& plan)
{
  Json trees = Json::array();
  for (const auto& tree : plan.trees) {
    Json edges = Json::array();
    for (const auto& edge : tree.edges)
      edges.push_back(edge_json(edge));
    Json entry = {{"weight", tree.weight}, {"edges", std::move(edges)}};
    if (tree.slice_period > 0.0)
      entry["slice_period"] = tree.slice_period;
    trees.push_back(std::move(entry));
  }
  Json json = {{"format", "hbcast-plan"},       {"version", plan.version},   {"scheduler", plan.scheduler},
               {"platform", plan.platform},      {"hosts", plan.hosts},       {"root", plan.root},
               {"message_bytes", plan.message_bytes}, {"slices", plan.slices}, {"port", plan.port},
               {"trees", std::move(trees)}};
  if (plan.form != "concurrent") {
    json["version"] = 2;
    json["form"] = plan.form;
    json[plan.form == "capped" ? "round_slices" : "period_slices"] = plan.form_slices;
  }
  if (plan.form == "capped")
    json["receives_posted"] = plan.receives_posted;
  if (plan.form == "periodic") {
    Json slots = Json::array();
    for (const auto& slot : plan.slots) {
      Json pieces = Json::array();
      for (const auto& piece : slot)
      {
        Json entry = {{"tree", piece.tree}, {"from", piece.from}, {"to", piece.to}, {"first", piece.first},
                      {"last", piece.last}};
        if (piece.delay > 0.0)
          entry["delay"] = piece.delay;
        pieces.push_back(std::move(entry));
      }
      slots.push_back(std::move(pieces));
    }
    json["slots"] = std::move(slots);
    if (!plan.slot_seconds.empty())
      json["slot_seconds"] = plan.slot_seconds;
    if (!plan.lags.empty())
      json["lags"] = plan.lags;
  }
  if (!plan.send_gaps.empty()) {
    Json gaps = Json::array();
    for (const auto& gap : plan.send_gaps)
      gaps.push_back({{"host", gap.host}, {"latency", gap.latency}, {"seconds_per_byte", gap.seconds_per_byte}});
    json["send_gaps"] = std::move(gaps);
  }
  if (plan.predicted_makespan)
    json["predicted_makespan"] = *plan.predicted_makespan;
  if (plan.simulated_makespan)
    json["simulated_makespan"] = *plan.simulated_makespan;
  return json.dump(1) + "\n";
}

BroadcastPlan plan_from_json(const std::string& text)
{
  Json json;
  try {
    if (const auto problem = json_nesting_problem(text))
      throw PlanError("plan: " + *problem);
    json = Json::parse(text);
  } catch (const Json::exception& error) {  // a syntax error, or a number out of range (1e400)
    std::string what = error.what();
    if (const auto bracket = what.find("] "); what.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos)
      what = what.substr(bracket + 2);
    throw PlanError("plan is not valid JSON: " + what);
  }
  if (!json.is_object() || !json.contains("format") || json.at("format") != "hbcast-plan")
    throw PlanError("not an hbcast plan (no \"format\": \"hbcast-plan\")");
  BroadcastPlan plan;
  // Checked as a double before the cast: a version beyond int's range would convert with undefined behaviour.
  const double version = whole_number(json, "version", "plan");
  if (version < 1.0 || version > BroadcastPlan::kVersion)
    throw PlanError("plan version " + json.at("version").dump() + " is not supported (this reads versions 1 to " +
                    std::to_string(BroadcastPlan::kVersion) + ")");
  plan.version = static_cast<int>(version);
  plan.scheduler = optional_string(json, "scheduler");
  plan.platform = optional_string(json, "platform");
  plan.hosts = field<std::vector<std::string>>(json, "hosts", "plan");
  plan.root = field<std::string>(json, "root", "plan");
  plan.message_bytes = whole_number(json, "message_bytes", "plan");
  const double slices = whole_number(json, "slices", "plan");
  if (slices < 1.0 || slices > 1e15)
    throw PlanError("plan: \"slices\" must be at least 1 (and a count), not " + json.at("slices").dump());
  plan.slices = static_cast<std::size_t>(slices);
  plan.port = field<std::string>(json, "port", "plan");
  check_header(plan);
  const std::set<std::string> hosts(plan.hosts.begin(), plan.hosts.end());
  if (hosts.size() != plan.hosts.size())
    throw PlanError("plan: \"hosts\" names a host twice");
  check_host(hosts, plan.root, "plan root");
  const auto trees = field<Json>(json, "trees", "plan");
  if (!trees.is_array() || trees.empty())
    throw PlanError("plan: \"trees\" must be a non-empty list");
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const std::string where = "plan tree " + std::to_string(t);
    plan.trees.push_back(tree_from_json(trees[t], hosts, where));
    check_tree_shape(plan.trees.back(), plan.root, where);
  }
  read_form(json, hosts, plan);
  read_send_gaps(json, hosts, plan);
  if (json.contains("predicted_makespan"))
    plan.predicted_makespan = field<double>(json, "predicted_makespan", "plan");
  if (json.contains("simulated_makespan"))
    plan.simulated_makespan = field<double>(json, "simulated_makespan", "plan");
  return plan;
}

BroadcastPlan load_plan_file(const std::string& path)
{
  std::ifstream in(path);
  if (!in)
    throw PlanError("cannot read plan '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return plan_from_json(text.str());
  } catch (const PlanError& error) {
    throw PlanError("'" + path + "': " + error.what());
  }
}

}  // namespace hbcast
