// hbcast_mpi_check reads its options before MPI starts: --help and usage errors need no mpirun.
#include "support/command_runner.hpp"

#include <gtest/gtest.h>

using namespace hbcast::test_support;

TEST(SmallTraps, MpiCheckHelpIsNotAPlan)
{
  const auto help = run_command(HBCAST_MPI_CHECK, {"--help"});
  EXPECT_EQ(help.exit_status, 0) << help.err;
  EXPECT_NE(help.out.find("usage: mpirun -np N hbcast_mpi_check"), std::string::npos);
  const auto unknown = run_command(HBCAST_MPI_CHECK, {"--sed", "3", "plan.json"});
  EXPECT_EQ(unknown.exit_status, 2);
  EXPECT_NE(unknown.err.find("unknown option '--sed'"), std::string::npos) << unknown.err;
}
