// `hbcast probe --smpi` as a user runs it: hbcast-probe (compiled with smpicxx) measures a platform
// in SMPI, says how long it will take before it starts, and its CSV calibrates back to the
// platform; bad requests are one line each.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace hbcast::test_support;

namespace {
const std::string kPlatforms = HBCAST_TEST_PLATFORM_DIR;
}

TEST(ProbeCli, MeasuresTheStarAndCalibratesItBackExactly)
{
  TemporaryDirectory dir;
  const std::string csv = dir.path() + "/star.csv", platform = dir.path() + "/star.xml";
  const auto probed = run_hbcast({"probe", "--smpi", kPlatforms + "/hetero_star.xml", "-o", csv});
  ASSERT_EQ(probed.exit_status, 0) << probed.err;
  // The plan and its estimate come first, then the run's own lines.
  const auto estimate = probed.out.find("hbcast-probe: estimated ");
  const auto measured = probed.out.find(" pairs measured in ");
  ASSERT_NE(estimate, std::string::npos) << probed.out;
  ASSERT_NE(measured, std::string::npos) << probed.out;
  EXPECT_LT(estimate, measured);
  EXPECT_NE(probed.out.find("16 ranks, 120 pairs"), std::string::npos) << probed.out;
  const std::string text = read_file(csv);
  EXPECT_NE(text.find("# MPI: SMPI"), std::string::npos);
  EXPECT_NE(text.find("pingpong,,0,15,h0,h15,1,1,5,"), std::string::npos);
  const auto calibrated = run_hbcast({"calibrate", csv, "-o", platform});
  ASSERT_EQ(calibrated.exit_status, 0) << calibrated.err;
  // The star's private links make one group, latencies and bandwidths exact (SMPI's 16-byte
  // envelope counted): every scheduler's prediction and replay equal the original's.
  const auto original = run_hbcast({"simulate", kPlatforms + "/hetero_star.xml", "-s", "all", "--format", "json"});
  const auto copy = run_hbcast({"simulate", platform, "-s", "all", "--format", "json"});
  ASSERT_EQ(original.exit_status, 0) << original.err;
  ASSERT_EQ(copy.exit_status, 0) << copy.err;
  const auto a = nlohmann::json::parse(original.out), b = nlohmann::json::parse(copy.out);
  ASSERT_EQ(a["runs"].size(), b["runs"].size());
  for (std::size_t k = 0; k < a["runs"].size(); ++k) {
    const auto& x = a["runs"][k];
    const auto& y = b["runs"][k];
    ASSERT_EQ(x["scheduler"], y["scheduler"]);
    if (x["status"] != "ok")
      continue;
    for (const char* figure : {"pairwise", "simulated"}) {
      const double truth = x[figure]["makespan"], fitted = y[figure]["makespan"];
      EXPECT_NEAR(fitted / truth, 1.0, 1e-6) << x["scheduler"] << " " << figure;
    }
  }
}

TEST(ProbeCli, BadRequestsAreOneLine)
{
  TemporaryDirectory dir;
  const std::string csv = dir.path() + "/p.csv";
  expect_rejected({"probe", "-o", csv},
                  {{{"--smpi", dir.path() + "/absent.xml"}, "absent.xml"},
                   {{"--smpi", kPlatforms + "/hetero_star.xml", "--sizes", "12XB"},
                    "hbcast-probe: --sizes: '12XB' is not a message size"},
                   {{"--smpi", kPlatforms + "/hetero_star.xml", "--repetitions", "0"},
                    "--repetitions must be a whole number >= 1, not '0'"}},
                  csv);
  const auto single = dir.write("one.xml", "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
                                           "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
                                           "<zone id=\"z\" routing=\"Full\"><host id=\"only\" speed=\"1Gf\"/></zone>\n"
                                           "</platform>\n");
  expect_one_line_error(run_hbcast({"probe", "--smpi", single, "-o", csv}), "has 1 host(s): the probe needs 2 or more");
}
