// Output files as users meet them (issue 14, item 9): hbcast writes through a symlink to its
// target, refuses anything that is not a writable regular file with one line, keeps the atomic
// replacement of regular files, and `validate` leaves the cases' directory alone unless asked.
#include "support/cli_expectations.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sys/stat.h>

using namespace hbcast::test_support;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kGenerate{"generate", "star", "--nodes", "4", "--seed", "3", "-o"};

CommandResult generate_to(const std::string& path)
{
  std::vector<std::string> arguments = kGenerate;
  arguments.push_back(path);
  return run_hbcast(arguments);
}

}  // namespace

TEST(OutputFiles, SymlinkIsWrittenThroughAndKept)
{
  TemporaryDirectory dir;
  const std::string target = dir.write("target.xml", "old");
  const std::string link = dir.path() + "/link.xml";
  fs::create_symlink(target, link);
  const auto result = generate_to(link);
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(fs::read_symlink(link), target);
  EXPECT_EQ(read_file(target).rfind("<?xml", 0), 0u);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 2);  // no temporary left
}

TEST(OutputFiles, DanglingSymlinkCreatesItsTarget)
{
  TemporaryDirectory dir;
  const std::string target = dir.path() + "/new.xml";
  const std::string link = dir.path() + "/link.xml";
  fs::create_symlink(target, link);
  ASSERT_EQ(generate_to(link).exit_status, 0);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(read_file(target).rfind("<?xml", 0), 0u);
}

TEST(OutputFiles, FifoDirectoryAndDeviceAreRefused)
{
  TemporaryDirectory dir;
  const std::string fifo = dir.path() + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  const std::string directory = dir.path() + "/sub";
  fs::create_directory(directory);
  expect_one_line_error(generate_to(fifo), "'" + fifo + "': it is a FIFO, and hbcast writes only regular files");
  expect_one_line_error(generate_to(directory), "it is a directory");
  expect_one_line_error(generate_to("/dev/null"), "'/dev/null': it is a device");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_directory(directory));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  // Through a symlink too: the link's target decides.
  const std::string link = dir.path() + "/to-fifo";
  fs::create_symlink(fifo, link);
  expect_one_line_error(generate_to(link), "it is a FIFO");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(OutputFiles, ReadOnlyFileIsRefusedAndKept)
{
  TemporaryDirectory dir;
  const std::string file = dir.write("keep.xml", "mine");
  fs::permissions(file, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  expect_one_line_error(generate_to(file), "'" + file + "': the file is read-only");
  EXPECT_EQ(read_file(file), "mine");
}

TEST(OutputFiles, RegularFileIsReplacedKeepingItsPermissions)
{
  TemporaryDirectory dir;
  const std::string file = dir.write("p.xml", "old");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_EQ(generate_to(file).exit_status, 0);
  EXPECT_EQ(read_file(file).rfind("<?xml", 0), 0u);
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(OutputFiles, DotAndPlotRefuseBeforeWorking)
{
  TemporaryDirectory dir;
  const std::string fifo = dir.path() + "/tree.dot";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  expect_one_line_error(run_hbcast({"simulate", "--times", "1,2,3", "--size", "1e6", "-s", "fnf", "--dot", fifo}),
                        "it is a FIFO");
  const std::string results = dir.write("r.csv", "x,y\n1,2\n");
  const std::string figure = dir.path() + "/fig.svg";
  fs::create_directory(figure);
  expect_one_line_error(run_hbcast({"plot", results, "--x", "x", "--y", "y", "-o", figure}), "it is a directory");
}

TEST(OutputFiles, ValidateDoesNotWriteIntoTheCasesDirectoryByDefault)
{
  TemporaryDirectory dir;
  const std::string cases = dir.path() + "/validation/cases";
  fs::create_directories(cases);
  fs::copy_file(std::string(HBCAST_SOURCE_DIR) + "/validation/cases/fnf_two_classes.yaml", cases + "/fnf_two_classes.yaml");
  const std::string output = dir.path() + "/out";
  auto result = run_hbcast({"validate", "fnf_two_classes", "--dir", dir.path() + "/validation", "--output-dir", output});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_TRUE(fs::exists(output + "/REPORT.md"));
  EXPECT_FALSE(fs::exists(dir.path() + "/validation/REPORT.md"));
  // Without --output-dir: ./validation-report, never the cases' directory.
  result = run_hbcast({"validate", "fnf_two_classes", "--dir", dir.path() + "/validation"});
  ASSERT_EQ(result.exit_status, 0) << result.err;
  EXPECT_NE(result.out.find("report: validation-report/REPORT.md"), std::string::npos) << result.out;
  EXPECT_FALSE(fs::exists(dir.path() + "/validation/REPORT.md"));
  EXPECT_TRUE(fs::exists("validation-report/REPORT.md"));
  fs::remove_all("validation-report");
  const auto help = run_hbcast({"validate", "--help"});
  EXPECT_NE(help.out.find("default: ./validation-report"), std::string::npos) << help.out;
}
