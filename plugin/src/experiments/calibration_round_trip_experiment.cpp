#include <hbcast/experiments/calibration_round_trip_experiment.hpp>

#include <hbcast/experiments/experiment_parameters.hpp>
#include <hbcast/sched/scheduler_registry.hpp>
#include <hbcast/simulation/calibration_run.hpp>
#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/platform_generators.hpp>
#include <hbcast/simulation/probe_run.hpp>
#include <hbcast/simulation/scheduler_simulation.hpp>
#include <hbcast/simulation/size_factor_config.hpp>
#include <hbcast/sweep/scenario.hpp>
#include <hbcast/util/atomic_file.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

namespace hbcast::cli {
namespace {

struct RoundTripPlatform {
  std::string name;
  std::string file;       // or a generator
  std::string generator;
  std::map<std::string, std::string> parameters;
  bool smpi_default_factors = false;
};

// One scheduler's figures on one side: makespans (or throughputs) predicted and replayed.
struct Figures2 {
  std::string status;
  double predicted = 0, simulated = 0;
};

std::vector<RoundTripPlatform> platforms_of(const YAML::Node& parameters, const std::string& case_path)
{
  const YAML::Node list = parameters["platforms"];
  if (!list || !list.IsSequence() || list.size() == 0)
    throw ScenarioError(case_path + ": parameters.platforms must be a non-empty list");
  const auto directory = std::filesystem::path(case_path).parent_path();
  std::vector<RoundTripPlatform> platforms;
  for (const auto& node : list) {
    RoundTripPlatform p;
    p.name = node["name"].as<std::string>("");
    if (p.name.empty())
      throw ScenarioError(fmt::format("{}:{}: a platform needs a name", case_path, node.Mark().line + 1));
    if (node["file"])
      p.file = (directory / node["file"].as<std::string>()).lexically_normal().string();
    p.generator = node["generator"].as<std::string>("");
    if (p.file.empty() == p.generator.empty())
      throw ScenarioError(fmt::format("{}:{}: platform '{}' needs a file or a generator", case_path,
                                      node.Mark().line + 1, p.name));
    for (const auto& entry : node["parameters"])
      p.parameters[entry.first.as<std::string>()] = entry.second.as<std::string>();
    p.smpi_default_factors = node["smpi_default_factors"].as<bool>(false);
    platforms.push_back(p);
  }
  return platforms;
}

// Every scheduler of `all` on one platform, each in a child (one engine per process).
std::map<std::string, Figures2> simulate_all(const std::vector<std::string>& schedulers, const std::string& platform,
                                             const std::string& root, const std::vector<std::string>& config,
                                             double bytes)
{
  std::map<std::string, Figures2> figures;
  for (const std::string& scheduler_name : schedulers) {
    const SchedulerInfo* scheduler = find_scheduler(scheduler_name);
    SimulateOptions options;
    options.platform = platform;
    options.root = root;
    options.message_bytes = bytes;
    options.simgrid_config = config;
    const auto outcome = run_isolated([&] {
      const SimulationReport report = simulate_scheduler(options, scheduler->name);
      const SchedulerRun& run = report.runs.front();
      return nlohmann::json{{"status", run.status},
                            {"predicted", run.pairwise.makespan},
                            {"simulated", run.simulated.makespan}}
          .dump();
    });
    Figures2 f;
    if (!outcome.ok) {
      f.status = outcome.error;
    } else {
      const auto json = nlohmann::json::parse(outcome.payload);
      f.status = json["status"].get<std::string>();
      f.predicted = json["predicted"].get<double>();
      f.simulated = json["simulated"].get<double>();
    }
    figures[scheduler->name] = f;
  }
  return figures;
}

// The multi-tree plan's steady state: throughput predicted (its LP) and replayed, `slices` slices.
Figures2 multi_tree(const std::string& platform, const std::string& root, const std::vector<std::string>& config,
                    double bytes, std::size_t slices)
{
  SimulateOptions options;
  options.platform = platform;
  options.root = root;
  options.message_bytes = bytes;
  options.slices = slices;
  options.simgrid_config = config;
  const auto outcome = run_isolated([&] {
    const SimulationReport report = simulate_scheduler(options, "multi-tree");
    const SchedulerRun& run = report.runs.front();
    return nlohmann::json{{"status", run.status},
                          {"predicted", run.pairwise.throughput.value_or(0.0)},
                          {"simulated", run.simulated.throughput.value_or(0.0)}}
        .dump();
  });
  Figures2 f;
  if (!outcome.ok)
    return {outcome.error, 0, 0};
  const auto json = nlohmann::json::parse(outcome.payload);
  return {json["status"].get<std::string>(), json["predicted"].get<double>(), json["simulated"].get<double>()};
}

std::string first_host(const std::string& platform)
{
  return platform_host_names(platform).front();
}

double relative(double calibrated, double original)
{
  return (calibrated - original) / original;
}

}  // namespace

std::vector<CheckResult> run_calibration_round_trip(const YAML::Node& parameters, const std::string& case_path,
                                                    const std::string& results_path)
{
  const ExperimentParameters p(parameters, case_path);
  const auto platforms = platforms_of(parameters, case_path);
  const double bytes = p.number("size", 4194304);
  const double exact_bound = p.number("exact_bound", 0.02), factors_bound = p.number("factors_bound", 0.05);
  const auto slices = p.count("multi_tree_slices", 64);
  std::vector<std::string> probe_arguments;
  if (parameters["probe"])
    for (const auto& argument : parameters["probe"])
      probe_arguments.push_back(argument.as<std::string>());
  std::vector<std::string> schedulers;
  if (parameters["schedulers"]) {
    for (const auto& name : parameters["schedulers"]) {
      schedulers.push_back(name.as<std::string>());
      if (!find_scheduler(schedulers.back()))
        throw ScenarioError(case_path + ": unknown scheduler '" + schedulers.back() + "'");
    }
  } else {
    for (const SchedulerInfo* scheduler : schedulers_of_all())
      schedulers.push_back(scheduler->name);
  }
  const auto work = std::filesystem::path(results_path).parent_path() / "calibration-round-trip";
  std::filesystem::create_directories(work);

  std::string csv = "platform,scheduler,original_predicted,calibrated_predicted,predicted_difference,"
                    "original_simulated,calibrated_simulated,simulated_difference,status\n";
  std::string table = "| platform | calibrated | schedulers | worst predicted | worst simulated | fastest (original / "
                      "calibrated) | multi-tree throughput, simulated (original / calibrated, MB/s) | bound |\n"
                      "|---|---|---|---|---|---|---|---|\n";
  std::vector<CheckResult> checks;
  for (std::size_t k = 0; k < platforms.size(); ++k) {
    const auto& platform = platforms[k];
    const std::string stem = (work / fmt::format("p{}", k + 1)).string();
    std::string original = platform.file;
    if (original.empty()) {
      original = stem + ".original.xml";
      write_file_atomically(original, generate_platform_xml(platform.generator, platform.parameters, 1));
    }
    // Measure in SMPI, calibrate, simulate both with the same root and SMPI settings.
    SmpiProbeRequest probe{original, stem + ".csv", probe_arguments, platform.smpi_default_factors, {}};
    run_probe_in_smpi(probe, [](const std::string&) {});
    CalibrateRequest calibrate;
    calibrate.inputs = {probe.output};
    calibrate.platform = stem + ".calibrated.xml";
    const auto calibrated = run_calibration(calibrate);
    const std::vector<std::string> original_config =
        platform.smpi_default_factors
            ? std::vector<std::string>{"network/model:SMPI", "network/crosstraffic:0", "network/TCP-gamma:1e30"}
            : std::vector<std::string>{};
    const auto calibrated_config = read_cfg_file(calibrate.platform.substr(0, calibrate.platform.size() - 4) + ".cfg");
    const std::string root = first_host(original);
    const auto before = simulate_all(schedulers, original, root, original_config, bytes);
    const auto after = simulate_all(schedulers, calibrate.platform, root, calibrated_config, bytes);
    const Figures2 tree_before = multi_tree(original, root, original_config, bytes, slices);
    const Figures2 tree_after = multi_tree(calibrate.platform, root, calibrated_config, bytes, slices);

    const double bound = platform.smpi_default_factors ? factors_bound : exact_bound;
    double worst_predicted = 0, worst_simulated = 0;
    std::string worst_predicted_name, worst_simulated_name;
    std::size_t compared = 0, outside = 0;
    std::vector<std::string> outside_names;
    std::pair<double, std::string> fastest_before{1e300, ""}, fastest_after{1e300, ""};
    for (const auto& [name, a] : before) {
      const auto& b = after.at(name);
      const bool ok = a.status == "ok" && b.status == "ok";
      const double dp = ok ? relative(b.predicted, a.predicted) : 0, ds = ok ? relative(b.simulated, a.simulated) : 0;
      csv += fmt::format("{},{},{:.9g},{:.9g},{:.3e},{:.9g},{:.9g},{:.3e},{}\n", platform.name, name, a.predicted,
                         b.predicted, dp, a.simulated, b.simulated, ds, ok ? "ok" : a.status + " / " + b.status);
      if (!ok)
        continue;
      ++compared;
      if (std::abs(dp) > std::abs(worst_predicted)) {
        worst_predicted = dp;
        worst_predicted_name = name;
      }
      if (std::abs(ds) > std::abs(worst_simulated)) {
        worst_simulated = ds;
        worst_simulated_name = name;
      }
      if (std::max(std::abs(dp), std::abs(ds)) > bound) {
        ++outside;
        outside_names.push_back(fmt::format("{} ({:+.1f}%)", name, 100 * (std::abs(dp) > std::abs(ds) ? dp : ds)));
      }
      fastest_before = std::min(fastest_before, {a.simulated, name});
      fastest_after = std::min(fastest_after, {b.simulated, name});
    }
    // The same fastest: the calibrated platform's winner is a winner of the original too (ties
    // within 1e-6 of the original's best), and the other way round.
    const bool same_fastest =
        compared > 0 && before.at(fastest_after.second).simulated <= fastest_before.first * (1 + 1e-6) &&
        after.at(fastest_before.second).simulated <= fastest_after.first * (1 + 1e-6);
    const bool tree_ok = tree_before.status == "ok" && tree_after.status == "ok" && tree_before.simulated > 0;
    const double tree_predicted = tree_ok ? relative(tree_after.predicted, tree_before.predicted) : 0;
    const double tree_simulated = tree_ok ? relative(tree_after.simulated, tree_before.simulated) : 0;
    csv += fmt::format("{},multi-tree throughput ({} slices),{:.9g},{:.9g},{:.3e},{:.9g},{:.9g},{:.3e},{}\n",
                       platform.name, slices, tree_before.predicted, tree_after.predicted, tree_predicted,
                       tree_before.simulated, tree_after.simulated, tree_simulated,
                       tree_ok ? "ok" : tree_before.status + " / " + tree_after.status);
    const std::string where = platform.name + (platform.smpi_default_factors ? " (SMPI's default factors)" : "");
    const auto& net = calibrated.calibration.network;
    std::size_t backbones = 0, uplinks = 0, shared = 0;
    for (std::size_t g = 0; g < net.groups.size(); ++g) {
      backbones += net.groups[g].backbone.has_value();
      uplinks += net.groups[g].uplink_out.has_value() + net.groups[g].uplink_in.has_value();
      for (std::size_t h = 0; h < net.groups.size(); ++h)
        shared += g != h && net.between[g][h].shared;
    }
    const std::string structure =
        net.fat_tree
            ? fmt::format("a fat-tree, FAT_TREE 2;{},{};1,{};1,{}; {} factor steps", net.fat_tree->hosts_per_leaf,
                          net.fat_tree->leaves, net.fat_tree->spines, net.fat_tree->cables,
                          calibrated.calibration.report.segments)
            : fmt::format("{} groups, {} backbones, {} uplinks, {} shared links; {} factor steps", net.groups.size(),
                          backbones, uplinks, shared, calibrated.calibration.report.segments);
    table += fmt::format("| {} | {} | {} | {:+.2e} ({}) | {:+.2e} ({}) | {} / {} | {:.6g} / {:.6g} | {:g}% |\n", where,
                         structure, compared, worst_predicted, worst_predicted_name, worst_simulated, worst_simulated_name,
                         fastest_before.second, fastest_after.second, tree_before.simulated / 1e6,
                         tree_after.simulated / 1e6, 100 * bound);
    checks.push_back({fmt::format("{}: every scheduler's predicted and simulated makespan within {:g}%", where,
                                  100 * bound),
                      compared == 0 ? "no rows"
                                    : fmt::format("{} of {} outside{}{}", outside, compared, outside ? ": " : "",
                                                  fmt::format("{}", fmt::join(outside_names, ", "))),
                      fmt::format("all within {:g}%", 100 * bound),
                      compared > 0 && outside == 0 ? Verdict::pass : Verdict::fail, ""});
    checks.push_back({where + ": the same fastest scheduler",
                      compared == 0 ? "no rows"
                                    : fmt::format("{} ({:.6f} s) / {} ({:.6f} s)", fastest_before.second,
                                                  fastest_before.first, fastest_after.second, fastest_after.first),
                      "the same (up to ties within 1e-6)", same_fastest ? Verdict::pass : Verdict::fail, ""});
    checks.push_back({fmt::format("{}: multi-tree plan's throughput, predicted (steady-state LP), within {:g}%", where,
                                  100 * bound),
                      tree_ok ? fmt::format("{:+.2e}", tree_predicted) : "no rows", fmt::format("within {:g}%", 100 * bound),
                      tree_ok && std::abs(tree_predicted) <= bound ? Verdict::pass : Verdict::fail, ""});
    checks.push_back({fmt::format("{}: multi-tree plan's throughput, simulated ({} slices), within {:g}%", where,
                                  slices, 100 * bound),
                      tree_ok ? fmt::format("{:+.2e}", tree_simulated) : "no rows", fmt::format("within {:g}%", 100 * bound),
                      tree_ok && std::abs(tree_simulated) <= bound ? Verdict::pass : Verdict::fail, ""});
  }
  write_file_atomically(results_path, csv);
  checks.push_back({"calibrated platforms against their originals", fmt::format("{} platforms", platforms.size()), "",
                    Verdict::report, table});
  return checks;
}

}  // namespace hbcast::cli
