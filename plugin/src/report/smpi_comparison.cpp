#include <hbcast/report/smpi_comparison.hpp>

#include <hbcast/simulation/isolated_run.hpp>
#include <hbcast/simulation/simulation_report.hpp>
#include <hbcast/util/size_parser.hpp>
#include <hbcast/simulation/smpi_run.hpp>
#include <hbcast/report/text_table.hpp>
#include <hbcast/plan/plan_json.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>

namespace hbcast::cli {
namespace {

PlanFigures simulate_isolated(const std::string& platform, const BroadcastPlan& plan, double bytes, double envelope)
{
  auto outcome = run_isolated([&] {
    const PlanFigures figures = simulate_plan(platform, plan, bytes, envelope);
    return nlohmann::json{{"predicted", figures.predicted}, {"simulated", figures.simulated}}.dump();
  });
  if (!outcome.ok)
    throw std::runtime_error(outcome.error);
  const auto json = nlohmann::json::parse(outcome.payload);
  return {json.at("predicted").get<double>(), json.at("simulated").get<double>()};
}

// The plan's platform: as written when absolute or found from here, else beside the plan (a
// relative path in a plan written elsewhere).
std::string plan_platform_path(const BroadcastPlan& plan, const std::string& plan_path)
{
  namespace fs = std::filesystem;
  if (plan.platform.empty())
    throw std::invalid_argument("'" + plan_path + "' names no platform: give one before --plan");
  const fs::path written(plan.platform);
  if (written.is_absolute() || fs::exists(written))
    return plan.platform;
  const fs::path beside = fs::path(plan_path).parent_path() / written;
  if (fs::exists(beside))
    return beside.string();
  throw std::invalid_argument("the platform of '" + plan_path + "', '" + plan.platform +
                              "', is neither here nor beside the plan: give it before --plan");
}

std::string seconds_to_the_nanosecond(double value)
{
  return fmt::format("{:.9f}", value);
}

}  // namespace

SmpiComparison compare_plan_in_smpi(const std::string& platform, const std::string& plan_path,
                                    std::optional<double> size)
{
  const BroadcastPlan plan = load_plan_file(plan_path);
  SmpiComparison comparison;
  comparison.platform = platform.empty() ? plan_platform_path(plan, plan_path) : platform;
  comparison.plan_path = plan_path;
  comparison.scheduler = plan.scheduler;
  comparison.root = plan.root;
  comparison.port = plan.port;
  comparison.form = plan.form;
  comparison.hosts = plan.hosts.size();
  comparison.slices = plan.slices;
  comparison.message_bytes = size.value_or(plan.message_bytes);
  if (comparison.message_bytes < static_cast<double>(plan.slices))
    throw std::invalid_argument(fmt::format("a message of {} bytes cannot be cut into the plan's {} slices",
                                            comparison.message_bytes, plan.slices));
  if (comparison.message_bytes > 2147483647.0)
    throw std::invalid_argument("the SMPI run broadcasts MPI_BYTEs with an int count: at most 2 GiB - 1");
  comparison.even_slices = std::fmod(comparison.message_bytes, static_cast<double>(plan.slices)) == 0.0;
  // SMPI sends every slice as a message of its bytes + the envelope (the notes' "SMPI against a replay").
  // The executable forms send other messages: the periodic form's pieces each carry an envelope
  // (the replay adds it per message); the rate-capped form's parts go through SimGrid's own
  // communications under SMPI (Comm::set_rate), which carry none.
  comparison.modeled_bytes = comparison.message_bytes + kSmpiEnvelopeBytes * static_cast<double>(plan.slices);
  try {
    if (plan.form == "concurrent")
      comparison.hbcast = simulate_isolated(comparison.platform, plan, comparison.modeled_bytes, 0.0);
    else
      comparison.hbcast = simulate_isolated(comparison.platform, plan, comparison.message_bytes,
                                            plan.form == "periodic" ? kSmpiEnvelopeBytes : 0.0);
  } catch (const std::exception& error) {
    throw std::runtime_error("'" + plan_path + "': " + error.what());
  }
  comparison.smpi = run_smpi_timing({comparison.platform, plan.hosts, {},
                                     {"--plan", plan_path, "--bytes", fmt::format("{:.0f}", comparison.message_bytes)}});
  return comparison;
}

void write_smpi_comparison_table(std::ostream& out, const SmpiComparison& c)
{
  out << fmt::format("platform  {} ({} hosts), root {}\n", c.platform, c.hosts, c.root);
  out << fmt::format("plan      {} (scheduler {}, {} slice{}, {})\n", c.plan_path, c.scheduler, c.slices,
                     c.slices == 1 ? "" : "s", c.port);
  if (c.form == "concurrent")
    out << fmt::format("message   {} ({:.0f} bytes); SMPI adds {:.0f} bytes to each of the {} messages, so hbcast's "
                       "figures are for {:.0f} bytes\n",
                       format_size(c.message_bytes), c.message_bytes, kSmpiEnvelopeBytes, c.slices, c.modeled_bytes);
  else if (c.form == "periodic")
    out << fmt::format("message   {} ({:.0f} bytes), periodic form; SMPI adds {:.0f} bytes to each MPI message, and "
                       "hbcast's replay adds them to each of its messages too\n",
                       format_size(c.message_bytes), c.message_bytes, kSmpiEnvelopeBytes);
  else
    out << fmt::format("message   {} ({:.0f} bytes), rate-capped form: SimGrid communications with Comm::set_rate "
                       "under SMPI too (no MPI envelope)\n",
                       format_size(c.message_bytes), c.message_bytes);
  if (!c.even_slices)
    out << "note      the size is not a multiple of the slices: SMPI's slices differ by one byte, hbcast's are equal\n";
  out << "smpirun   ";
  for (const auto& setting : smpi_exact_settings())
    out << "--cfg=" << setting << " ";
  out << "\n          timed from the moment every rank is ready (SMPI's barrier lets the root out early)\n\n";
  TextTable table({"figure", "makespan (s)", "SMPI vs it"});
  table.add_row({"hbcast prediction (pairwise)", seconds_to_the_nanosecond(c.hbcast.predicted),
                 fmt::format("{:+.2e}", relative_error(c.smpi, c.hbcast.predicted))});
  table.add_row({"hbcast replay (SimGrid)", seconds_to_the_nanosecond(c.hbcast.simulated),
                 fmt::format("{:+.2e}", relative_error(c.smpi, c.hbcast.simulated))});
  table.add_row({"SMPI, libhbcast_mpi", seconds_to_the_nanosecond(c.smpi), ""});
  table.print(out);
}

void write_smpi_comparison_json(std::ostream& out, const SmpiComparison& c)
{
  nlohmann::json json = {{"platform", c.platform},
                         {"plan", c.plan_path},
                         {"scheduler", c.scheduler},
                         {"hosts", c.hosts},
                         {"root", c.root},
                         {"port", c.port},
                         {"form", c.form},
                         {"slices", c.slices},
                         {"message_bytes", c.message_bytes},
                         {"modeled_bytes", c.modeled_bytes},
                         {"even_slices", c.even_slices},
                         {"smpi_settings", smpi_exact_settings()},
                         {"predicted", c.hbcast.predicted},
                         {"replayed", c.hbcast.simulated},
                         {"smpi", c.smpi},
                         {"relative_error",
                          {{"smpi_vs_predicted", relative_error(c.smpi, c.hbcast.predicted)},
                           {"smpi_vs_replayed", relative_error(c.smpi, c.hbcast.simulated)}}}};
  out << json.dump(2) << "\n";
}

}  // namespace hbcast::cli
