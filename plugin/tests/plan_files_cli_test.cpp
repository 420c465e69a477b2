// Plans as files move between folders and hands: `simulate --plan` records the platform's absolute
// path, a plan whose platform path is relative finds it beside the plan, and a plan file that is
// not what it claims is refused before any simulation with a message naming the file, the tree and
// the edge at fault. Run as a user would, through `hbcast smpi`.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace hbcast::test_support;
namespace fs = std::filesystem;

namespace {

const std::string kStar = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="star" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><host id="c" speed="1Gf"/>
    <link id="ab" bandwidth="100MBps" latency="1ms"/><link id="ac" bandwidth="50MBps" latency="1ms"/>
    <link id="bc" bandwidth="10MBps" latency="1ms"/>
    <route src="a" dst="b"><link_ctn id="ab"/></route>
    <route src="a" dst="c"><link_ctn id="ac"/></route>
    <route src="b" dst="c"><link_ctn id="bc"/></route>
  </zone>
</platform>
)";

// A plan of the star, with `edges` (JSON) and the header fields given.
std::string plan_text(const std::string& platform, const std::string& edges, const std::string& slices = "1",
                      const std::string& bytes = "1000000")
{
  return R"({"format": "hbcast-plan", "version": 1, "scheduler": "by hand", "platform": ")" + platform +
         R"(", "hosts": ["a", "b", "c"], "root": "a", "message_bytes": )" + bytes + R"(, "slices": )" + slices +
         R"(, "port": "one-port", "trees": [{"weight": 1, "edges": )" + edges + "}]}";
}

const std::string kEdges = R"([{"from": "a", "to": "b"}, {"from": "a", "to": "c"}])";

}  // namespace

TEST(PlanFiles, SimulateRecordsTheAbsolutePlatformPath)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  const std::string relative = fs::relative(platform).string();
  ASSERT_FALSE(fs::path(relative).is_absolute());
  const std::string plan = dir.path() + "/plan.json";
  ASSERT_EQ(run_hbcast({"simulate", relative, "-s", "fnf", "--plan", plan}).exit_status, 0);
  const auto json = nlohmann::json::parse(read_file(plan));
  EXPECT_EQ(json.at("platform"), fs::canonical(platform).string());
}

TEST(PlanFiles, ARelativePlatformIsFoundBesideThePlan)
{
  TemporaryDirectory dir;
  dir.write("star.xml", kStar);
  const std::string plan = dir.write("plan.json", plan_text("star.xml", kEdges));
  const auto result = run_hbcast({"smpi", "--plan", plan});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find(dir.path() + "/star.xml"), std::string::npos) << result.out;
}

TEST(PlanFiles, BadPlansNameTheFileTheTreeAndTheEdge)
{
  TemporaryDirectory dir;
  const std::string platform = dir.write("star.xml", kStar);
  const auto refused = [&](const std::string& name, const std::string& text, const std::string& fragment) {
    SCOPED_TRACE(name);
    const std::string plan = dir.write(name, text);
    expect_one_line_error(run_hbcast({"smpi", platform, "--plan", plan}), "'" + plan + "': " + fragment);
  };
  refused("slices.json", plan_text(platform, kEdges, "2.5"), "plan: \"slices\" must be a whole number, not 2.5");
  refused("bytes.json", plan_text(platform, kEdges, "1", "1000.5"),
          "plan: \"message_bytes\" must be a whole number, not 1000.5");
  refused("huge.json", plan_text(platform, kEdges, "1", "1e400"), "plan is not valid JSON: number overflow");
  refused("twice.json", plan_text(platform, R"([{"from": "a", "to": "b"}, {"from": "a", "to": "c"}, {"from": "b", "to": "c"}])"),
          "plan tree 0, edge 2: host 'c' receives twice");
  refused("cycle.json", plan_text(platform, R"([{"from": "c", "to": "b"}, {"from": "b", "to": "c"}])"),
          "plan tree 0: host 'c' is on a cycle, never reached from the root 'a'");
  refused("late.json", plan_text(platform, R"([{"from": "a", "to": "b", "start": 1e9}, {"from": "a", "to": "c"}])"),
          "plan tree 0, edge 0: \"start\" 1e+09 s is beyond what SimGrid times at its precision (1e-9 s): send "
          "starts must be at most 1e+07 s");
}
