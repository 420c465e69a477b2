// hbcast._hbcast: the library's entry points for the Python package `hbcast` (plugin/python/hbcast),
// which wraps them in classes. Structured values cross as JSON text, checked and built by the
// library's own code (simulate_report, the report's CSV writer, the plan and scenario readers);
// nothing here runs SimGrid in the interpreter's process.
#include "error_kinds.hpp"
#include "platform_server.hpp"
#include "simulate_request.hpp"

#include <hbcast/cli/simulate_command.hpp>
#include <hbcast/core/broadcast_tree.hpp>
#include <hbcast/core/tree_dot.hpp>
#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/report/report_format.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/report/tree_files.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/interruption.hpp>
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/size_factor_config.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>
#include <hbcast/sweep/sweep_runner.hpp>
#include <hbcast/util/size_parser.hpp>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <yaml-cpp/yaml.h>

#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

namespace py = pybind11;
using nlohmann::json;

namespace hbcast::python {
namespace {

// One InterruptionGuard while any thread is in a blocking call (the guard itself counts its
// owners without a lock).
class SharedInterruptionGuard {
public:
  SharedInterruptionGuard()
  {
    std::lock_guard<std::mutex> lock(mutex());
    if (count()++ == 0)
      guard().emplace();
  }
  ~SharedInterruptionGuard()
  {
    std::lock_guard<std::mutex> lock(mutex());
    if (--count() == 0)
      guard().reset();
  }
  SharedInterruptionGuard(const SharedInterruptionGuard&) = delete;
  SharedInterruptionGuard& operator=(const SharedInterruptionGuard&) = delete;

private:
  static std::mutex& mutex()
  {
    static std::mutex shared;
    return shared;
  }
  static int& count()
  {
    static int shared = 0;
    return shared;
  }
  static std::optional<cli::InterruptionGuard>& guard()
  {
    static std::optional<cli::InterruptionGuard> shared;
    return shared;
  }
};

// Runs `work` without the GIL, SIGINT and SIGTERM recorded rather than raised (the library's
// supervising loops then kill their children and throw cli::Interrupted).
template <class Work>
auto blocking(Work&& work)
{
  py::gil_scoped_release release;
  SharedInterruptionGuard interruption;
  return work();
}

std::vector<std::vector<NodeId>> children_lists(const py::sequence& children)
{
  return children.cast<std::vector<std::vector<NodeId>>>();
}

// A tree over `host_count` nodes from Python's lists; send starts < 0 are absent.
BroadcastTree tree_of(std::size_t host_count, NodeId root, const std::vector<std::vector<NodeId>>& children,
                      const std::vector<double>& send_starts)
{
  if (children.size() != host_count)
    throw KindedError("TreeError", "the tree has " + std::to_string(children.size()) + " children lists for " +
                                       std::to_string(host_count) + " hosts");
  BroadcastTree tree(root, children);
  for (NodeId v = 0; v < send_starts.size() && v < host_count; ++v)
    if (send_starts[v] >= 0.0)
      tree.set_send_start(v, send_starts[v]);
  return tree;
}

json schedulers_json()
{
  json list = json::array();
  for (const auto& scheduler : scheduler_registry()) {
    json parameters = json::array();
    for (const auto& parameter : scheduler.parameters)
      parameters.push_back(
          {{"name", parameter.name}, {"summary", parameter.summary}, {"default", parameter.default_value}});
    list.push_back({{"name", scheduler.name},
                    {"summary", scheduler.summary},
                    {"source", scheduler.source},
                    {"parameters", parameters},
                    {"needs_platform_graph", scheduler.needs_platform_graph},
                    {"needs_links", scheduler.needs_links},
                    {"named_only", scheduler.named_only},
                    {"multicast", static_cast<bool>(scheduler.build_multicast)}});
  }
  return list;
}

json generators_json()
{
  json list = json::array();
  for (const auto& generator : cli::platform_generators()) {
    json parameters = json::array();
    for (const auto& parameter : generator.parameters)
      parameters.push_back({{"name", parameter.name},
                            {"value_name", parameter.value_name},
                            {"description", parameter.description},
                            {"default", parameter.default_value}});
    list.push_back({{"name", generator.name},
                    {"summary", generator.summary},
                    {"details", generator.details},
                    {"parameters", parameters}});
  }
  return list;
}

// A results table as (columns, rows of cells).
py::tuple table_tuple(const cli::ResultsTable& table)
{
  std::vector<std::vector<std::string>> rows(table.row_count());
  for (std::size_t row = 0; row < rows.size(); ++row)
    for (std::size_t column = 0; column < table.columns().size(); ++column)
      rows[row].push_back(table.cell(row, column));
  return py::make_tuple(table.columns(), rows);
}

// The rows `hbcast simulate --format csv` prints for a report.
py::tuple report_rows(const std::string& report_text)
{
  const auto report = json::parse(report_text).get<cli::SimulationReport>();
  std::ostringstream csv;
  cli::write_report_csv(csv, report);
  return table_tuple(cli::ResultsTable::parse(csv.str(), "report"));
}

// A scenario from a file, or from YAML text standing for a file at `path` (relative platform
// files resolve against its directory).
cli::Scenario scenario_of(const std::string& path, const std::optional<std::string>& text)
{
  if (!text)
    return cli::load_scenario(path);
  YAML::Node node;
  try {
    node = YAML::Load(*text);
  } catch (const YAML::Exception& error) {
    throw cli::ScenarioError(path + ": " + error.what());
  }
  return cli::scenario_from_yaml(node, path);
}

json scenario_summary(const cli::Scenario& scenario)
{
  return {{"name", scenario.name},
          {"path", scenario.path},
          {"fingerprint", scenario.fingerprint},
          {"points", cli::expand_scenario(scenario).size()},
          {"schedulers", scenario.schedulers}};
}

// A plan (README "Plans") from a tree or weighted trees by host index: {"scheduler", "platform",
// "hosts", "root", "message_bytes", "slices", "port", "children" | "plan_children" with
// "plan_weights", "send_starts", "pairwise_makespan", "simulated_makespan"}, written by the code
// that writes `hbcast simulate --plan`.
std::string plan_text(const std::string& spec_text)
{
  const json spec = json::parse(spec_text);
  cli::SimulationReport report;
  report.platform = spec.at("platform").get<std::string>();
  report.host_names = spec.at("hosts").get<std::vector<std::string>>();
  report.root = spec.at("root").get<std::string>();
  report.message_bytes = spec.at("message_bytes").get<double>();
  report.slices = spec.at("slices").get<std::size_t>();
  report.port = spec.at("port").get<std::string>();
  cli::SchedulerRun run;
  run.scheduler = spec.at("scheduler").get<std::string>();
  run.children = spec.value("children", std::vector<std::vector<NodeId>>{});
  run.send_starts = spec.value("send_starts", std::vector<double>{});
  run.plan_children = spec.value("plan_children", std::vector<std::vector<std::vector<NodeId>>>{});
  run.plan_weights = spec.value("plan_weights", std::vector<double>{});
  run.pairwise.makespan = spec.value("pairwise_makespan", 0.0);
  run.simulated.makespan = spec.value("simulated_makespan", 0.0);
  BroadcastPlan plan = cli::plan_of_run(report, run);
  if (!spec.contains("pairwise_makespan") || spec.at("pairwise_makespan").is_null())
    plan.predicted_makespan.reset();
  if (!spec.contains("simulated_makespan") || spec.at("simulated_makespan").is_null())
    plan.simulated_makespan.reset();
  return plan_to_json(plan);
}

PyObject* error_class(py::module_& module, const char* name, std::vector<PyObject*> bases, const char* doc)
{
  py::tuple base_tuple(bases.size());
  for (std::size_t k = 0; k < bases.size(); ++k)
    base_tuple[k] = py::reinterpret_borrow<py::object>(bases[k]);
  const std::string qualified = std::string("hbcast.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base_tuple.ptr(), nullptr);
  module.add_object(name, py::reinterpret_borrow<py::object>(type));
  return type;
}

std::map<std::string, PyObject*>& error_classes()
{
  static std::map<std::string, PyObject*> classes;
  return classes;
}

void raise_kind(const std::string& kind, const char* message)
{
  if (kind == "Interrupted") {
    PyErr_SetString(PyExc_KeyboardInterrupt, message);
    return;
  }
  auto& classes = error_classes();
  const auto found = classes.find(kind);
  PyErr_SetString(found != classes.end() ? found->second : classes.at("Error"), message);
}

void define_errors(py::module_& module)
{
  auto& classes = error_classes();
  PyObject* base = error_class(module, "Error", {PyExc_Exception},
                               "Any error hbcast reports; its message is the one `hbcast` prints after "
                               "'hbcast: error: '.");
  classes["Error"] = base;
  classes["PlatformError"] = error_class(
      module, "PlatformError", {base, PyExc_ValueError},
      "A platform that cannot be used: missing or malformed file, unknown host, unroutable pair, bad SimGrid "
      "option.");
  classes["OptionError"] = error_class(module, "OptionError", {base, PyExc_ValueError},
                                       "An option value hbcast refuses (its name, the rule and the value).");
  classes["SchedulerError"] = error_class(module, "SchedulerError", {base, PyExc_ValueError},
                                          "A scheduler that does not apply to this platform or request.");
  classes["TreeError"] = error_class(module, "TreeError", {base, PyExc_ValueError},
                                     "A tree that is not a spanning out-tree of the platform's hosts.");
  classes["PlanError"] = error_class(module, "PlanError", {base, PyExc_ValueError},
                                     "A plan file that cannot be read or is not a valid plan.");
  classes["ScenarioError"] = error_class(module, "ScenarioError", {base, PyExc_ValueError},
                                         "A sweep scenario that cannot be used (file, key and line).");
  classes["ResultsError"] = error_class(module, "ResultsError", {base, PyExc_ValueError},
                                        "A results file that cannot be read.");
  classes["SimulationError"] = error_class(
      module, "SimulationError", {base},
      "A child process that failed: SimGrid aborted or crashed (its message), or a program is missing.");
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer)
        std::rethrow_exception(pointer);
    } catch (const KindedError& error) {
      raise_kind(error.kind(), error.what());
    } catch (const py::error_already_set&) {
      throw;
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const std::exception& error) {
      raise_kind(kind_of(error), error.what());
    }
  });
}

}  // namespace
}  // namespace hbcast::python

PYBIND11_MODULE(_hbcast, module)
{
  using namespace hbcast;
  using namespace hbcast::python;
  module.doc() = "hbcast's library entry points (use the package `hbcast`, which wraps them).";
  define_errors(module);

  py::class_<PlatformServer>(module, "PlatformServer",
                             "A platform loaded in a process of its own, answering requests (JSON).")
      .def(py::init([](const std::string& load) {
             return blocking([&] { return std::make_unique<PlatformServer>(json::parse(load)); });
           }),
           py::arg("load"))
      .def_property_readonly("description", [](const PlatformServer& server) { return server.description().dump(); })
      .def(
          "request",
          [](PlatformServer& server, const std::string& request) {
            return blocking([&] { return server.request(json::parse(request)).dump(); });
          },
          py::arg("request"))
      .def("close", &PlatformServer::close, "Stops the platform's process (a kill: no wait on it).")
      .def_property_readonly("running", &PlatformServer::running)
      .def_property_readonly("pid", &PlatformServer::pid);

  module.def("schedulers", [] { return schedulers_json().dump(); }, "The scheduler registry as JSON.");
  module.def("generators", [] { return generators_json().dump(); }, "The platform generators as JSON.");
  module.def(
      "generate_platform",
      [](const std::string& generator, const std::map<std::string, std::string>& parameters, const std::string& seed) {
        try {
          return cli::generate_platform_xml(generator, parameters, cli::parse_generator_seed(seed));
        } catch (const std::invalid_argument& error) {
          throw KindedError("OptionError", error.what());
        }
      },
      py::arg("generator"), py::arg("parameters"), py::arg("seed"), "The generator's SimGrid XML.");
  module.def(
      "parse_size", [](const std::string& text) { return parse_size(text); }, py::arg("text"),
      "Bytes in a size such as '4MiB', '1e6' or '512KiB'.");
  module.def(
      "check_options",
      [](const std::string& options) {
        simulate_options_from_json(json::parse(options));
      },
      py::arg("options"), "Checks simulation options (JSON) as `hbcast simulate` checks its own.");
  module.def(
      "simulate",
      [](const std::string& options_text) {
        return blocking([&] {
          const cli::SimulateOptions options = simulate_options_from_json(json::parse(options_text));
          std::ostringstream messages;
          const cli::SimulationReport report = cli::simulate_report(options, messages);
          return json{{"report", report}, {"messages", messages.str()}}.dump();
        });
      },
      py::arg("options"), "`hbcast simulate` with these options (JSON): the report (JSON).");
  module.def(
      "slice_size", [](double message_bytes, std::size_t slices) { return slice_size(message_bytes, slices); },
      py::arg("message_bytes"), py::arg("slices"), "Bytes in one slice of a message cut in `slices`.");
  module.def(
      "read_cfg_file", [](const std::string& path) { return cli::read_cfg_file(path); }, py::arg("path"),
      "The SimGrid settings of a --cfg-file (one --cfg=key:value a line).");
  module.def(
      "default_platform", [] { return cli::default_platform_path(); },
      "The default platform's file (grid5000_88.xml), found as `hbcast simulate` finds it.");
  module.def("report_rows", &report_rows, py::arg("report"),
             "The (columns, rows) `hbcast simulate --format csv` prints for a report (JSON).");
  module.def(
      "read_results",
      [](const std::string& path) {
        try {
          return table_tuple(cli::ResultsTable::read_file(path));
        } catch (const std::invalid_argument& error) {
          throw KindedError("ResultsError", error.what());
        }
      },
      py::arg("path"), "A results file (CSV or JSON Lines) as (columns, rows).");
  module.def(
      "read_report",
      [](const std::string& text) { return json(json::parse(text).get<cli::SimulationReport>()).dump(); },
      py::arg("text"), "A `simulate --format json` report, read and written back (JSON).");
  module.def(
      "plan_from_json", [](const std::string& text) { return plan_to_json(plan_from_json(text)); }, py::arg("text"),
      "A plan checked (PlanError names the problem), as written by hbcast.");
  module.def("plan_text", &plan_text, py::arg("spec"),
             "A plan's JSON text from a tree by host index (JSON spec), as `hbcast simulate --plan` writes it.");
  module.def(
      "load_plan", [](const std::string& path) { return plan_to_json(load_plan_file(path)); }, py::arg("path"),
      "A plan file checked, as written by hbcast.");
  module.def(
      "validate_tree",
      [](const std::vector<std::string>& hosts, NodeId root, const py::sequence& children) {
        validate_tree(tree_of(hosts.size(), root, children_lists(children), {}), hosts);
      },
      py::arg("hosts"), py::arg("root"), py::arg("children"),
      "Raises TreeError unless the children lists form a spanning out-tree from the root.");
  module.def(
      "tree_dot",
      [](const std::vector<std::string>& hosts, NodeId root, const py::sequence& children,
         const std::vector<double>& send_starts, const std::string& name, const std::vector<double>& ready_times) {
        std::ostringstream out;
        write_tree_dot(out, tree_of(hosts.size(), root, children_lists(children), send_starts), hosts, name,
                       ready_times);
        return out.str();
      },
      py::arg("hosts"), py::arg("root"), py::arg("children"), py::arg("send_starts"), py::arg("name"),
      py::arg("ready_times"), "The tree as Graphviz DOT, as `hbcast simulate --dot` writes it.");
  module.def(
      "load_scenario",
      [](const std::string& path, const std::optional<std::string>& text) {
        return scenario_summary(scenario_of(path, text)).dump();
      },
      py::arg("path"), py::arg("text") = std::nullopt, "A scenario checked: name, fingerprint, point count (JSON).");
  module.def(
      "sweep",
      [](const std::string& path, const std::optional<std::string>& text, const std::string& output,
         const std::string& format, std::size_t workers, const std::string& shard, bool resume) {
        const cli::Scenario scenario = scenario_of(path, text);
        cli::SweepOptions options;
        options.output = output;
        options.format = format;
        options.workers = workers;
        options.shard = cli::parse_shard(shard);
        options.resume = resume;
        const auto summary = blocking([&] { return cli::run_sweep(scenario, options, std::cerr); });
        return json{{"points_in_shard", summary.points_in_shard},
                    {"already_done", summary.already_done},
                    {"ran", summary.ran},
                    {"failed", summary.failed},
                    {"failed_before", summary.failed_before}}
            .dump();
      },
      py::arg("path"), py::arg("text"), py::arg("output"), py::arg("format"), py::arg("workers"), py::arg("shard"),
      py::arg("resume"), "`hbcast sweep`: runs the scenario's points into `output`; the summary (JSON).");
}
