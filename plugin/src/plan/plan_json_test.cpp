#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/eval/pipeline_evaluator.hpp>
#include <hbcast/plan/plan_json.hpp>
#include <hbcast/plan/plan_tree.hpp>
#include <hbcast/sender_only/fnf.hpp>
#include <hbcast/sched/mpich_binomial.hpp>
#include <hbcast/model/sender_only_model.hpp>

#include <gtest/gtest.h>

#include <random>

using namespace hbcast;

namespace {

std::vector<std::string> names(std::size_t n)
{
  std::vector<std::string> result;
  for (std::size_t v = 0; v < n; ++v)
    result.push_back("host-" + std::to_string(v));
  return result;
}

BroadcastPlan plan_of(const BroadcastTree& tree, const std::vector<std::string>& hosts)
{
  BroadcastPlan plan;
  plan.scheduler = "test";
  plan.platform = "platform.xml";
  plan.hosts = hosts;
  plan.root = hosts[tree.root()];
  plan.message_bytes = 1e6;
  plan.slices = 4;
  plan.trees = {to_plan_tree(tree, hosts)};
  return plan;
}

BroadcastTree round_trip(const BroadcastTree& tree, const std::vector<std::string>& hosts)
{
  const BroadcastPlan read = plan_from_json(plan_to_json(plan_of(tree, hosts)));
  EXPECT_EQ(read.trees.size(), 1u);
  return to_broadcast_tree(read.trees.front(), read.hosts, read.root);
}

std::string valid_plan_with(const std::string& trees)
{
  return R"({"format": "hbcast-plan", "version": 1, "hosts": ["a", "b", "c"], "root": "a",
             "message_bytes": 100, "slices": 2, "port": "one-port", "trees": )" + trees + "}";
}

void expect_plan_error(const std::string& text, const std::string& message)
{
  try {
    plan_from_json(text);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const PlanError& error) {
    EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
  }
}

}  // namespace

TEST(PlanJson, RoundTripKeepsEveryEdgeInSendOrder)
{
  const auto hosts = names(12);
  const auto tree = mpich_binomial_tree(12, 5);
  const auto back = round_trip(tree, hosts);
  EXPECT_EQ(back.root(), 5u);
  for (NodeId u = 0; u < 12; ++u)
    EXPECT_EQ(back.children(u), tree.children(u)) << u;
}

TEST(PlanJson, RoundTripKeepsSendStarts)
{
  BroadcastTree tree(3, 0);
  tree.add_child(0, 2);
  tree.add_child(0, 1);
  tree.set_send_start(1, 0.25);
  const auto back = round_trip(tree, names(3));
  EXPECT_EQ(back.children(0), (std::vector<NodeId>{2, 1}));
  EXPECT_EQ(back.send_start(1), std::optional<double>(0.25));
  EXPECT_FALSE(back.send_start(2).has_value());
}

TEST(PlanJson, RoundTripKeepsTheSlicePeriod)
{
  // A paced tree (link-aware pipelined schedules): slice j of an edge no earlier than start + j P.
  BroadcastTree tree(3, 0);
  tree.add_child(0, 1);
  tree.add_child(1, 2);
  tree.set_send_start(1, 0.0);
  tree.set_send_start(2, 0.5);
  tree.set_slice_period(0.75);
  const auto back = round_trip(tree, names(3));
  EXPECT_EQ(back.slice_period(), 0.75);
  EXPECT_EQ(back.slice_not_before(2, 3), 0.5 + 3 * 0.75);
  EXPECT_EQ(round_trip(BroadcastTree(2, 0), names(2)).slice_period(), 0.0);
  expect_plan_error(valid_plan_with(R"([{"weight": 1, "edges": [], "slice_period": -2}])"),
                    "\"slice_period\" must be a time >= 0");
}

TEST(PlanJson, RoundTripReevaluatesToTheSamePrediction)
{
  // Random heterogeneous instances (seed printed on failure): the tree read back from its plan
  // has bit-identical atomic and pipelined predictions, one-port and multi-port.
  for (unsigned seed = 1; seed <= 50; ++seed) {
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> time(0.5, 3.0);
    const std::size_t n = 2 + random() % 30;
    std::vector<double> times(n);
    for (auto& t : times)
      t = time(random);
    const auto costs = SenderOnlyModel::from_times(times);
    const NodeId root = random() % n;
    const auto tree = fastest_node_first(times, root);
    const auto back = round_trip(tree, names(n));
    ASSERT_NO_THROW(validate_tree(back)) << "seed " << seed;
    for (PortModel port : {PortModel::one_port, PortModel::multi_port}) {
      EXPECT_EQ(evaluate_atomic(back, costs, 1.0, port).makespan, evaluate_atomic(tree, costs, 1.0, port).makespan)
          << "seed " << seed;
      EXPECT_EQ(evaluate_pipelined(back, costs, 0.25, 4, port).makespan,
                evaluate_pipelined(tree, costs, 0.25, 4, port).makespan)
          << "seed " << seed;
    }
  }
}

TEST(PlanJson, HeaderFieldsRoundTrip)
{
  auto plan = plan_of(mpich_binomial_tree(4, 0), names(4));
  plan.port = "multi-port";
  plan.predicted_makespan = 1.5;
  plan.trees.push_back({0.5, plan.trees.front().edges});
  const auto back = plan_from_json(plan_to_json(plan));
  EXPECT_EQ(back.version, 1);
  EXPECT_EQ(back.scheduler, "test");
  EXPECT_EQ(back.platform, "platform.xml");
  EXPECT_EQ(back.hosts, plan.hosts);
  EXPECT_EQ(back.message_bytes, 1e6);
  EXPECT_EQ(back.slices, 4u);
  EXPECT_EQ(back.port, "multi-port");
  EXPECT_EQ(back.predicted_makespan, std::optional<double>(1.5));
  EXPECT_FALSE(back.simulated_makespan.has_value());
  ASSERT_EQ(back.trees.size(), 2u);
  EXPECT_EQ(back.trees[1].weight, 0.5);
}

// Header members of another type are refused in one PlanError, not an uncaught JSON type error.
TEST(PlanJson, HeaderMembersOfAnotherTypeAreRefused)
{
  const std::string text = plan_to_json(plan_of(mpich_binomial_tree(4, 0), names(4)));
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string changed = text;
    const auto at = changed.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? changed : changed.replace(at, from.size(), to);
  };
  expect_plan_error(replaced("\"format\": \"hbcast-plan\"", "\"format\": 2"), "not an hbcast plan");
  expect_plan_error(replaced("\"scheduler\": \"test\"", "\"scheduler\": 5"), "\"scheduler\" must be a string, not 5");
  expect_plan_error(replaced("\"platform\": \"platform.xml\"", "\"platform\": [1]"),
                    "\"platform\" must be a string, not [1]");
}

TEST(PlanJson, AcceptsSeveralWeightedTrees)
{
  const auto plan = plan_from_json(valid_plan_with(
      R"([{"weight": 2, "edges": [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}]},
          {"weight": 1, "edges": [{"from": "a", "to": "c"}, {"from": "c", "to": "b", "start": 0.5}]}])"));
  ASSERT_EQ(plan.trees.size(), 2u);
  EXPECT_EQ(plan.trees[0].weight, 2.0);
  EXPECT_EQ(plan.trees[1].edges[1].start, std::optional<double>(0.5));
}

TEST(PlanJson, RefusesBadPlansNamingTheProblem)
{
  expect_plan_error("{", "not valid JSON");
  expect_plan_error(R"({"version": 1})", "not an hbcast plan");
  expect_plan_error(valid_plan_with("[]"), "\"trees\" must be a non-empty list");
  expect_plan_error(valid_plan_with(R"([{"weight": 0, "edges": []}])"), "\"weight\" must be positive");
  expect_plan_error(valid_plan_with(R"([{"weight": 1, "edges": [{"from": "a", "to": "z"}]}])"),
                    "plan tree 0, edge 0: host 'z' is not in \"hosts\"");
  expect_plan_error(valid_plan_with(R"([{"weight": 1, "edges": [{"from": "a"}]}])"), "missing \"to\"");
  expect_plan_error(valid_plan_with(R"([{"weight": 1, "edges": [{"from": "a", "to": "b", "start": -1}]}])"),
                    "\"start\" must be a time >= 0");
  auto text = valid_plan_with(R"([{"weight": 1, "edges": []}])");
  expect_plan_error(std::string(text).replace(text.find("\"version\": 1"), 12, "\"version\": 3"),
                    "plan version 3 is not supported");
  // Beyond int (and beyond 2^64, read as a double): refused before any conversion.
  expect_plan_error(std::string(text).replace(text.find("\"version\": 1"), 12, "\"version\": 122222222222222222222222222222"),
                    "plan version 1.2222222222222222e+29 is not supported");
  expect_plan_error(std::string(text).replace(text.find("\"version\": 1"), 12, "\"version\": 4294967297"),
                    "plan version 4294967297 is not supported");
  expect_plan_error(std::string(text).replace(text.find("\"version\": 1"), 12, "\"version\": 1.5"),
                    "\"version\" must be a whole number, not 1.5");
  expect_plan_error(std::string(text).replace(text.find("\"hbcast-plan\""), 13, std::string(100, '[') + std::string(100, ']')),
                    "plan: JSON nested deeper than 64 levels");
  // A host name holding a line break is quoted escaped: the message stays on one line.
  expect_plan_error(valid_plan_with(R"([{"weight": 1, "edges": [{"from": "a", "to": "node\nx"}]}])"),
                    "plan tree 0, edge 0: host 'node\\nx' is not in \"hosts\"");
  expect_plan_error(std::string(text).replace(text.find("one-port"), 8, "two-port"), "\"port\" must be");
  expect_plan_error(std::string(text).replace(text.find("\"slices\": 2"), 11, "\"slices\": 0"),
                    "\"slices\" must be at least 1");
  expect_plan_error(std::string(text).replace(text.find("\"root\": \"a\""), 11, "\"root\": \"q\""),
                    "plan root: host 'q'");
}

TEST(PlanJson, LoadNamesTheFile)
{
  try {
    load_plan_file("/nonexistent/plan.json");
    ADD_FAILURE();
  } catch (const PlanError& error) {
    EXPECT_STREQ(error.what(), "cannot read plan '/nonexistent/plan.json'");
  }
}

namespace {

// Two trees on a, b, c (a -> b -> c weight 3, a -> c -> b weight 1) in version 2 with `form`.
std::string form_plan(const std::string& version, const std::string& form)
{
  return R"({"format": "hbcast-plan", "version": )" + version +
         R"(, "hosts": ["a", "b", "c"], "root": "a", "message_bytes": 1000, "slices": 8, "port": "one-port",
             "trees": [{"weight": 3, "edges": [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}]},
                       {"weight": 1, "edges": [{"from": "a", "to": "c"}, {"from": "c", "to": "b"}]}], )" +
         form + "}";
}

// Slot 2: b sends to c while c sends to b (each host one send, one receive); b -> c in two pieces.
const std::string kSlots = R"("slots": [[{"tree": 0, "from": "a", "to": "b", "first": 0, "last": 1}],
    [{"tree": 1, "from": "a", "to": "c", "first": 0, "last": 1}],
    [{"tree": 0, "from": "b", "to": "c", "first": 0, "last": 0.5}, {"tree": 1, "from": "c", "to": "b", "first": 0, "last": 1}],
    [{"tree": 0, "from": "b", "to": "c", "first": 0.5, "last": 1}]])";

}  // namespace

TEST(PlanJson, ExecutableFormsRoundTrip)
{
  const auto periodic = plan_from_json(form_plan("2", R"("form": "periodic", "period_slices": 4, )" + kSlots));
  EXPECT_EQ(periodic.form, "periodic");
  EXPECT_EQ(periodic.form_slices, 4u);
  ASSERT_EQ(periodic.slots.size(), 4u);
  EXPECT_EQ(periodic.slots[2][1].from, "c");
  EXPECT_EQ(periodic.slots[2][0].last, 0.5);
  const auto back = plan_from_json(plan_to_json(periodic));
  EXPECT_EQ(back.form, "periodic");
  ASSERT_EQ(back.slots.size(), 4u);
  EXPECT_EQ(back.slots[3][0].first, 0.5);
  EXPECT_TRUE(back.slot_seconds.empty());
  // The periodic form's clock: one length per slot, kept as written.
  const auto clocked = plan_from_json(form_plan(
      "2", R"("form": "periodic", "period_slices": 4, "slot_seconds": [0.5, 0.25, 1, 0.125], )" + kSlots));
  EXPECT_EQ(clocked.slot_seconds, (std::vector<double>{0.5, 0.25, 1.0, 0.125}));
  EXPECT_EQ(plan_from_json(plan_to_json(clocked)).slot_seconds, clocked.slot_seconds);
  const auto capped = plan_from_json(plan_to_json(plan_from_json(form_plan("2", R"("form": "capped", "round_slices": 2)"))));
  EXPECT_EQ(capped.form, "capped");
  EXPECT_EQ(capped.form_slices, 2u);
  EXPECT_EQ(capped.receives_posted, 2u);  // a plan that does not say keeps two receives posted
  EXPECT_TRUE(capped.slots.empty());
  const auto posted = plan_from_json(
      plan_to_json(plan_from_json(form_plan("2", R"("form": "capped", "round_slices": 1, "receives_posted": 5)"))));
  EXPECT_EQ(posted.receives_posted, 5u);
  // A plan without a form stays version 1, which every reader of version 1 still reads.
  EXPECT_NE(plan_to_json(plan_from_json(form_plan("1", R"("form": "concurrent")"))).find("\"version\": 1"),
            std::string::npos);
}

TEST(PlanJson, RefusesBadFormsNamingTheProblem)
{
  expect_plan_error(form_plan("1", R"("form": "capped", "round_slices": 2)"), "\"form\" needs version 2");
  expect_plan_error(form_plan("2", R"("form": "paced", "round_slices": 2)"), "\"form\" must be");
  expect_plan_error(form_plan("2", R"("form": "capped", "round_slices": 0)"), "\"round_slices\" must be at least 1");
  expect_plan_error(form_plan("2", R"("form": "capped", "round_slices": 1, "receives_posted": 0)"),
                    "\"receives_posted\" must be a count from 1 to 1000000");
  expect_plan_error(form_plan("2", R"("form": "capped", "round_slices": 1, "receives_posted": 2.5)"),
                    "receives_posted");
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4)"), "slots");
  // b receives twice in one slot: from a in tree 0 and from c in tree 1.
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "slots": [
      [{"tree": 0, "from": "a", "to": "b", "first": 0, "last": 1}, {"tree": 1, "from": "c", "to": "b", "first": 0, "last": 1}],
      [{"tree": 1, "from": "a", "to": "c", "first": 0, "last": 1}], [{"tree": 0, "from": "b", "to": "c", "first": 0, "last": 1}]])"),
                    "sends or receives twice");
  // b -> c's block is sent only up to half.
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "slots": [
      [{"tree": 0, "from": "a", "to": "b", "first": 0, "last": 1}], [{"tree": 1, "from": "a", "to": "c", "first": 0, "last": 1}],
      [{"tree": 0, "from": "b", "to": "c", "first": 0, "last": 0.5}, {"tree": 1, "from": "c", "to": "b", "first": 0, "last": 1}]])"),
                    "do not reach its block's end");
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "slot_seconds": [1, 2], )" + kSlots),
                    "one length per slot (4)");
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "slot_seconds": [1, 2, -1, 0], )" + kSlots),
                    "times >= 0");
  // An edge that is not its tree's.
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "slots": [
      [{"tree": 0, "from": "a", "to": "c", "first": 0, "last": 1}]])"),
                    "not an edge of tree 0");
}

// A multi-port plan carries each paced host's send gap; libhbcast_mpi waits it after each send.
TEST(PlanJson, SendGapsRoundTripAndBadOnesAreRefused)
{
  const std::vector<std::string> hosts = names(3);
  BroadcastPlan plan = plan_of(BroadcastTree(0, {{1, 2}, {}, {}}), hosts);
  plan.port = "multi-port";
  plan.send_gaps = {{"host-0", 1e-6, 8e-9}, {"host-2", 0.0, 1e-9}};
  const BroadcastPlan read = plan_from_json(plan_to_json(plan));
  ASSERT_EQ(read.send_gaps.size(), 2u);
  EXPECT_EQ(read.send_gaps[0].host, "host-0");
  EXPECT_DOUBLE_EQ(read.send_gaps[0].latency, 1e-6);
  EXPECT_DOUBLE_EQ(read.send_gaps[0].seconds_per_byte, 8e-9);
  EXPECT_EQ(read.send_gaps[1].host, "host-2");
  plan.send_gaps.clear();
  EXPECT_EQ(plan_to_json(plan).find("send_gaps"), std::string::npos);

  const std::string text = valid_plan_with(R"([{"weight": 1, "edges": [{"from": "a", "to": "b"}, {"from": "a", "to": "c"}]}])");
  const auto with_gaps = [&](const std::string& gaps) {
    return text.substr(0, text.size() - 1) + R"(, "send_gaps": )" + gaps + "}";
  };
  EXPECT_EQ(plan_from_json(with_gaps(R"([{"host": "a", "latency": 0, "seconds_per_byte": 1e-8}])")).send_gaps.size(), 1u);
  expect_plan_error(with_gaps("{}"), "\"send_gaps\" must be a list");
  expect_plan_error(with_gaps(R"([{"host": "z", "latency": 0, "seconds_per_byte": 0}])"), "send gap 0: host 'z'");
  expect_plan_error(with_gaps(R"([{"host": "a", "latency": -1, "seconds_per_byte": 0}])"), "must be >= 0 and finite");
  expect_plan_error(with_gaps(R"([{"host": "a", "latency": 0}])"), "missing \"seconds_per_byte\"");
  expect_plan_error(with_gaps(R"([{"host": "a", "latency": 0, "seconds_per_byte": 0}, {"host": "a", "latency": 0, "seconds_per_byte": 0}])"),
                    "host 'a' has a gap already");
}

// The periodic form's clock as hbcast writes it: each piece's delay after its slot's time, and
// each host's lag per tree.
TEST(PlanJson, AClockWithDelaysAndLagsRoundTripsAndBadOnesAreRefused)
{
  const std::string clock = R"("form": "periodic", "period_slices": 4, "slot_seconds": [0.5, 0.25, 1, 0.125],
      "lags": [{"a": 0, "b": 0, "c": 1}, {"a": 0, "c": 0, "b": 1}], )";
  std::string slots = kSlots;
  const std::string half = R"("first": 0, "last": 0.5})";
  slots.replace(slots.find(half), half.size(), R"("first": 0, "last": 0.5, "delay": 0.125})");
  const auto plan = plan_from_json(form_plan("2", clock + slots));
  EXPECT_EQ(plan.slots[2][0].delay, 0.125);
  EXPECT_EQ(plan.slots[2][1].delay, 0.0);
  ASSERT_EQ(plan.lags.size(), 2u);
  EXPECT_EQ(plan.lags[1].at("b"), 1u);
  const auto back = plan_from_json(plan_to_json(plan));
  EXPECT_EQ(back.slots[2][0].delay, 0.125);
  EXPECT_EQ(back.lags, plan.lags);

  std::string negative = slots;
  negative.replace(negative.find("\"delay\": 0.125"), 14, "\"delay\": -1");
  expect_plan_error(form_plan("2", clock + negative), "\"delay\" must be a time >= 0");
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4, "lags": [{"a": 0}], )" + kSlots),
                    "\"lags\" must be a list of one object per tree (2)");
  expect_plan_error(
      form_plan("2", R"("form": "periodic", "period_slices": 4, "lags": [{"a": 0, "q": 1}, {"a": 0}], )" + kSlots),
      "host 'q'");
  expect_plan_error(
      form_plan("2", R"("form": "periodic", "period_slices": 4, "lags": [{"a": 0.5}, {"a": 0}], )" + kSlots),
      "needs a lag from 0 to 1000000 periods");
  expect_plan_error(form_plan("2", R"("form": "periodic", "period_slices": 4,
      "lags": [{"a": 1, "b": 1, "c": 2}, {"a": 0, "c": 0, "b": 1}], )" + kSlots),
                    "the root's lag must be 0");
}
