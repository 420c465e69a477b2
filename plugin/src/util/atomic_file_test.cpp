// The checks on output paths: what names one file, and what check_outputs refuses, on real files.
#include <hbcast/util/atomic_file.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace hbcast {
namespace {

namespace fs = std::filesystem;

class OutputChecks : public ::testing::Test {
protected:
  void SetUp() override
  {
    std::string pattern = (fs::temp_directory_path() / "output-checks-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    std::ofstream(dir + "/input.xml") << "<platform/>";
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string dir;
};

TEST_F(OutputChecks, SameFileSeesThroughLinksAndDots)
{
  fs::create_hard_link(dir + "/input.xml", dir + "/hard.xml");
  fs::create_symlink(dir + "/input.xml", dir + "/soft.xml");
  EXPECT_TRUE(same_file(dir + "/input.xml", dir + "/hard.xml"));
  EXPECT_TRUE(same_file(dir + "/input.xml", dir + "/soft.xml"));
  EXPECT_TRUE(same_file(dir + "/input.xml", dir + "/./sub/../input.xml"));
  EXPECT_TRUE(same_file(dir + "/new.dot", dir + "/./new.dot"));  // neither exists yet
  EXPECT_FALSE(same_file(dir + "/input.xml", dir + "/new.dot"));
}

TEST_F(OutputChecks, CheckOutputsNamesTheOptionAndTheRule)
{
  const auto message = [](const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
    try {
      check_outputs(outputs, inputs);
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  const std::vector<NamedPath> inputs{{"the platform being simulated", dir + "/input.xml"}};
  EXPECT_EQ(message({{"--plan", dir + "/plan.json"}}, inputs), "accepted");
  EXPECT_EQ(message({{"--plan", dir + "/input.xml"}}, inputs),
            "--plan '" + dir + "/input.xml' is the platform being simulated: hbcast never overwrites its inputs");
  EXPECT_EQ(message({{"--dot", dir + "/a"}, {"--plan", dir + "/a"}}, inputs),
            "--dot and --plan name the same file '" + dir + "/a'");
  EXPECT_EQ(message({{"--plan", ""}}, inputs), "--plan: an empty file name");
  EXPECT_EQ(message({{"--plan", dir + "/no/x.json"}}, inputs),
            "--plan: cannot write '" + dir + "/no/x.json': the folder '" + dir + "/no' does not exist");
  EXPECT_EQ(message({{"--plan", dir + "/input.xml/x.json"}}, {}),
            "--plan: cannot write '" + dir + "/input.xml/x.json': '" + dir + "/input.xml' is not a folder");
  EXPECT_EQ(message({{"--plan", "relative.json"}}, {}), "accepted") << "the current folder";
}

}  // namespace
}  // namespace hbcast
