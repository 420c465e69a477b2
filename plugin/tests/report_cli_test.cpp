// What `hbcast simulate` reports (issue 14, items 10-16, 18-19), run as a user would: the options
// that change results, who set each network setting, per-node lateness, the observed period,
// ratios, the winner, multi-port send overheads from the NIC and Khuller-Kim-Wan's parameterized schedulers.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace hbcast::test_support;

namespace {

const std::string kPlatforms = HBCAST_TEST_PLATFORM_DIR;
const std::string kStar = kPlatforms + "/hetero_star.xml";

nlohmann::json run_json(std::vector<std::string> arguments)
{
  arguments.push_back("--format");
  arguments.push_back("json");
  const auto result = run_hbcast(arguments);
  EXPECT_EQ(result.exit_status, 0) << result.err;
  return result.exit_status == 0 ? nlohmann::json::parse(result.out) : nlohmann::json::object();
}

// The CSV's header and first row as name -> cell (no quoted commas in the cells read here).
std::map<std::string, std::string> first_csv_row(const std::string& csv)
{
  std::istringstream lines(csv);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  std::map<std::string, std::string> cells;
  std::istringstream names(header), values(row);
  std::string name, value;
  while (std::getline(names, name, ',') && std::getline(values, value, ','))
    cells[name] = value;
  return cells;
}

bool contains(const std::string& text, const std::string& fragment)
{
  return text.find(fragment) != std::string::npos;
}

// 16 hosts on a crossbar cluster (private split-duplex links, no backbone): 125 MB/s, 50 us each.
const std::string kCrossbar16 =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n<cluster id=\"c\" prefix=\"h\" suffix=\"\" radical=\"0-15\" speed=\"1Gf\" "
    "bw=\"125MBps\" lat=\"50us\"/>\n</platform>\n";

}  // namespace

// Item 10: --model sender-only and --root fastest in the table, the CSV and the JSON.
TEST(Report, RecordsTheModelAndTheRootChoiceEverywhere)
{
  const std::vector<std::string> run{"simulate", kStar, "-s", "fnf", "--model", "sender-only", "--root", "fastest"};
  const auto json = run_json(run);
  EXPECT_EQ(json["model"], "sender-only");
  EXPECT_EQ(json["root_choice"], "fastest (smallest sender-only t_u)");
  auto arguments = run;
  arguments.insert(arguments.end(), {"--format", "csv"});
  const auto csv = first_csv_row(run_hbcast(arguments).out);
  EXPECT_EQ(csv.at("model"), "sender-only");
  EXPECT_EQ(csv.at("root_choice"), "fastest (smallest sender-only t_u)");
  const auto table = run_hbcast(run).out;
  EXPECT_TRUE(contains(table, "options   schedulers see the sender-only model; root: fastest")) << table;
  const auto plain = run_json({"simulate", kStar, "-s", "fnf"});
  EXPECT_EQ(plain["model"], "pairwise");
  EXPECT_EQ(plain["root_choice"], "first host");
}

// Item 11: a user's network model comes without hbcast's exact-mode keys underneath.
TEST(Report, UserNetworkModelGetsNoHiddenExactModeKeys)
{
  const auto lv08 = run_json({"simulate", kStar, "-s", "flat", "--cfg=network/model:LV08"});
  const auto config = lv08["network_config"].get<std::vector<std::string>>();
  // SimGrid's LV08 defaults: cross traffic on, TCP-gamma 4 MiB (hbcast would set 0 and 1e30).
  EXPECT_NE(std::find(config.begin(), config.end(), "network/crosstraffic:1"), config.end()) << lv08["network_config"];
  EXPECT_NE(std::find(config.begin(), config.end(), "network/TCP-gamma:4.1943e+06"), config.end())
      << lv08["network_config"];
  EXPECT_EQ(lv08["network_config_origin"], (nlohmann::json{{"network/model", "user"}}));
  const auto table = run_hbcast({"simulate", kStar, "-s", "flat", "--cfg=network/model:LV08"}).out;
  EXPECT_TRUE(contains(table, "network/model:LV08 (user), network/crosstraffic:1, ")) << table;
  // Without a model of the user's, exact mode: hbcast's keys say so; a user's key stays the user's.
  const auto exact = run_json({"simulate", kStar, "-s", "flat", "--cfg=network/crosstraffic:0"});
  EXPECT_EQ(exact["network_config_origin"],
            (nlohmann::json{{"network/model", "hbcast"}, {"network/TCP-gamma", "hbcast"}, {"network/crosstraffic", "user"}}));
  EXPECT_EQ(exact["mode"], "exact");
}

// Item 14: the largest simulated - predicted node time and its host.
TEST(Report, LatenessIsZeroWithoutContentionAndNamesTheLateHostWithIt)
{
  const auto star = run_json({"simulate", kStar, "-s", "fnf,flat"});
  for (const auto& run : star["runs"])
    EXPECT_NEAR(run["lateness"]["seconds"].get<double>(), 0.0, 1e-9) << run["scheduler"];
  // Binomial on the default grid: its concurrent WAN transfers share links, some host is late; the
  // largest lateness is at least the makespan's own deviation (the last node's predicted time is at
  // most the predicted makespan).
  const auto grid = run_json({"simulate", "-s", "binomial"});
  const auto& run = grid["runs"][0];
  const double lateness = run["lateness"]["seconds"];
  EXPECT_GT(lateness, 0.1);
  EXPECT_GE(lateness + 1e-12, run["simulated"]["makespan"].get<double>() - run["pairwise"]["makespan"].get<double>());
  const std::string host = run["lateness"]["host"];
  EXPECT_FALSE(host.empty());
  const auto table = run_hbcast({"simulate", "-s", "binomial"}).out;
  EXPECT_TRUE(contains(table, "late (s)")) << table;
  EXPECT_TRUE(contains(table, "latest node")) << table;
  EXPECT_TRUE(contains(table, host)) << table;
  const auto csv = first_csv_row(run_hbcast({"simulate", "-s", "binomial", "--format", "csv"}).out);
  EXPECT_EQ(csv.at("latest_host"), host);
  EXPECT_DOUBLE_EQ(std::stod(csv.at("lateness")), lateness);
}

// Item 15: the observed period next to the formula. Flat on a contention-free star, 8 slices: the
// root serves its 15 children in turn every slice, so the last child receives one slice every
// sum_v T_rv, the predicted period, exactly.
TEST(Report, ObservedPeriodIsTheInterArrivalAtTheLastNode)
{
  const auto json = run_json({"simulate", kStar, "-s", "flat", "--slices", "8", "--size", "8MiB"});
  const auto& run = json["runs"][0];
  const double predicted = run["pairwise"]["period"];
  EXPECT_NEAR(run["simulated"]["observed_period"].get<double>(), predicted, 1e-9 * predicted);
  const auto table = run_hbcast({"simulate", kStar, "-s", "flat", "--slices", "8", "--size", "8MiB"}).out;
  EXPECT_TRUE(contains(table, "observed (s)")) << table;
  EXPECT_TRUE(contains(table, "observed = mean inter-arrival of slices at the last node")) << table;
  const auto csv = first_csv_row(
      run_hbcast({"simulate", kStar, "-s", "flat", "--slices", "8", "--size", "8MiB", "--format", "csv"}).out);
  EXPECT_NEAR(std::stod(csv.at("observed_period")), predicted, 1e-9 * predicted);
}

// Items 16 and 18: ratios as ratios, the fastest tree marked and named under the table.
TEST(Report, TableShowsRatiosAndMarksTheWinner)
{
  const auto json = run_json({"simulate", "-s", "flat,binomial,ecef"});
  const auto table = run_hbcast({"simulate", "-s", "flat,binomial,ecef"}).out;
  const auto& binomial = json["runs"][1];
  const double ratio = binomial["simulated"]["makespan"].get<double>() / binomial["pairwise"]["makespan"].get<double>();
  char expected[32];
  std::snprintf(expected, sizeof expected, "x%.3f", ratio);
  EXPECT_TRUE(contains(table, expected)) << expected << "\n" << table;
  EXPECT_GT(ratio, 4.0);  // the first run's "x4.466": binomial's shared WAN links
  std::istringstream lines(table);
  std::string line, marked;
  while (std::getline(lines, line))
    if (contains(line, "<- fastest"))
      marked += line.substr(0, line.find(' ')) + ";";
  EXPECT_EQ(marked, "ecef;");
  EXPECT_TRUE(contains(table, "fastest simulated: ecef (0.553002 s)")) << table;
  const auto pipelined = run_hbcast({"simulate", kStar, "-s", "flat,fnf", "--slices", "4"}).out;
  EXPECT_TRUE(contains(pipelined, "<- highest throughput")) << pipelined;
  EXPECT_TRUE(contains(pipelined, "highest simulated throughput: ")) << pipelined;
}

// One host, no transfer: a period of 0 and an unbounded rate, in the replay as in the prediction
// (the replay said 0 MB/s and marked it the highest).
TEST(Report, ASingleHostHasAnUnboundedSimulatedThroughput)
{
  TemporaryDirectory dir;
  const std::string platform =
      dir.write("one.xml", "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                           "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/>"
                           "</zone></platform>\n");
  const auto table = run_hbcast({"simulate", platform, "-s", "flat", "--slices", "4"}).out;
  EXPECT_TRUE(contains(table, "highest simulated throughput: flat (inf MB/s)")) << table;
  const auto csv = first_csv_row(run_hbcast({"simulate", platform, "-s", "flat", "--slices", "4", "--format", "csv"}).out);
  EXPECT_EQ(csv.at("simulated_throughput"), csv.at("pairwise_throughput"));
}

// Item 12: flat multi-port on a 16-host crossbar. The 15 sends share the root's up link, so the
// default send overhead is S / 125 MB/s: send i starts at i S/b and they follow each other on the
// link, the last ending at 15 S/b + 2 x 50 us. Before, the overhead was 0 and the prediction was
// one transfer, S/b + 100 us (0.034 s against 0.503 s simulated in the run).
TEST(Report, MultiPortFlatOnACrossbarIsPredictedFromTheSendersNic)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("crossbar.xml", kCrossbar16);
  const auto json = run_json({"simulate", platform, "-s", "flat", "--port", "multi", "--size", "4MB"});
  const auto& run = json["runs"][0];
  const double expected = 15 * 4e6 / 125e6 + 2 * 50e-6;
  EXPECT_NEAR(run["pairwise"]["makespan"].get<double>(), expected, 1e-12);
  EXPECT_NEAR(run["simulated"]["makespan"].get<double>(), expected, 1e-9 * expected);
  EXPECT_EQ(json["send_overhead_rule"], "up link (16 hosts)");
}

// Item 19: Khuller-Kim-Wan's parameterized variants are registered, listed and take their parameters.
TEST(Report, SchedulersListsSeed004VariantsWithTheirParameters)
{
  const auto out = run_hbcast({"schedulers"}).out;
  for (const char* line : {"lcf-m", "m=0", "bounded-degree", "degree=1", "bounded-matching", "matching=1",
                           "bounded-degree degree: d: hosts per cluster"})
    EXPECT_TRUE(contains(out, line)) << line << "\n" << out;
}

TEST(Report, BoundedDegreeWithoutABindingLimitIsLcfAndReplaysAsPredicted)
{
  // Khuller-Kim-Wan, section 4.1: without degree limits Bounded Degree is LCF. On the default grid (6
  // clusters of up to 31 hosts) a degree of 100 binds nowhere; a degree of 1 forces one global
  // sender per cluster and cannot be faster.
  const auto json = run_json({"simulate", "-s", "lcf,bounded-degree", "--param", "degree=100"});
  EXPECT_EQ(json["scheduler_parameters"], (nlohmann::json{{"degree", 100.0}}));
  const double lcf = json["runs"][0]["pairwise"]["makespan"];
  EXPECT_DOUBLE_EQ(json["runs"][1]["pairwise"]["makespan"].get<double>(), lcf);
  const auto one = run_json({"simulate", "-s", "bounded-degree,bounded-matching,lcf-m", "--param", "degree=1"});
  for (const auto& run : one["runs"]) {
    const double predicted = run["pairwise"]["makespan"];
    EXPECT_NEAR(run["simulated"]["makespan"].get<double>(), predicted, 1e-9 * predicted) << run["scheduler"];
  }
  EXPECT_GE(one["runs"][0]["own"]["makespan"].get<double>() + 1e-12, json["runs"][0]["own"]["makespan"].get<double>());
}

TEST(Report, LcfMulticastIsLcfsOwnMulticast)
{
  const auto json = run_json({"simulate", "-s", "lcf,bounded-degree,bounded-matching", "--member-fraction", "0.2"});
  for (const auto& run : json["runs"])
    EXPECT_EQ(run["multicast_method"], "multicast") << run["scheduler"];
}

TEST(Report, SchedulerParameterErrorsNameTheProblem)
{
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "fnf", "--param", "degree=2"}),
                        "--param degree: no requested scheduler takes a parameter 'degree'");
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "lcf-m", "--param", "m"}),
                        "--param 'm' is not of the form NAME=VALUE");
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "lcf-m", "--param", "m=x"}),
                        "--param m: 'x' is not a number");
  // A value out of the parameter's range is a usage error, found before the platform loads.
  expect_one_line_error(run_hbcast({"simulate", kStar, "-s", "bounded-degree", "--param", "degree=0.5"}),
                        "--param degree: must be a whole number >= 1");
}
