// `hbcast generate` as a user runs it: generated files load in `hbcast simulate`, the same seed
// gives the same bytes, and every bad value is one line on stderr with exit status 2.
#include "support/cli_expectations.hpp"

#include <hbcast/sched/scheduler_registry.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

using namespace hbcast::test_support;

namespace {



std::string generate(const TemporaryDirectory& dir, const std::string& name, std::vector<std::string> arguments)
{
  const std::string path = dir.path() + "/" + name;
  arguments.insert(arguments.begin(), "generate");
  arguments.push_back("-o");
  arguments.push_back(path);
  auto result = run_hbcast(arguments);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(without_heartbeat(result.err), "");
  return path;
}

}  // namespace

TEST(GenerateCli, RandomPlatformSimulates)
{
  TemporaryDirectory dir;
  auto path = generate(dir, "random.xml", {"random", "--nodes", "25", "--density", "0.08", "--seed", "12"});
  auto result = run_hbcast({"simulate", path, "--format", "json"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_EQ(without_heartbeat(result.err), "");
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["hosts"], 25);
  EXPECT_EQ(report["root"], "node-0");
  // A random platform has direct links: every registered scheduler applies and none is skipped.
  EXPECT_EQ(report["runs"].size(), hbcast::schedulers_of_all().size());
  EXPECT_TRUE(report["has_platform_graph"].get<bool>());
  EXPECT_TRUE(report["skipped"].empty());
}

TEST(GenerateCli, StarPlatformReplaysExactlyAsPredicted)
{
  TemporaryDirectory dir;
  auto path = generate(dir, "star.xml", {"star", "--nodes", "12", "--seed", "4"});
  auto result = run_hbcast({"simulate", path, "--format", "json", "--slices", "4"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["mode"], "exact");
  for (const auto& run : report["runs"]) {
    const double predicted = run["pairwise"]["makespan"];
    EXPECT_NEAR(run["simulated"]["makespan"].get<double>(), predicted, 1e-9 * predicted) << run["scheduler"];
  }
}

TEST(GenerateCli, SameSeedGivesByteIdenticalFiles)
{
  TemporaryDirectory dir;
  for (const std::string generator : {"random", "star"}) {
    auto first = read_file(generate(dir, generator + "1.xml", {generator, "--nodes", "20", "--seed", "77"}));
    auto second = read_file(generate(dir, generator + "2.xml", {generator, "--nodes", "20", "--seed", "77"}));
    auto other = read_file(generate(dir, generator + "3.xml", {generator, "--nodes", "20", "--seed", "78"}));
    EXPECT_FALSE(first.empty());
    EXPECT_EQ(first, second) << generator;
    EXPECT_NE(first, other) << generator;
  }
}

TEST(GenerateCli, FileRecordsGeneratorSeedAndParameters)
{
  TemporaryDirectory dir;
  auto xml = read_file(generate(dir, "r.xml", {"random", "--density", "0.2", "--bw-sd", "1e7", "--latency", "2e-5"}));
  for (const char* expected : {"generator = random", "seed = 1", "density = 0.2", "bw-sd = 1e+07", "latency = 2e-05",
                               "nodes = 30", "repair-edges = ", "routing=\"Floyd\"", "SPLITDUPLEX"})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected;
  auto star = read_file(generate(dir, "s.xml", {"star", "--seed", "9", "--lat-max", "5e-5"}));
  for (const char* expected : {"generator = star", "seed = 9", "lat-max = 5e-05", "routing=\"Cluster\"", "host_link"})
    EXPECT_NE(star.find(expected), std::string::npos) << expected;
}

TEST(GenerateCli, HelpDocumentsTheOptions)
{
  auto random = run_hbcast({"generate", "random", "--help"});
  ASSERT_EQ(random.exit_status, 0);
  for (const char* option : {"--nodes", "--density", "--bw-mean", "--bw-sd", "--latency", "--seed", "--output"})
    EXPECT_NE(random.out.find(option), std::string::npos) << option;
  auto star = run_hbcast({"generate", "star", "--help"});
  ASSERT_EQ(star.exit_status, 0);
  for (const char* option : {"--nodes", "--bw-min", "--bw-max", "--lat-min", "--lat-max", "--seed", "--output"})
    EXPECT_NE(star.out.find(option), std::string::npos) << option;
}

TEST(GenerateCliErrors, BadRandomValues)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/x.xml";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--nodes", "1"}, "'nodes' must be at least 2"},
      {{"--nodes", "0"}, "'nodes' must be at least 2"},
      {{"--nodes", "-4"}, "'nodes' must be a whole number"},
      {{"--nodes", "2.5"}, "'nodes' must be a whole number"},
      {{"--density", "1.5"}, "'density' must be within [0, 1]"},
      {{"--density", "-0.1"}, "'density' must be within [0, 1]"},
      {{"--density", "dense"}, "'density' must be a finite number"},
      {{"--bw-mean", "0"}, "'bw-mean' must be finite and > 0"},
      {{"--bw-sd", "-1"}, "'bw-sd' must be finite and >= 0"},
      {{"--bw-sd", "inf"}, "'bw-sd' must be a finite number"},
      {{"--latency", "-1e-6"}, "'latency' must be finite and >= 0"},
      {{"--seed", "-1"}, "seed must be a whole number"},
      {{"--seed", "x"}, "seed must be a whole number"},
  };
  expect_rejected({"generate", "random", "-o", out}, cases, out);
}

TEST(GenerateCliErrors, BadStarValues)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/x.xml";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--nodes", "1"}, "'nodes' must be at least 2"},
      {{"--bw-min", "0"}, "'bw-min' must be finite and > 0"},
      {{"--bw-min", "5e8", "--bw-max", "1e8"}, "'bw-max' must be at least bw-min"},
      {{"--lat-min", "-1"}, "'lat-min' must be finite and >= 0"},
      {{"--lat-min", "1e-3", "--lat-max", "1e-4"}, "'lat-max' must be at least lat-min"},
  };
  expect_rejected({"generate", "star", "-o", out}, cases, out);
}

TEST(GenerateCliErrors, MissingOutputUnknownOptionOrGenerator)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/x.xml";
  expect_one_line_error(run_hbcast({"generate", "random", "--nodes", "5"}), "--output is required");
  expect_one_line_error(run_hbcast({"generate", "star", "--density", "0.1", "-o", out}), "--density");
  expect_one_line_error(run_hbcast({"generate", "waxman", "-o", out}), "unknown generator or argument 'waxman'");
  expect_one_line_error(run_hbcast({"generate"}), "missing generator");
  expect_one_line_error(run_hbcast({"generate", "random", "-o", out, "extra"}), "extra");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(GenerateCliErrors, UnwritableOutputAndFailedRunKeepsExistingFile)
{
  expect_one_line_error(run_hbcast({"generate", "random", "-o", "/nonexistent/dir/p.xml"}),
                        "cannot write '/nonexistent/dir/p.xml'");
  TemporaryDirectory dir;
  auto path = dir.write("p.xml", "precious");
  expect_one_line_error(run_hbcast({"generate", "random", "--density", "2", "-o", path}), "'density'");
  EXPECT_EQ(read_file(path), "precious");
}

TEST(GenerateCli, TiersPresetsSimulateAndRecordEveryParameter)
{
  TemporaryDirectory dir;
  for (const std::string preset : {"30", "65"}) {
    auto path = generate(dir, "tiers" + preset + ".xml", {"tiers", "--preset", preset, "--seed", "5"});
    auto result = run_hbcast({"simulate", path, "--format", "json", "--scheduler", "flat,fnf"});
    ASSERT_EQ(result.exit_status, 0) << result.err;
    EXPECT_EQ(without_heartbeat(result.err), "");
    auto report = nlohmann::json::parse(result.out);
    EXPECT_EQ(report["hosts"], std::stoi(preset));
    EXPECT_EQ(report["root"], "wan-0");
    auto xml = read_file(path);
    const std::vector<std::string> recorded = {
        "generator = tiers", "seed = 5", "preset = " + preset, "nodes = " + preset, "wans = 1", "mans-per-wan = ",
        "lans-per-man = ", "wan-nodes = ", "man-nodes = ", "lan-nodes = ", "wan-redundancy = ", "man-redundancy = ",
        "lan-redundancy = ", "man-wan-links = ", "lan-man-links = ", "wan-bw-mean = 1e+08", "lan-bw-sd = 2e+07",
        "man-latency = ", "edges = ", "density = 0.0", "routing=\"Floyd\"", "SPLITDUPLEX"};
    for (const auto& expected : recorded)
      EXPECT_NE(xml.find(expected), std::string::npos) << preset << ": " << expected;
  }
}

TEST(GenerateCli, TiersOptionsOverrideThePresetAndTheSameSeedGivesTheSameBytes)
{
  TemporaryDirectory dir;
  const std::vector<std::string> shape = {"tiers",      "--preset",      "65", "--mans-per-wan", "3", "--lan-nodes",
                                          "2",          "--wan-latency", "1e-2", "--seed",        "42"};
  auto first = read_file(generate(dir, "a.xml", shape));
  auto second = read_file(generate(dir, "b.xml", shape));
  auto reseeded = shape;
  reseeded.back() = "43";
  auto other = read_file(generate(dir, "c.xml", reseeded));
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, second);
  EXPECT_NE(first, other);
  // 5 WAN + 3 x 5 MAN + 3 x 2 x 2 LAN nodes.
  for (const char* expected : {"nodes = 32", "mans-per-wan = 3", "lan-nodes = 2", "wan-latency = 0.01", "preset = 65",
                               "<host id=\"lan-2-1-1\""})
    EXPECT_NE(first.find(expected), std::string::npos) << expected;
  auto defaults = read_file(generate(dir, "d.xml", {"tiers"}));
  EXPECT_NE(defaults.find("preset = 30"), std::string::npos);
  EXPECT_NE(defaults.find("nodes = 30"), std::string::npos);

  auto help = run_hbcast({"generate", "tiers", "--help"});
  ASSERT_EQ(help.exit_status, 0);
  for (const char* option : {"--preset", "--wans", "--mans-per-wan", "--lans-per-man", "--wan-nodes", "--man-nodes",
                             "--lan-nodes", "--wan-redundancy", "--man-redundancy", "--lan-redundancy",
                             "--man-wan-links", "--lan-man-links", "--wan-bw-mean", "--man-bw-sd", "--lan-latency",
                             "--seed", "--output"})
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
}

TEST(GenerateCliErrors, BadTiersValues)
{
  TemporaryDirectory dir;
  const std::string out = dir.path() + "/x.xml";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--preset", "31"}, "'preset' must be 30 or 65 (got 31)"},
      {{"--preset", "large"}, "'preset' must be a whole number"},
      {{"--wans", "2"}, "'wans' must be 1"},
      {{"--wan-nodes", "0"}, "'wan-nodes' must be at least 1"},
      {{"--lan-nodes", "-1"}, "'lan-nodes' must be a whole number"},
      {{"--man-redundancy", "1.5"}, "'man-redundancy' must be a whole number"},
      {{"--man-wan-links", "0"}, "'man-wan-links' must be within [1, wan-nodes x man-nodes]"},
      {{"--lan-man-links", "1000"}, "'lan-man-links' must be within [1, man-nodes x lan-nodes]"},
      {{"--mans-per-wan", "100", "--lans-per-man", "100"}, "must be within [2, 10000]"},
      {{"--wan-bw-mean", "0"}, "'wan-bw-mean' must be finite and > 0"},
      {{"--man-bw-sd", "-1"}, "'man-bw-sd' must be finite and >= 0"},
      {{"--lan-latency", "inf"}, "'lan-latency' must be a finite number"},
      {{"--density", "0.1"}, "--density"},
  };
  expect_rejected({"generate", "tiers", "-o", out}, cases, out);
}

TEST(GenerateCli, ClustersPlatformRealizesTheTwoLevelModel)
{
  // Khuller-Kim-Wan's model: LCF's own (two-level) prediction, the platform's pairwise prediction and the
  // replay agree, one-port for the basic schedulers and multi-port (postal) for the others.
  TemporaryDirectory dir;
  auto path = generate(dir, "clusters.xml", {"clusters", "--clusters", "12", "--max-size", "10", "--c", "20",
                                             "--seed", "7"});
  for (const auto& [port, schedulers] : {std::pair<std::string, std::string>{"one", "lcf,lcf-no-idle"},
                                         std::pair<std::string, std::string>{"multi", "lcf-postal,lcf-interleaved"}}) {
    auto result = run_hbcast({"simulate", path, "--format", "json", "--port", port, "-s", schedulers});
    ASSERT_EQ(result.exit_status, 0) << result.err;
    auto report = nlohmann::json::parse(result.out);
    EXPECT_EQ(report["mode"], "exact");
    ASSERT_EQ(report["runs"].size(), 2u);
    for (const auto& run : report["runs"]) {
      const double own = run["own"]["makespan"];
      EXPECT_NEAR(run["pairwise"]["makespan"].get<double>(), own, 1e-9 * own) << run["scheduler"];
      EXPECT_NEAR(run["simulated"]["makespan"].get<double>(), own, 1e-9 * own) << run["scheduler"];
    }
  }
  auto bad = run_hbcast({"generate", "clusters", "--c", "0.5", "-o", dir.path() + "/bad.xml"});
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_EQ(bad.err, "hbcast: error: clusters platform: 'c' must be >= 1\n");
}
