#include "simulate_request.hpp"

#include "error_kinds.hpp"

#include <hbcast/cli/option_checks.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/util/number_parsing.hpp>
#include <hbcast/util/size_parser.hpp>

#include <CLI/CLI.hpp>

#include <set>

namespace hbcast::python {
namespace {

// A scalar as the command line would have received it.
std::string as_text(const nlohmann::json& value)
{
  if (value.is_string())
    return value.get<std::string>();
  if (value.is_boolean())
    return value.get<bool>() ? "true" : "false";
  return value.dump();
}

// The checked text of `key`: `check` is the command line's validator of the same option.
std::string checked(const std::string& key, const nlohmann::json& value, const CLI::Validator& check)
{
  std::string text = as_text(value);
  const std::string problem = check(text);
  if (!problem.empty())
    throw KindedError("OptionError", key + ": " + problem);
  return text;
}

std::string one_of(const std::string& key, const nlohmann::json& value, const std::set<std::string>& allowed)
{
  const std::string text = as_text(value);
  if (allowed.count(text) == 0) {
    std::string list;
    for (const auto& item : allowed)
      list += (list.empty() ? "" : ",") + item;
    throw KindedError("OptionError", key + ": " + text + " not in {" + list + "}");
  }
  return text;
}

std::vector<std::string> texts(const std::string& key, const nlohmann::json& value)
{
  if (!value.is_array())
    return {as_text(value)};
  std::vector<std::string> list;
  for (const auto& item : value) {
    if (item.is_array() || item.is_object())
      throw KindedError("OptionError", key + ": a list of names or numbers is expected");
    list.push_back(as_text(item));
  }
  return list;
}

std::vector<double> numbers(const std::string& key, const nlohmann::json& value, const CLI::Validator& check)
{
  std::vector<double> list;
  for (const auto& text : texts(key, value))
    list.push_back(*parse_number(checked(key, text, check)));
  return list;
}

// Any number; the library checks its range.
double number(const std::string& key, const nlohmann::json& value)
{
  const std::string text = as_text(value);
  const auto parsed = parse_number(text);
  if (!parsed)
    throw KindedError("OptionError", key + ": must be a number, not '" + text + "'");
  return *parsed;
}

std::uint64_t whole(const std::string& key, const nlohmann::json& value, std::uint64_t minimum)
{
  return *parse_whole_number(checked(key, value, cli::whole_number_at_least(minimum)));
}

}  // namespace

cli::SimulateOptions simulate_options_from_json(const nlohmann::json& request)
{
  static const std::set<std::string> known{
      "platform",  "root",          "random_root_seed", "schedulers",         "size",           "slices",
      "port",      "mpi_baselines", "cfg",              "log",                "timeout",        "keep_trees",
      "steady_state_bound", "model", "platform_graph",  "times",              "classes",        "random_times",
      "class_values", "time_range", "seed",             "members",            "member_fraction", "member_seed",
      "params",    "given_trees",   "replay",           "max_slices"};
  for (const auto& [key, value] : request.items())
    if (known.count(key) == 0)
      throw KindedError("OptionError", "unknown option '" + key + "'");
  cli::SimulateOptions options;
  const auto has = [&](const char* key) { return request.contains(key) && !request.at(key).is_null(); };
  if (has("platform"))
    options.platform = as_text(request.at("platform"));
  if (has("root"))
    options.root = as_text(request.at("root"));
  if (has("random_root_seed"))
    options.random_root_seed = whole("random_root_seed", request.at("random_root_seed"), 0);
  if (has("schedulers"))
    options.schedulers = texts("schedulers", request.at("schedulers"));
  if (has("size"))
    options.size = as_text(request.at("size"));
  options.message_bytes = parse_size(options.size);
  if (has("slices")) {
    const std::string slices = checked("slices", request.at("slices"), cli::slice_count_or_auto());
    options.slices_auto = slices == "auto";
    options.slices = options.slices_auto ? 1 : *parse_whole_number(slices);
  }
  if (has("max_slices"))
    options.max_slices = whole("max_slices", request.at("max_slices"), 1);
  if (has("port"))
    options.port = one_of("port", request.at("port"), {"one", "multi", "one-port", "multi-port"});
  if (has("mpi_baselines"))
    options.mpi_baselines = request.at("mpi_baselines").get<bool>();
  if (has("cfg"))
    options.simgrid_config = texts("cfg", request.at("cfg"));
  if (has("log"))
    options.simgrid_log = texts("log", request.at("log"));
  if (has("timeout"))
    options.timeout_seconds =
        *parse_number(checked("timeout", request.at("timeout"), cli::number_at_least(0, "a number of seconds")));
  if (has("keep_trees"))
    options.keep_trees = request.at("keep_trees").get<bool>();
  if (has("steady_state_bound"))
    options.steady_state_bound = request.at("steady_state_bound").get<bool>();
  if (has("model"))
    options.model = one_of("model", request.at("model"), {"pairwise", "sender-only"});
  if (has("platform_graph"))
    options.platform_graph = one_of("platform_graph", request.at("platform_graph"), {"auto", "direct"});
  if (has("times"))
    options.times = numbers("times", request.at("times"), cli::number_above(0, "a time in seconds"));
  if (has("classes"))
    options.classes = as_text(request.at("classes"));
  if (has("random_times"))
    options.random_processors = whole("random_times", request.at("random_times"), 1);
  if (has("class_values"))
    options.class_values = numbers("class_values", request.at("class_values"), cli::number_above(0, "a time in seconds"));
  if (has("time_range"))
    options.time_range = numbers("time_range", request.at("time_range"), cli::number_above(0, "a time in seconds"));
  if (has("seed"))
    options.seed = whole("seed", request.at("seed"), 0);
  if (has("members"))
    options.members = texts("members", request.at("members"));
  if (has("member_fraction"))
    options.member_fraction = number("member_fraction", request.at("member_fraction"));
  if (has("member_seed"))
    options.member_seed = whole("member_seed", request.at("member_seed"), 0);
  if (has("params"))
    options.scheduler_parameters = texts("params", request.at("params"));
  if (has("given_trees"))
    for (const auto& given : request.at("given_trees"))
      options.given_trees.push_back({given.at("name").get<std::string>(),
                                     plan_from_json(given.at("plan").get<std::string>()),
                                     given.value("own_scheduler", std::string())});
  if (has("replay"))
    options.replay = request.at("replay").get<bool>();
  return options;
}

}  // namespace hbcast::python
