#include <hbcast/calibration/fit_report_writer.hpp>
#include <hbcast/cli/commands.hpp>
#include <hbcast/cli/option_checks.hpp>
#include <hbcast/simulation/calibration_run.hpp>

#include <CLI/CLI.hpp>

#include <memory>

namespace hbcast::cli {

// `hbcast calibrate INPUT... -o FILE.xml`: measurements (hbcast-probe, OSU, IMB, mpiGraph) to a
// SimGrid platform, its --cfg file and a fit report (docs/calibration.md).
void add_calibrate_command(CLI::App& app, CommandContext& context)
{
  auto request = std::make_shared<CalibrateRequest>();
  auto* command = app.add_subcommand(
      "calibrate", "fit a SimGrid platform to MPI measurements (hbcast-probe CSV, OSU osu_latency/osu_bw/osu_bibw/"
                   "osu_mbw_mr, IMB-MPI1 PingPong/PingPing/Sendrecv, mpiGraph): FILE.xml, FILE.cfg (size factors, for hbcast simulate --cfg-file "
                   "and smpirun), FILE.report.md, FILE.residuals.csv");
  command->add_option("inputs", request->inputs, "measurement files (each format detected, or named by --format)")
      ->required()
      ->type_name("INPUT...");
  command->add_option("-o,--output", request->platform, "SimGrid platform XML to write (replaced atomically)")
      ->required()
      ->type_name("FILE.xml");
  command->add_option("--format", request->format, "input format: auto (default), hbcast-probe, osu, imb, mpigraph")
      ->check(CLI::IsMember({"auto", "hbcast-probe", "osu", "imb", "mpigraph"}));
  as_list(command->add_option("--hosts", request->hosts,
                              "host of each rank for OSU and IMB output, which print none (comma-separated; a line "
                              "'hosts: A B' before a run names its own)"));
  command->add_option("--cfg-output", request->config, "where the --cfg file goes (default FILE.cfg)");
  command->add_option("--report", request->report, "where the fit report goes (default FILE.report.md)");
  command->add_option("--residuals", request->residuals, "where every residual goes (default FILE.residuals.csv)");
  command->add_option("--group-tolerance", request->fit.group_tolerance,
                      "hosts join a group when their latency is within this of their nearest neighbour's "
                      "(default 0.15)")
      ->check(number_at_least(0, "a relative tolerance"));
  command->add_option("--sharing-threshold", request->fit.sharing_threshold,
                      "concurrent flows getting less than 1 - this of their lone rates saturated a shared link "
                      "(default 0.05)")
      ->check(number_above(0, "a relative threshold"));
  command->add_option("--homogeneous-tolerance", request->homogeneous_tolerance,
                      "a group is one <cluster> when its hosts are within this of their median (default 0.01)")
      ->check(number_at_least(0, "a relative tolerance"));
  command->add_flag("--no-factors", [request](std::int64_t) { request->fit.fit_factors = false; },
                    "fit no size factors: latency + size / bandwidth at every size");
  command->add_flag("--no-fill", [request](std::int64_t) { request->fit.fill_gaps = false; },
                    "refuse pairs never measured instead of filling them from the host model");
  command->callback([request, &context] {
    run_reporting_errors(context, [&] {
      request->provenance = {"Inputs: " + [&] {
        std::string list;
        for (const auto& input : request->inputs)
          list += (list.empty() ? "" : ", ") + input;
        return list;
      }()};
      const auto outcome = run_calibration(*request);
      context.out << calibration::fit_summary(outcome.calibration);
      context.out << "wrote     " << outcome.written[0] << " (platform), " << outcome.written[1] << " (--cfg), "
                  << outcome.written[2] << " (fit report), " << outcome.written[3] << " (residuals)\n";
      return 0;
    });
  });
}

}  // namespace hbcast::cli
