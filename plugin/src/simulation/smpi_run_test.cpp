// The smpirun command line, seen by a stand-in smpirun first on PATH: past kSmpiSmallStackRanks
// ranks it carries small stacks without guard pages (SimGrid runs out of memory maps near 30,000
// actors otherwise), unless the user set either; below, SimGrid's defaults. SMPI's MPI_Bcast
// baselines preload the in-order MPI_Waitall into the simulator only (smpirun's -wrapper). The
// time is read from the program's line, not from smpirun's echo of its command line (KEEP set).
#include <hbcast/simulation/smpi_run.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace hbcast::cli;

namespace {

class FakeSmpirun : public ::testing::Test {
protected:
  void SetUp() override
  {
    dir_ = std::filesystem::temp_directory_path() / ("hbcast-smpirun-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
    const auto script = dir_ / "smpirun";
    std::ofstream(script) << "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" << (dir_ / "arguments").string()
                          << "'\necho 'hbcast_mpi_time --root 0'\necho 'start 1 end 1.5 time 0.5'\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    std::ofstream(dir_ / "program") << "";
    // Executable, as HBCAST_SMPI_PROGRAM must be: else the built hbcast_mpi_time is taken, and a
    // tree without it (the sanitized one) fails.
    std::filesystem::permissions(dir_ / "program", std::filesystem::perms::owner_all);
    const char* path = std::getenv("PATH");
    old_path_ = path ? path : "";
    setenv("PATH", (dir_.string() + ":" + old_path_).c_str(), 1);
    setenv("HBCAST_SMPI_PROGRAM", (dir_ / "program").c_str(), 1);
  }
  void TearDown() override
  {
    setenv("PATH", old_path_.c_str(), 1);
    unsetenv("HBCAST_SMPI_PROGRAM");
    std::filesystem::remove_all(dir_);
  }
  std::string arguments_of(std::size_t ranks, std::vector<std::string> config = {}, bool waitall_in_order = false)
  {
    SmpiRun run;
    run.waitall_in_order = waitall_in_order;
    run.platform = "p.xml";
    for (std::size_t r = 0; r < ranks; ++r)
      run.hosts.push_back("h" + std::to_string(r));
    run.config = std::move(config);
    EXPECT_EQ(run_smpi_timing(run), 0.5);
    std::ifstream in(dir_ / "arguments");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::filesystem::path dir_;
  std::string old_path_;
};

}  // namespace

TEST_F(FakeSmpirun, SmallStacksPastTheRankThreshold)
{
  const std::string large = arguments_of(kSmpiSmallStackRanks + 1);
  EXPECT_NE(large.find("--cfg=contexts/guard-size:0\n"), std::string::npos) << large.substr(0, 400);
  EXPECT_NE(large.find("--cfg=contexts/stack-size:64\n"), std::string::npos) << large.substr(0, 400);
  const std::string small = arguments_of(kSmpiSmallStackRanks);
  EXPECT_EQ(small.find("contexts/"), std::string::npos) << small.substr(0, 400);
}

TEST_F(FakeSmpirun, TheUsersStackSettingWins)
{
  const std::string text = arguments_of(kSmpiSmallStackRanks + 1, {"contexts/stack-size:128"});
  EXPECT_EQ(text.find("contexts/stack-size:64"), std::string::npos);
  EXPECT_NE(text.find("--cfg=contexts/stack-size:128\n"), std::string::npos);
  EXPECT_NE(text.find("--cfg=contexts/guard-size:0\n"), std::string::npos);
}

TEST_F(FakeSmpirun, TheInOrderWaitallIsPreloadedIntoTheSimulatorOnly)
{
  const auto library = dir_ / "libwaitall.so";
  std::ofstream(library) << "";
  setenv("HBCAST_SMPI_WAITALL", library.c_str(), 1);
  const std::string preloaded = arguments_of(4, {}, true);
  const std::string plain = arguments_of(4, {}, false);
  unsetenv("HBCAST_SMPI_WAITALL");
  EXPECT_NE(preloaded.find("-wrapper\nenv LD_PRELOAD=" + library.string() + "\n"), std::string::npos) << preloaded;
  EXPECT_EQ(plain.find("-wrapper"), std::string::npos) << plain;
}
