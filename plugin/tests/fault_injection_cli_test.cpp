// Faults mid-broadcast, through SimGrid state profiles in the platform file: a link or a host goes
// down while the broadcast runs (or is down from the start). Every replay driver (events,
// couriers, actors) x port model x {atomic, 4 slices} gives the same row: status failed, the first
// failed transfer with its slice and time, the hosts left without the whole message; no hang, no
// SimGrid deadlock report. A sweep point on the same platform carries the same row.
//
// The platform: 8 hosts h0..h7, every pair joined by a private link of 125 MB/s and 10 us (Full
// routing). A 4 MiB message crosses a link in T = 10 us + 4 MiB / 125 MB/s = 0.033564432 s, a
// 1 MiB slice in t = 0.008398608 s. Multi-port sends cost no overhead there (each route leaves by
// its own link), so a multi-port sender starts all its sends of a slice at once.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

using namespace hbcast::test_support;

namespace {

// `faulty` is "link lI_J", "host hK" or "" (no fault); `profile` its state profile (time value lines).
std::string eight_hosts(const TemporaryDirectory& dir, const std::string& faulty, const std::string& profile)
{
  dir.write("state.txt", profile);
  std::string xml = "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                    "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">\n";
  const auto state = [&](const std::string& what) {
    return what == faulty ? std::string(" state_file=\"state.txt\"") : std::string();
  };
  for (int h = 0; h < 8; ++h)
    xml += "<host id=\"h" + std::to_string(h) + "\" speed=\"1Gf\"" + state("host h" + std::to_string(h)) + "/>\n";
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j) {
      const std::string id = "l" + std::to_string(i) + "_" + std::to_string(j);
      xml += "<link id=\"" + id + "\" bandwidth=\"125MBps\" latency=\"10us\"" + state("link " + id) + "/>\n";
    }
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      xml += "<route src=\"h" + std::to_string(i) + "\" dst=\"h" + std::to_string(j) + "\"><link_ctn id=\"l" +
             std::to_string(i) + "_" + std::to_string(j) + "\"/></route>\n";
  return dir.write("faulty.xml", xml + "</zone></platform>\n");
}

struct Outcome {
  std::string status;
  std::string error;
  std::string err;  // stderr
};

Outcome simulate(const std::string& platform, const std::string& scheduler, const std::string& slices,
             const std::string& port, const std::string& driver)
{
  const auto result = run_hbcast({"simulate", platform, "-s", scheduler, "--slices", slices, "--port", port,
                                  "--format", "json", "--cfg=hbcast/replay-driver:" + driver});
  const std::string context = scheduler + ", " + slices + " slices, " + port + "-port, " + driver + ": " + result.err;
  EXPECT_EQ(result.err.find("Deadlock"), std::string::npos) << context;
  EXPECT_EQ(result.err.find("CRITICAL"), std::string::npos) << context;
  const auto run = nlohmann::json::parse(result.out)["runs"][0];
  Outcome outcome{run["status"], run.value("error", std::string()), result.err};
  EXPECT_EQ(result.exit_status, outcome.status == "ok" ? 0 : 1) << context;
  return outcome;
}

// The row of every driver, checked equal; returns it.
std::string same_row_by_every_driver(const std::string& platform, const std::string& scheduler,
                                     const std::string& slices, const std::string& port)
{
  std::map<std::string, std::string> rows;
  for (const char* driver : {"events", "couriers", "actors"}) {
    const Outcome run = simulate(platform, scheduler, slices, port, driver);
    EXPECT_EQ(run.status, "failed") << driver << ": " << run.err;
    rows[driver] = run.error;
  }
  EXPECT_EQ(rows["couriers"], rows["events"]) << scheduler << ", " << slices << " slices, " << port << "-port";
  EXPECT_EQ(rows["actors"], rows["events"]) << scheduler << ", " << slices << " slices, " << port << "-port";
  return rows["events"];
}

const std::string kFailed = "the transfer ";

}  // namespace

// The link h0-h3 goes down at 0.5 ms; flat tree from h0, children h1..h7 in order.
//   one-port, atomic: h1 over [0, T], h2 over [T, 2T]; the send to h3 starts at 2T over a link that
//     is down and fails at once; h0 stops: h3..h7 are never informed;
//   multi-port, atomic: all seven sends start at 0; the one to h3 fails at 0.0005; the others arrive;
//   one-port, 4 slices: slice 1 to h1 over [0, t], to h2 over [t, 2t], to h3 at 2t: fails; h1 and
//     h2 hold one slice each, nobody the whole message;
//   multi-port, 4 slices: slice 1 to all at 0, h3's fails at 0.0005; slice 2 goes to h1 and h2 at t,
//     then h0 waits for ever on its edge to h3: again nobody but h0 holds the whole message.
TEST(FaultInjection, ALinkDownGivesTheSameRowWithEveryDriver)
{
  TemporaryDirectory dir;
  const auto platform = eight_hosts(dir, "link l0_3", "0.0005 0\n");
  const std::string all_but_root = "7 of 8 hosts without the whole message: h1, h2, h3, h4, h5, h6, h7";
  EXPECT_EQ(same_row_by_every_driver(platform, "flat", "1", "one"),
            kFailed + "h0 -> h3 (slice 1 of 1) failed at 0.067128864 s; 5 of 8 hosts without the whole message: "
                      "h3, h4, h5, h6, h7");
  EXPECT_EQ(same_row_by_every_driver(platform, "flat", "1", "multi"),
            kFailed + "h0 -> h3 (slice 1 of 1) failed at 0.000500000 s; 1 of 8 hosts without the whole message: h3");
  EXPECT_EQ(same_row_by_every_driver(platform, "flat", "4", "one"),
            kFailed + "h0 -> h3 (slice 1 of 4) failed at 0.016797216 s; " + all_but_root);
  EXPECT_EQ(same_row_by_every_driver(platform, "flat", "4", "multi"),
            kFailed + "h0 -> h3 (slice 1 of 4) failed at 0.000500000 s; " + all_but_root);
}

// Host h4 goes down at 0.05 s. The binomial tree from h0: h0 -> h4, h2, h1; h4 -> h6, h5; h2 -> h3;
// h6 -> h7. Atomic: h4 holds the message at T and sends to h6 over [T, 2T] (one-port; multi-port:
// to h6 and h5 at once); at 0.05, between T and 2T, that send fails and h4's subtree (h5, h6, h7)
// is left without the message; h4 itself received it. With 4 slices the rows are the drivers'
// common answer (checked equal), one-port naming h4's send of slice 2 to h5.
TEST(FaultInjection, AHostDownMidBroadcastGivesTheSameRowWithEveryDriver)
{
  TemporaryDirectory dir;
  const auto platform = eight_hosts(dir, "host h4", "0.05 0\n");
  const std::string subtree = "3 of 8 hosts without the whole message: h5, h6, h7";
  // The couriers driver cannot go past a host that goes down while sending (SimGrid kills the
  // courier actor): its row says so instead (checked below), so compare events and actors here.
  for (const char* port : {"one", "multi"}) {
    const Outcome events = simulate(platform, "binomial", "1", port, "events");
    const Outcome actors = simulate(platform, "binomial", "1", port, "actors");
    EXPECT_EQ(events.error, kFailed + "h4 -> h6 (slice 1 of 1) failed at 0.050000000 s; " + subtree) << port;
    EXPECT_EQ(actors.error, events.error) << port;
    const Outcome couriers = simulate(platform, "binomial", "1", port, "couriers");
    EXPECT_EQ(couriers.status, "failed");
    EXPECT_NE(couriers.error.find("the couriers driver cannot go on past a host that goes down while it sends"),
              std::string::npos)
        << couriers.error;
  }
  const Outcome sliced = simulate(platform, "binomial", "4", "one", "events");
  EXPECT_EQ(sliced.error.rfind(kFailed + "h4 -> h5 (slice 2 of 4) failed at 0.050000000 s; ", 0), 0u) << sliced.error;
  EXPECT_EQ(simulate(platform, "binomial", "4", "one", "actors").error, sliced.error);
  // Multi-port with 4 slices, h4 has sent every slice before 0.05: nothing fails.
  for (const char* driver : {"events", "couriers", "actors"})
    EXPECT_EQ(simulate(platform, "binomial", "4", "multi", driver).status, "ok") << driver;
}

// Host h5 is down from the start: whoever sends to it fails at once when it tries. Binomial: h4
// sends to h6 over [T, 2T], then to h5 at 2T (one-port) or to both at T (multi-port); only h5 is
// left without the message. With 4 slices h4 holds slice 1 at t; one-port, it sends it to h6 over
// [t, 2t], then to h5 at 2t: fails; multi-port, to both at t: fails. h4 stops, so h6 and h7 miss
// slices 2-4.
TEST(FaultInjection, AHostDownFromTheStartGivesTheSameRowWithEveryDriver)
{
  TemporaryDirectory dir;
  const auto platform = eight_hosts(dir, "host h5", "0 0\n");
  EXPECT_EQ(same_row_by_every_driver(platform, "binomial", "1", "one"),
            kFailed + "h4 -> h5 (slice 1 of 1) failed at 0.067128864 s; 1 of 8 hosts without the whole message: h5");
  EXPECT_EQ(same_row_by_every_driver(platform, "binomial", "1", "multi"),
            kFailed + "h4 -> h5 (slice 1 of 1) failed at 0.033564432 s; 1 of 8 hosts without the whole message: h5");
  EXPECT_EQ(same_row_by_every_driver(platform, "binomial", "4", "one"),
            kFailed + "h4 -> h5 (slice 1 of 4) failed at 0.016797216 s; 3 of 8 hosts without the whole message: "
                      "h5, h6, h7");
  EXPECT_EQ(same_row_by_every_driver(platform, "binomial", "4", "multi"),
            kFailed + "h4 -> h5 (slice 1 of 4) failed at 0.008398608 s; 3 of 8 hosts without the whole message: "
                      "h5, h6, h7");
}

// A sweep point on the faulty platform is the same failed row as `simulate`'s, in its error
// column; the sweep goes on and exits 1.
TEST(FaultInjection, ASweepPointCarriesTheSameRow)
{
  TemporaryDirectory dir;
  const auto platform = eight_hosts(dir, "link l0_3", "0.0005 0\n");
  const auto scenario = dir.write("faulty.yaml", "platform: {file: faulty.xml}\nschedulers: [flat, binomial]\n"
                                                 "port: [one, multi]\n");
  const std::string output = dir.path() + "/out.jsonl";
  const auto result = run_hbcast({"sweep", scenario, "--format", "jsonl", "-o", output, "-j", "2"});
  EXPECT_EQ(result.exit_status, 1) << result.err;
  std::set<std::string> failed;
  std::istringstream rows(read_file(output));
  for (std::string line; std::getline(rows, line);) {
    const auto row = nlohmann::json::parse(line);
    if (row["status"] == "ok")
      continue;
    const std::string port = row["port"] == "one-port" ? "one" : "multi";
    EXPECT_EQ(row["error"], simulate(platform, row["scheduler"], "1", port, "events").error) << line;
    failed.insert(row["scheduler"].get<std::string>() + "/" + port);
  }
  EXPECT_EQ(failed, (std::set<std::string>{"flat/one", "flat/multi"}));  // binomial never uses h0-h3
}

namespace {

// Three hosts in a line: h0 - h1 - h2 over private links of 125 MB/s and 10 us, h0 -> h2 routed
// over both. Every transfer from h0 to h2 shares a link with h0 -> h1, so the steady-state
// program's one tree is the chain h0 -> h1 -> h2 (one-port and multi-port: checked below).
// `faulty` is "link l0_1", "link l1_2", "host h1" or "host h2".
std::string three_in_a_line(const TemporaryDirectory& dir, const std::string& faulty, const std::string& profile)
{
  dir.write("state.txt", profile);
  const auto state = [&](const std::string& what) {
    return what == faulty ? std::string(" state_file=\"state.txt\"") : std::string();
  };
  std::string xml = "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                    "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">\n";
  for (const char* host : {"h0", "h1", "h2"})
    xml += std::string("<host id=\"") + host + "\" speed=\"1Gf\"" + state(std::string("host ") + host) + "/>\n";
  for (const char* link : {"l0_1", "l1_2"})
    xml += std::string("<link id=\"") + link + "\" bandwidth=\"125MBps\" latency=\"10us\"" +
           state(std::string("link ") + link) + "/>\n";
  xml += "<route src=\"h0\" dst=\"h1\"><link_ctn id=\"l0_1\"/></route>\n"
         "<route src=\"h1\" dst=\"h2\"><link_ctn id=\"l1_2\"/></route>\n"
         "<route src=\"h0\" dst=\"h2\"><link_ctn id=\"l0_1\"/><link_ctn id=\"l1_2\"/></route>\n";
  return dir.write("line.xml", xml + "</zone></platform>\n");
}

// A multi-tree plan's row (4 slices of 1 MiB); `scheduler` is multi-tree (its plan written for
// the checks below), multi-tree-capped or multi-tree-periodic; `driver` a replay driver, or "" for
// the default.
std::string multi_tree_row(const TemporaryDirectory& dir, const std::string& platform, const std::string& port,
                           const std::string& scheduler = "multi-tree", const std::string& driver = "")
{
  const std::string plan = dir.path() + "/plan-" + port + ".json";
  std::vector<std::string> arguments{"simulate", platform, "-s", scheduler, "--slices", "4", "--port", port,
                                     "--format", "json", "--plan", plan};
  if (!driver.empty())
    arguments.push_back("--cfg=hbcast/replay-driver:" + driver);
  const auto result = run_hbcast(arguments);
  const std::string context = scheduler + ", " + port + "-port, " + (driver.empty() ? "auto" : driver) + ": " + result.err;
  EXPECT_EQ(result.err.find("Deadlock"), std::string::npos) << context;
  EXPECT_EQ(result.err.find("CRITICAL"), std::string::npos) << context;
  const auto run = nlohmann::json::parse(result.out)["runs"][0];
  EXPECT_EQ(result.exit_status, run["status"] == "ok" ? 0 : 1) << context;
  return run["status"] == "ok" ? std::string("ok") : run.value("error", std::string());
}

}  // namespace

// Multi-tree plans on three hosts in a line: the plan is the chain h0 -> h1 -> h2, one tree, so
// it replays as the tree it deploys as (an edge carries one slice at a time in both port models).
// With 4 slices of 1 MiB, s = 1 MiB / 125 MB/s = 0.008388608 s and L = 10 us: h0 sends slice k
// over [(k-1)(s+L), k(s+L)]; h1 forwards it to h2 at once, over [k(s+L), (k+1)(s+L)]; makespan
// 5(s+L) = 0.04199304 s.
// A node whose transfer fails sends nothing more (it still receives); a node that can no longer
// receive what it lacks stops; the row names the first failed transfer, the same with every
// replay driver.
TEST(FaultInjection, MultiTreePlansNameTheFirstFailedTransferInBothPortModels)
{
  for (const std::string port : {"one", "multi"}) {
    TemporaryDirectory clean_dir;
    EXPECT_EQ(multi_tree_row(clean_dir, three_in_a_line(clean_dir, "", ""), port), "ok");
    const auto plan = nlohmann::json::parse(read_file(clean_dir.path() + "/plan-" + port + ".json"));
    ASSERT_GE(plan["trees"].size(), 1u);
    std::set<std::string> edges;
    for (const auto& edge : plan["trees"][0]["edges"])
      edges.insert(edge["from"].get<std::string>() + ">" + edge["to"].get<std::string>());
    EXPECT_EQ(edges, (std::set<std::string>{"h0>h1", "h1>h2"})) << port;
    EXPECT_NEAR(plan["simulated_makespan"].get<double>(), 0.04199304, 1e-9) << port;

    for (const char* driver : {"events", "couriers", "actors"}) {
      // l0_1 down from the start: h0's first send fails at once; h1 and h2 never get a slice.
      TemporaryDirectory a;
      EXPECT_EQ(multi_tree_row(a, three_in_a_line(a, "link l0_1", "0 0\n"), port, "multi-tree", driver),
                kFailed + "h0 -> h1 (slice 1 of 4) failed at 0.000000000 s; 2 of 3 hosts without the whole message: h1, h2")
          << port << ", " << driver;
      // l1_2 down at 0.5 ms: h1 holds slice 1 at s+L (both port models) and its send to h2 fails
      // there; h0 goes on, so h1 gets every slice; h2 none.
      TemporaryDirectory b;
      EXPECT_EQ(multi_tree_row(b, three_in_a_line(b, "link l1_2", "0.0005 0\n"), port, "multi-tree", driver),
                kFailed + "h1 -> h2 (slice 1 of 4) failed at 0.008398608 s; 1 of 3 hosts without the whole message: h2")
          << port << ", " << driver;
      // l0_1 down at 0.02 s: slice 3 is on it then ([2(s+L), 3(s+L)]) and fails; h1 holds 2
      // slices, h2 at most 2.
      TemporaryDirectory c;
      EXPECT_EQ(multi_tree_row(c, three_in_a_line(c, "link l0_1", "0.02 0\n"), port, "multi-tree", driver),
                kFailed + "h0 -> h1 (slice 3 of 4) failed at 0.020000000 s; 2 of 3 hosts without the whole message: h1, h2")
          << port << ", " << driver;
      // h1 down at 0.02 s: the same slice 3 to it fails first (then its own send of slice 2). The
      // couriers driver cannot go past h1 going down while it sends to h2: its row says so.
      TemporaryDirectory d;
      const std::string h1_down = multi_tree_row(d, three_in_a_line(d, "host h1", "0.02 0\n"), port, "multi-tree", driver);
      EXPECT_EQ(h1_down.substr(0, h1_down.find(" (the couriers driver")),
                kFailed + "h0 -> h1 (slice 3 of 4) failed at 0.020000000 s; 2 of 3 hosts without the whole message: h1, h2")
          << port << ", " << driver;
      EXPECT_EQ(h1_down.find(" (the couriers driver cannot go on") != std::string::npos, driver == std::string("couriers"))
          << port << ", " << driver << ": " << h1_down;
      // h2 down from the start: h1's first send to it fails when h1 holds slice 1, at s+L.
      TemporaryDirectory e;
      EXPECT_EQ(multi_tree_row(e, three_in_a_line(e, "host h2", "0 0\n"), port, "multi-tree", driver),
                kFailed + "h1 -> h2 (slice 1 of 4) failed at 0.008398608 s; 1 of 3 hosts without the whole message: h2")
          << port << ", " << driver;
    }
  }
}

// h2 is down from the start; the tree is the chain h0 -> h1 -> h2 (fnf), 4 slices (s and L as
// above). h1 holds slice 1 at s+L, and its send to h2 fails at once: h1 stops, while h0, in the
// same event, sends slice 2 to h1 and goes on. Every driver gives that row in both port models;
// the couriers stay up for h0's sends after h1 stopped.
TEST(FaultInjection, ATreeGoesOnPastALeafDownFromTheStart)
{
  for (const std::string port : {"one", "multi"}) {
    TemporaryDirectory dir;
    EXPECT_EQ(same_row_by_every_driver(three_in_a_line(dir, "host h2", "0 0\n"), "fnf", "4", port),
              kFailed + "h1 -> h2 (slice 1 of 4) failed at 0.008398608 s; 1 of 3 hosts without the whole message: h2")
        << port;
  }
}

// The matrix: every driver x port model x {atomic, sliced, multi-tree} meets a link and a host
// going down mid-broadcast, at 0.03 s, on three hosts in a line. The flat tree sends h0 -> h1,
// then h0 -> h2 over both links (route latency 2L); the multi-tree plan is the chain h0 -> h1 ->
// h2 (checked above). S = 4 MiB / 125 MB/s = 0.033554432 s, s = S / 4, L = 10 us. Link l1_2 and
// host h2 fail the same transfers (h2 only receives):
//   flat, atomic, one-port: h0 -> h1 over [0, S+L], then h0 -> h2 starts at S+L = 0.033564432
//     and fails at once;
//   flat, atomic, multi-port: h0 -> h2 starts after h0's send overhead S (both its routes leave
//     by l0_1), at 0.033554432, and fails at once;
//   flat, 4 slices, one-port: h1 gets slice 1 over [0, s+L], h2 over [s+L, 2s+3L], h1 slice 2,
//     then h2 slice 2 over [3s+4L, 4s+6L] = [0.025205824, 0.033614432]: fails at 0.03; h0 stops,
//     h1 holds 2 slices;
//   flat, 4 slices, multi-port: h0 starts a send every s (its overhead): slice 2 to h2 at 3s, on
//     its way at 0.03; h0 stops before slice 3 (due at 4s);
//   multi-tree, 4 slices: h1 forwards slice 3 to h2 over [3(s+L), 4(s+L)] (one-port) or
//     [3s+L, 4s+2L] (multi-port): fails at 0.03; h1 still gets every slice from h0.
// Every row is the same with every driver (same_row_by_every_driver) and comes without a hang
// or a deadlock report (simulate() reads stderr).
TEST(FaultInjection, EveryDriverPortModelAndFormGivesTheSameRowMidBroadcast)
{
  const std::string h2_left = "1 of 3 hosts without the whole message: h2";
  const std::string h1_h2_left = "2 of 3 hosts without the whole message: h1, h2";
  const std::map<std::string, std::string> expected{
      {"flat 1 one", kFailed + "h0 -> h2 (slice 1 of 1) failed at 0.033564432 s; " + h2_left},
      {"flat 1 multi", kFailed + "h0 -> h2 (slice 1 of 1) failed at 0.033554432 s; " + h2_left},
      {"flat 4 one", kFailed + "h0 -> h2 (slice 2 of 4) failed at 0.030000000 s; " + h1_h2_left},
      {"flat 4 multi", kFailed + "h0 -> h2 (slice 2 of 4) failed at 0.030000000 s; " + h1_h2_left},
      {"multi-tree 4 one", kFailed + "h1 -> h2 (slice 3 of 4) failed at 0.030000000 s; " + h2_left},
      {"multi-tree 4 multi", kFailed + "h1 -> h2 (slice 3 of 4) failed at 0.030000000 s; " + h2_left}};
  for (const std::string faulty : {"link l1_2", "host h2"}) {
    TemporaryDirectory dir;
    const auto platform = three_in_a_line(dir, faulty, "0.03 0\n");
    for (const auto& [scheduler, slices] : {std::pair<std::string, std::string>{"flat", "1"}, {"flat", "4"},
                                            {"multi-tree", "4"}})
      for (const std::string port : {"one", "multi"})
        EXPECT_EQ(same_row_by_every_driver(platform, scheduler, slices, port),
                  expected.at(scheduler + " " + slices + " " + port))
            << faulty << ", " << scheduler << ", " << slices << " slices, " << port << "-port";
  }
}

// On the eight-host platform the plans have several trees (multi-port) and the faults strand
// hosts through several of them: every combination ends with a failed row naming a transfer,
// without a hang or a deadlock report, in every form of the plan (the periodic form is one-port).
// With several `drivers`, every driver gives the same row (the couriers driver's row past a host
// that goes down while it sends says so instead).
void never_hangs_on_the_eight_host_platform(const std::string& scheduler, const std::vector<std::string>& ports,
                                            const std::vector<std::string>& drivers = {""})
{
  const std::vector<std::pair<std::string, std::string>> faults{
      {"link l0_3", "0.0005 0\n"}, {"link l1_3", "0.0005 0\n"}, {"host h4", "0.02 0\n"}, {"host h5", "0 0\n"}};
  std::size_t failed = 0;
  for (const auto& [faulty, profile] : faults)
    for (const std::string& port : ports)
      for (const std::string slices : {"1", "16"}) {
        TemporaryDirectory dir;
        const auto platform = eight_hosts(dir, faulty, profile);
        std::map<std::string, std::string> rows;
        for (const std::string& driver : drivers) {
          std::vector<std::string> arguments{"simulate", platform, "-s", scheduler, "--slices", slices, "--port", port,
                                             "--format", "json"};
          if (!driver.empty())
            arguments.push_back("--cfg=hbcast/replay-driver:" + driver);
          const auto result = run_hbcast(arguments);
          const std::string context = scheduler + ", " + faulty + ", " + port + "-port, " + slices + " slices" +
                                      (driver.empty() ? "" : ", " + driver) + ": " + result.err;
          // (multi-tree, h5 down from the start, multi-port, 16 slices: h3's own send to h5 fails;
          // it stops sending but still waits for its parents' slices, and is stopped once they have
          // all stopped, instead of SimGrid's deadlock report.)
          EXPECT_EQ(result.err.find("Deadlock"), std::string::npos) << context;
          EXPECT_EQ(result.err.find("CRITICAL"), std::string::npos) << context;
          EXPECT_EQ(result.err.find("crashed"), std::string::npos) << context;
          EXPECT_EQ(result.err.find("Assertion"), std::string::npos) << context;
          const auto run = nlohmann::json::parse(result.out)["runs"][0];
          rows[driver] = run["status"] == "ok" ? std::string("ok") : run.value("error", std::string());
          if (run["status"] == "ok")
            continue;  // the plan does not use what fails
          failed += driver == drivers.front();
          EXPECT_EQ(result.exit_status, 1) << context;
          EXPECT_EQ(run["status"], "failed") << context;
          EXPECT_EQ(rows[driver].rfind(kFailed, 0), 0u) << context;
        }
        for (const auto& [driver, row] : rows) {
          if (row.find(" (the couriers driver cannot go on") != std::string::npos)
            continue;
          EXPECT_EQ(row, rows.begin()->second) << scheduler << ", " << faulty << ", " << port << "-port, " << slices
                                               << " slices: " << driver << " against " << rows.begin()->first;
        }
      }
  EXPECT_GE(failed, faults.size() * ports.size()) << scheduler << ": most combinations must meet their fault";
}

TEST(FaultInjection, MultiTreePlansNeverHangOnTheEightHostPlatform)
{
  never_hangs_on_the_eight_host_platform("multi-tree", {"one", "multi"}, {"actors", "events", "couriers"});
}

TEST(FaultInjection, CappedMultiTreePlansNeverHangOnTheEightHostPlatform)
{
  never_hangs_on_the_eight_host_platform("multi-tree-capped", {"one", "multi"});
}

TEST(FaultInjection, PeriodicMultiTreePlansNeverHangOnTheEightHostPlatform)
{
  never_hangs_on_the_eight_host_platform("multi-tree-periodic", {"one"});
}

// The periodic form of the chain's plan on three hosts in a line meets each fault as the
// multi-tree replay does (derived above): the same transfer fails at the same time, the same
// hosts are left. The rate-capped form caps the chain's transfers at the plan's rate:
//   one-port, one slice per s + L (the one-port program charges each slice its latency), so a
//   transfer takes L + (s + L): h0 starts slice k at (k-1)(s+L) and it occupies l0_1 until
//   k(s+L) + L; h1 holds it then and forwards it at once. So h1 holds slice 1 at s + 2L =
//   0.008408608 s (l1_2 down at 0.5 ms, h2 down from the start: h1's send fails then, L after
//   the other forms); slice 3 occupies l0_1 over [2(s+L), 3(s+L)+L] = [0.01679722, 0.02520583] s
//   and slice 2 has left it at 0.01680722 s (l0_1 or h1 down at 0.02 s: slice 3 fails, as in
//   the other forms);
//   multi-port, one slice per s, the link's bandwidth: slice k over [(k-1)s, ks+L], as the
//   concurrent form's multi-port replay (derived above), so the same rows.
// `sweep` carries the same rows; `hbcast smpi` stops at the replay of its plan, with that row (an
// MPI run has no failure semantics to compare).
TEST(FaultInjection, EveryMultiTreeFormMeetsEachFaultAsDerivedOnThreeHostsInALine)
{
  struct Fault {
    std::string faulty, profile, capped_row;  // capped_row (one-port): empty where it is the other forms'
  };
  const std::string h1_fails = kFailed + "h1 -> h2 (slice 1 of 4) failed at 0.008408608 s; 1 of 3 hosts without the whole message: h2";
  const std::vector<Fault> faults{{"link l0_1", "0 0\n", ""},
                                  {"link l1_2", "0.0005 0\n", h1_fails},
                                  {"link l0_1", "0.02 0\n", ""},
                                  {"host h1", "0.02 0\n", ""},
                                  {"host h2", "0 0\n", h1_fails}};
  for (const auto& [faulty, profile, capped] : faults) {
    TemporaryDirectory dir;
    const auto platform = three_in_a_line(dir, faulty, profile);
    const std::string context = faulty + " (" + profile.substr(0, profile.size() - 1) + ")";
    const std::string row = multi_tree_row(dir, platform, "one");
    const std::string capped_row = capped.empty() ? row : capped;
    EXPECT_EQ(row.rfind(kFailed, 0), 0u) << context << ": " << row;
    EXPECT_EQ(multi_tree_row(dir, platform, "multi"), row) << context;
    EXPECT_EQ(multi_tree_row(dir, platform, "one", "multi-tree-capped"), capped_row) << context;
    EXPECT_EQ(multi_tree_row(dir, platform, "multi", "multi-tree-capped"), row) << context;
    EXPECT_EQ(multi_tree_row(dir, platform, "one", "multi-tree-periodic"), row) << context;

    const auto scenario = dir.write("line.yaml", "platform: {file: line.xml}\n"
                                                 "schedulers: [multi-tree, multi-tree-capped, multi-tree-periodic]\n"
                                                 "port: [one, multi]\nslices: [4]\n");
    const std::string output = dir.path() + "/out.jsonl";
    const auto sweep = run_hbcast({"sweep", scenario, "--format", "jsonl", "-o", output, "-j", "2"});
    EXPECT_EQ(sweep.exit_status, 1) << context << ": " << sweep.err;
    std::size_t rows = 0;
    std::istringstream lines(read_file(output));
    for (std::string line; std::getline(lines, line); ++rows) {
      const auto point = nlohmann::json::parse(line);
      if (point["scheduler"] == "multi-tree-periodic" && point["port"] == "multi-port") {
        EXPECT_EQ(point["status"], "not-applicable") << line;  // its slots are one-port matchings
        continue;
      }
      EXPECT_EQ(point["status"], "failed") << line;
      const bool capped_one_port = point["scheduler"] == "multi-tree-capped" && point["port"] == "one-port";
      EXPECT_EQ(point.value("error", std::string()), capped_one_port ? capped_row : row)
          << context << ": " << line;
    }
    EXPECT_EQ(rows, 6u) << context;

    // The clean platform's plan, run by `hbcast smpi` on the faulty one.
    TemporaryDirectory clean;
    const std::string plan = clean.path() + "/plan-one.json";
    EXPECT_EQ(multi_tree_row(clean, three_in_a_line(clean, "", ""), "one"), "ok");
    const auto smpi = run_hbcast({"smpi", platform, "--plan", plan});
    EXPECT_EQ(smpi.exit_status, 2) << context << ": " << smpi.err;
    EXPECT_EQ(smpi.out, "") << context;
    // Its replay stands for SMPI's messages, 16 bytes more each (the envelope): the same transfer
    // and hosts, its time later by at most two hops of 16 B / 125 MB/s = 0.128 us.
    const std::string prefix = "hbcast: error: '" + plan + "': ";
    ASSERT_EQ(smpi.err.rfind(prefix, 0), 0u) << context << ": " << smpi.err;
    const auto time_of = [](const std::string& line) {
      const auto at = line.find(" failed at ");
      return at == std::string::npos ? -1.0 : std::stod(line.substr(at + 11));
    };
    const auto without_time = [](std::string line) {
      const auto at = line.find(" failed at "), end = line.find(" s; ");
      return at == std::string::npos || end == std::string::npos ? line : line.erase(at, end - at);
    };
    const std::string smpi_row = smpi.err.substr(prefix.size(), smpi.err.size() - prefix.size() - 1);
    EXPECT_EQ(without_time(smpi_row), without_time(row)) << context;
    EXPECT_GE(time_of(smpi_row), time_of(row)) << context << ": " << smpi_row;
    EXPECT_LE(time_of(smpi_row) - time_of(row), 2 * 16 / 125e6 + 1e-9) << context << ": " << smpi_row;
    EXPECT_EQ(std::count(smpi.err.begin(), smpi.err.end(), '\n'), 1) << smpi.err;
  }
}
