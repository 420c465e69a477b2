// A crash in a child process is blamed on the code that ran: SimGrid only inside a call into it
// (SimGridCall), hbcast's own code otherwise, even right after a SimGrid call returned; a signal
// from outside is no crash.
#include <hbcast/platform/activity_breadcrumb.hpp>
#include <hbcast/simulation/isolated_run.hpp>

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>

using namespace hbcast;
using namespace hbcast::cli;

namespace {

IsolatedOutcome run(const std::function<std::string()>& job)
{
  return IsolatedProcess::start(job).wait();
}

}  // namespace

TEST(IsolatedRun, ACrashInsideASimGridCallIsSimGrids)
{
  const auto outcome = run([]() -> std::string {
    set_activity("building the fnf tree");
    const SimGridCall call(ActivityOwner::simgrid, "computing the route from '%s' to '%s'", "a", "b");
    std::abort();
  });
  EXPECT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.error, "SimGrid crashed (Aborted) while computing the route from 'a' to 'b'");
}

TEST(IsolatedRun, ACrashAfterASimGridCallReturnedIsHbcasts)
{
  const auto outcome = run([]() -> std::string {
    set_activity("building the link-binomial tree");
    { const SimGridCall call(ActivityOwner::simgrid, "computing the route from '%s' to '%s'", "S1", "C1"); }
    std::abort();
  });
  EXPECT_EQ(outcome.error, "hbcast crashed (Aborted) in its own code while building the link-binomial tree (a bug "
                           "in hbcast, not in SimGrid)");
}

TEST(IsolatedRun, ACrashDuringASimulationNamesBoth)
{
  const auto outcome = run([]() -> std::string {
    set_activity("replaying the fnf tree");
    const SimGridCall call(ActivityOwner::simulation);
    std::signal(SIGSEGV, SIG_DFL);  // dies of the signal even where AddressSanitizer handles it
    std::raise(SIGSEGV);
    return "";
  });
  EXPECT_EQ(outcome.error, "the simulation crashed (Segmentation fault) in SimGrid's engine or hbcast's actors "
                           "while replaying the fnf tree");
}

TEST(IsolatedRun, ASignalFromOutsideIsNoCrash)
{
  const auto outcome = run([]() -> std::string {
    const SimGridCall call(ActivityOwner::simgrid, "loading platform '%s'", "p.xml");
    std::raise(SIGKILL);
    return "";
  });
  EXPECT_EQ(outcome.error, "the child process was killed (Killed) while loading platform 'p.xml'");
}

TEST(IsolatedRun, AThrowingJobGivesItsMessage)
{
  const auto outcome = run([]() -> std::string { throw std::runtime_error("no route from 'a' to 'b'"); });
  EXPECT_TRUE(outcome.threw);
  EXPECT_EQ(outcome.error, "no route from 'a' to 'b'");
}
