// `hbcast calibrate` as a user runs it: every documented example format (scenarios/calibration)
// becomes a platform that `hbcast simulate` loads, the fit finds the example's known structure, and
// every bad input is one line naming the file and line, exit status 2, no file written.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <regex>

using namespace hbcast::test_support;

namespace {

const std::string kExamples = std::string(HBCAST_SOURCE_DIR) + "/scenarios/calibration";

std::string example(const std::string& name)
{
  return kExamples + "/" + name;
}

// Calibrates `inputs` into dir/name.xml and checks that the platform simulates.
nlohmann::json calibrate_and_simulate(const TemporaryDirectory& dir, std::vector<std::string> arguments,
                                      const std::string& name = "cal")
{
  const std::string platform = dir.path() + "/" + name + ".xml";
  arguments.insert(arguments.begin(), "calibrate");
  arguments.insert(arguments.end(), {"-o", platform});
  const auto calibrated = run_hbcast(arguments);
  EXPECT_EQ(calibrated.exit_status, 0) << calibrated.err;
  EXPECT_EQ(calibrated.err, "");
  for (const char* extension : {".xml", ".cfg", ".report.md", ".residuals.csv"})
    EXPECT_TRUE(std::filesystem::exists(dir.path() + "/" + name + extension)) << extension;
  const auto simulated = run_hbcast({"simulate", platform, "-s", "binomial,fnf", "--format", "json"});
  EXPECT_EQ(simulated.exit_status, 0) << simulated.err;
  return simulated.exit_status == 0 ? nlohmann::json::parse(simulated.out) : nlohmann::json{};
}

}  // namespace

TEST(CalibrateCli, OsuPairLatencyAndBandwidthMakeATwoHostPlatform)
{
  TemporaryDirectory dir;
  const auto report = calibrate_and_simulate(
      dir, {example("osu_latency_7.3.txt"), example("osu_bw_7.3.txt"), "--hosts", "n01,n02"});
  EXPECT_EQ(report["hosts"], 2);
  EXPECT_EQ(report["root"], "n01");
  // The example is 11.8 us + S / 1.17 GB/s: 4 MiB take 3.5967 ms (OSU prints 0.01 us: 1e-5 relative).
  const double truth = 11.8e-6 + 4194304 / 1.17e9;
  EXPECT_NEAR(report["runs"][0]["pairwise"]["makespan"].get<double>() / truth, 1.0, 1e-5);
}

TEST(CalibrateCli, OsuHostListImbAndMpiGraphEachMakeAFourHostPlatform)
{
  for (const std::string file : {"osu_latency_host_list.txt", "imb_mpi1_2021.3.txt", "mpigraph_1.5.txt"}) {
    SCOPED_TRACE(file);
    TemporaryDirectory dir;
    const auto report = calibrate_and_simulate(dir, {example(file)});
    EXPECT_EQ(report["hosts"], 4);
    EXPECT_EQ(report["root"], "n01");
  }
}

// The fit against the examples' truth: pair latencies 11.8 (n01-n02), 12.1 (n01-n03), 12.3 (n01-n04),
// 12.0 (n02-n03), 12.2 (n02-n04) and 12.4 us (n03-n04), 1.17 GB/s. In one group a pair's latency is
// its two host links' (a_u + a_v); the truth is not additive (a_3 + a_4 = 12.5 from the others), so
// the least squares miss each pair by 0.28% at most. IMB measures n01-n02 (PingPong, Sendrecv) and
// the ring 0-1, 1-2, 2-3, 3-0 (Sendrecv over 4 ranks), whose table has one time per size for all
// its pairs (t_avg 12.12 us at 0 B; their truths 11.8 to 12.4): its pairs come out 2.1% off at
// most, and n01-n03 and n02-n04, filled from the host model, at 12.04 us (1.3% below the truth).
TEST(CalibrateCli, HostListAndImbFitTheirKnownPairLatenciesAndBandwidth)
{
  const std::map<std::pair<int, int>, double> truth = {{{1, 2}, 11.8e-6}, {{1, 3}, 12.1e-6}, {{1, 4}, 12.3e-6},
                                                       {{2, 3}, 12.0e-6}, {{2, 4}, 12.2e-6}, {{3, 4}, 12.4e-6}};
  for (const auto& [file, bound] : {std::pair<std::string, double>{"osu_latency_host_list.txt", 0.005},
                                    std::pair<std::string, double>{"imb_mpi1_2021.3.txt", 0.025}}) {
    SCOPED_TRACE(file);
    TemporaryDirectory dir;
    calibrate_and_simulate(dir, {example(file)});
    const std::string xml = read_file(dir.path() + "/cal.xml");
    const std::regex host_link("<link id=\"n0([1-4])_link\" bandwidth=\"([^\"]+)Bps\" latency=\"([^\"]+)s\"");
    std::map<int, double> latency;
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), host_link); it != std::sregex_iterator(); ++it) {
      latency[std::stoi((*it)[1])] = std::stod((*it)[3]);
      EXPECT_NEAR(std::stod((*it)[2]) / 1.17e9, 1.0, 1e-4) << (*it)[0];
    }
    ASSERT_EQ(latency.size(), 4u) << xml;
    for (const auto& [pair, seconds] : truth)
      EXPECT_NEAR((latency[pair.first] + latency[pair.second]) / seconds, 1.0, bound)
          << "n0" << pair.first << " - n0" << pair.second;
  }
}

// The tools' other forms: OSU 7.x osu_mbw_mr (2 pairs at once) beside a host list of osu_latency runs;
// IMB-MPI1 -npmin 2 -multi 1 (Multi-PingPong, Multi-PingPing, Sendrecv rings, Exchange skipped); mpiGraph's
// later form (MB/s of 10^6 bytes). Each example is 1.17 GB/s per host link.
TEST(CalibrateCli, OtherFormsOfTheToolsMakeTheirKnownPlatform)
{
  const std::vector<std::vector<std::string>> runs = {
      {example("osu_latency_host_list.txt"), example("osu_mbw_mr_7.3.txt")},
      {example("imb_mpi1_2021.3_multi.txt")},
      {example("mpigraph_1.5_msg_size_header.txt")}};
  for (const auto& inputs : runs) {
    SCOPED_TRACE(inputs.back());
    TemporaryDirectory dir;
    const auto report = calibrate_and_simulate(dir, inputs);
    EXPECT_EQ(report["hosts"], 4);
    EXPECT_EQ(report["root"], "n01");
    const std::string platform = read_file(dir.path() + "/cal.xml");
    // mpiGraph gives one streaming rate at 4 MiB, its per-message overhead included: 1169.88 MB/s.
    EXPECT_TRUE(platform.find("bandwidth=\"1.170") != std::string::npos ||
                platform.find("bandwidth=\"1.16988e+09") != std::string::npos)
        << platform;
  }
}

TEST(CalibrateCli, FormatIsDetectedOrNamed)
{
  TemporaryDirectory dir;
  const auto named = run_hbcast({"calibrate", example("mpigraph_1.5.txt"), "--format", "mpigraph", "-o",
                                 dir.path() + "/g.xml"});
  EXPECT_EQ(named.exit_status, 0) << named.err;
  // Named wrongly: the reader of that format says what it misses.
  expect_one_line_error(run_hbcast({"calibrate", example("mpigraph_1.5.txt"), "--format", "osu", "-o",
                                    dir.path() + "/o.xml"}),
                        "mpigraph_1.5.txt: holds no '# OSU MPI ... Test' header: not OSU micro-benchmarks output");
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/o.xml"));
}

TEST(CalibrateCli, ProbeCsvOfAKnownBackbonePlatformGivesItsStructure)
{
  // The example was probed in SMPI on `hbcast generate backbone --clusters 2 --nodes 4` (125 MB/s
  // host links of 50 us, 250 MB/s SHARED backbones of 100 us, 125 MB/s uplinks of 5 ms): two
  // groups, each with its 250 MB/s backbone, and one 125 MB/s shared link between them.
  TemporaryDirectory dir;
  const auto report = calibrate_and_simulate(dir, {example("hbcast_probe_backbone_2x4.csv")});
  EXPECT_EQ(report["hosts"], 8);
  const std::string xml = read_file(dir.path() + "/cal.xml");
  EXPECT_NE(xml.find("<cluster id=\"g1\" prefix=\"c0-\" suffix=\"\" radical=\"0-3\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("bb_bw=\"250000000Bps\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("bb_sharing_policy=\"SHARED\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<link id=\"g1-g2\" bandwidth=\"125000000Bps\""), std::string::npos) << xml;
  // A route c0-0 -> c1-0: 50 + 100 + 5000 + 5000 + 100 + 50 us, 125 MB/s: 4 MiB in 43.8544 ms.
  const auto runs = report["runs"];
  const double predicted = runs[0]["pairwise"]["makespan"];
  EXPECT_GT(predicted, 0.0);
  const std::string cfg = read_file(dir.path() + "/cal.cfg");
  EXPECT_EQ(cfg, "--cfg=network/model:SMPI\n--cfg=network/crosstraffic:0\n--cfg=network/TCP-gamma:1e30\n"
                 "--cfg=network/weight-S:0\n--cfg=smpi/lat-factor:0:1\n--cfg=smpi/bw-factor:0:1\n");
  const std::string residuals = read_file(dir.path() + "/cal.residuals.csv");
  EXPECT_EQ(residuals.rfind("src,dst,kind,bytes,measured_s,model_s,relative,source\n", 0), 0u);
}

TEST(CalibrateCli, BadInputsAreOneLineNamingFileAndLine)
{
  TemporaryDirectory dir;
  const std::string output = dir.path() + "/out.xml";
  const std::string header = "kind,test,src_rank,dst_rank,src_host,dst_host,bytes,messages,repetitions,median_s\n";
  const auto nan_time = dir.write("nan.csv", header + "pingpong,,0,1,a,b,1,1,5,1e-5\npingpong,,0,1,a,b,2,1,5,NaN\n");
  const auto negative = dir.write("negative.txt", "# OSU MPI Latency Test v7.3\n# Size  Avg Latency(us)\n1 -3.2\n");
  const auto order = dir.write("order.txt", "# OSU MPI Latency Test v7.3\n# Size  Avg Latency(us)\n8 3.2\n4 3.1\n");
  const auto missing_pair = dir.write("graph.txt", "START mpiGraph v1.5\nMsgSize\t16\nSend\ta:0\tb:1\t\n"
                                                   "a:0 to\t0.000\t\nb:1 to\t1.000\t0.000\t\n");
  const auto unknown = dir.write("unknown.txt", "size time\n1 2\n");
  const auto few_hosts = dir.write("mbw.txt", "hosts: a b c\n# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n"
                                              "# [ pairs: 2 ] [ window size: 64 ]\n# Size  MB/s\n1 5.0\n");
  const auto short_group = dir.write("imb.txt", "# Benchmarking Multi-PingPong\n"
                                                "# ( 2 groups of 2 processes each running simultaneous )\n"
                                                "# Group  0:     0    1\n# Group  1:     2\n"
                                                "        Group       #bytes #repetitions      t[usec]   Mbytes/sec\n");
  const auto html = dir.write("index.html", "<html>\n<script type=\"text/javascript\">\nvar sendstats = [];\n"
                                            "sendstats['max'] = 1100;\n");
  expect_rejected({"calibrate", "-o", output},
                  {{{nan_time}, "nan.csv:3: time median_s 'NaN' is not a finite number"},
                   {{negative}, "negative.txt:3: latency -3.2 is negative"},
                   {{order}, "order.txt:4: sizes out of order: 4 bytes after 8"},
                   {{missing_pair}, "graph.txt:4: has 1 bandwidths for 2 columns (a missing pair)"},
                   {{unknown}, "unknown.txt: format not recognised"},
                   {{few_hosts}, "mbw.txt:3: 2 pairs need 4 hosts (rank i sends to rank i + 2); 3 named"},
                   {{short_group}, "imb.txt:5: an IMB group lists 1 ranks for 2 processes"},
                   {{html}, "index.html:4: crunch_mpiGraph's HTML report keeps the bandwidths only as 8-bit pixels"},
                   {{dir.path() + "/absent.csv"}, "cannot read '" + dir.path() + "/absent.csv': No such file"},
                   {{dir.path()}, "is a directory, not a measurement file"}},
                  output);
  // Only one pair measured (a - b) and the file names c: refused with --no-fill, filled without.
  const auto gap = dir.write("gap.csv", header + "pingpong,,0,1,a,b,1,1,5,1e-5\npingpong,,0,1,a,b,1048576,1,5,1e-2\n"
                                                 "pingpong,,0,2,a,c,1,1,5,1e-5\npingpong,,0,2,a,c,1048576,1,5,1e-2\n");
  const auto filled = run_hbcast({"calibrate", gap, "-o", output});
  ASSERT_EQ(filled.exit_status, 0) << filled.err;
  EXPECT_NE(filled.out.find("warning   1 pair(s) not measured, filled from the host model: b - c"), std::string::npos)
      << filled.out;
  std::filesystem::remove(output);
  expect_one_line_error(run_hbcast({"calibrate", gap, "--no-fill", "-o", output}),
                        "1 pair(s) not measured: b - c");
}

TEST(CalibrateCli, RefusesToWriteOverItsInput)
{
  TemporaryDirectory dir;
  const auto input = dir.write("in.csv", read_file(example("hbcast_probe_backbone_2x4.csv")));
  expect_one_line_error(run_hbcast({"calibrate", input, "-o", dir.path() + "/x.xml", "--report", input}),
                        "output '" + input + "' is the input '" + input + "': it would be overwritten");
  EXPECT_EQ(read_file(input), read_file(example("hbcast_probe_backbone_2x4.csv")));
  expect_one_line_error(run_hbcast({"calibrate", input, "-o", dir.path() + "/x.xml", "--report", dir.path() + "/x.xml"}),
                        "two outputs are the same file");
}

TEST(CalibrateCli, SimulateTakesTheCfgFileAndAppliesSmpiSizeFactorsToEveryLink)
{
  // SMPI's defaults at 4 MiB: latency x11.6436, bandwidth x0.940694, applied to every link of the
  // contention-free star, so the prediction and the replay agree and both carry the factors.
  TemporaryDirectory dir;
  const auto cfg = dir.write("smpi.cfg", "# SMPI's model, its default size factors\n--cfg=network/model:SMPI\n"
                                         "network/crosstraffic:0\n\n--cfg=network/TCP-gamma:1e30\n");
  const std::string star = std::string(HBCAST_TEST_PLATFORM_DIR) + "/hetero_star.xml";
  const auto plain = run_hbcast({"simulate", star, "-s", "binomial", "--format", "json"});
  const auto scaled = run_hbcast({"simulate", star, "-s", "binomial", "--cfg-file", cfg, "--format", "json"});
  ASSERT_EQ(plain.exit_status, 0) << plain.err;
  ASSERT_EQ(scaled.exit_status, 0) << scaled.err;
  const auto a = nlohmann::json::parse(plain.out), b = nlohmann::json::parse(scaled.out);
  const auto& run = b["runs"][0];
  EXPECT_NEAR(run["simulated"]["makespan"].get<double>() / run["pairwise"]["makespan"].get<double>(), 1.0, 1e-9);
  EXPECT_GT(run["pairwise"]["makespan"].get<double>(), a["runs"][0]["pairwise"]["makespan"].get<double>() * 1.05);
  const std::string config = b["network_config"].dump();
  EXPECT_NE(config.find("size factors at 4194304 B: latency x11.6436, bandwidth x0.940694 (from SMPI's defaults under "
                        "network/model:SMPI; applied to every link)"),
            std::string::npos)
      << config;
  // Bad files and factors: one line each.
  const auto bad_line = dir.write("bad.cfg", "--cfg=network/model:SMPI\nhello\n");
  expect_one_line_error(run_hbcast({"simulate", star, "-s", "binomial", "--cfg-file", bad_line}),
                        bad_line + ":2: not a setting --cfg=key:value");
  expect_one_line_error(run_hbcast({"simulate", star, "-s", "binomial", "--cfg-file", dir.path() + "/none.cfg"}),
                        "cannot read --cfg-file '" + dir.path() + "/none.cfg'");
  expect_one_line_error(run_hbcast({"simulate", star, "-s", "binomial", "--cfg=smpi/lat-factor:0:1;x:2"}),
                        "--cfg=smpi/lat-factor:0:1;x:2: factor step 'x:2': the size is not a whole number of bytes");
}
