#include <gtest/gtest.h>

#include "tests/cli/run_collsim.h"

namespace collsim::tests {
namespace {

TEST(CollsimMain, HelpListsCommandsAndExitsZero) {
  const CliResult r = run_collsim({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("usage: collsim <command>"), std::string::npos);
  EXPECT_NE(r.out.find("Exit codes"), std::string::npos);
}

TEST(CollsimMain, UnknownCommandIsOneErrorLineAndExitTwo) {
  const CliResult r = run_collsim({"frobnicate"});
  expect_one_line_error(r, "unknown command");
  EXPECT_EQ(r.err, "collsim: unknown command 'frobnicate' (see collsim --help)\n");
}

TEST(CollsimMain, NoArgumentsPrintsUsageToStderrAndExitsTwo) {
  const CliResult r = run_collsim({});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("usage:"), std::string::npos);
}

}  // namespace
}  // namespace collsim::tests
