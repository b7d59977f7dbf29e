#include "study/sweep_runner.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "scenarios/scenario_loader.h"

namespace collsim::study {
namespace {
using scenarios::LoadedScenario;
using scenarios::load_scenario_text;

// 3 points x 2 algorithms x 2 sizes = 12 runs, in the flow model on a small fat-tree so
// that ECMP and sharing are in play.
const char* SWEEP = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: s}
spec:
  topology: {builder: fat_tree, radix: 4, tiers: 2, hosts: 8}
  collective: {algorithms: [ring, binary_tree], sizes: [4KiB, 8MiB]}
  model: {network: flow, stepLatency: 1us}
  sweep:
    - {path: spec.model.seed, values: [0, 1, 2]}
)";

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("collsim-runner-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

TEST(SweepRunner, ResultsDoNotDependOnTheThreadCount) {
  const LoadedScenario loaded = load_scenario_text(SWEEP, "s.yaml");
  RunnerOptions one;
  RunnerOptions two;
  two.jobs = 2;
  const ResultSet a = run_points(loaded, true, one);
  const ResultSet b = run_points(loaded, true, two);
  ASSERT_EQ(a.points, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.rows[1].size(), 4U);
  EXPECT_EQ(a.rows[2][3].algorithm, algorithms::Algorithm::BINARY_TREE);
  EXPECT_EQ(a.rows[2][3].bytes, 8 << 20);
}

TEST(SweepRunner, AShardRunsEveryNthPoint) {
  const LoadedScenario loaded = load_scenario_text(SWEEP, "s.yaml");
  RunnerOptions options;
  options.shard = Shard{1, 2};
  const ResultSet shard = run_points(loaded, true, options);
  EXPECT_EQ(shard.points, std::vector<std::size_t>{1});
  EXPECT_EQ(shard.rows[0], run_points(loaded, true, {}).rows[1]);
}

TEST(SweepRunner, AJournalKeepsFinishedRunsAndResumeSkipsThem) {
  const LoadedScenario loaded = load_scenario_text(SWEEP, "s.yaml");
  const std::string path = temp_path("journal");
  std::remove(path.c_str());
  const ResultSet fresh = run_points(loaded, true, {});
  {
    SweepJournal journal(path, "id", false);
    // Run 5 = point 1, ring at 8 MiB. A row with another cause proves it is read back
    // rather than simulated again.
    RunRow planted = fresh.rows[1][1];
    planted.cause = "from the journal";
    journal.append(5, planted);
  }
  // A kill in the middle of a write leaves a line without its newline: dropped.
  std::ofstream(path, std::ios::app) << R"({"unit": 6, "algorithm": "bin)";
  {
    SweepJournal journal(path, "id", true);
    ASSERT_EQ(journal.completed().size(), 1U);
    RunnerOptions options;
    options.journal = &journal;
    const ResultSet resumed = run_points(loaded, true, options);
    EXPECT_EQ(resumed.rows[1][1].cause, "from the journal");
    EXPECT_EQ(resumed.rows[1][2], fresh.rows[1][2]);
    // Every run is now in the journal: 1 read back + 11 new.
    EXPECT_EQ(journal.completed().size(), 12U);
  }
  {
    // Resuming again finds all 12, and nothing is left to simulate.
    SweepJournal journal(path, "id", true);
    EXPECT_EQ(journal.completed().size(), 12U);
  }
  try {
    SweepJournal other(path, "another", true);
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_EQ(e.field(), "--resume");
    EXPECT_NE(e.message().find("belongs to another sweep"), std::string::npos);
  }
  // Without resume the journal starts over.
  EXPECT_TRUE(SweepJournal(path, "another", false).completed().empty());
  std::remove(path.c_str());
}

TEST(SweepRunner, AJournalOfAnotherSweepsRunsIsRefused) {
  const LoadedScenario loaded = load_scenario_text(SWEEP, "s.yaml");
  const std::string path = temp_path("mismatch");
  SweepJournal journal(path, "id", false);
  RunRow wrong;
  wrong.algorithm = algorithms::Algorithm::TWO_LEVEL;
  journal.append(0, wrong);
  RunnerOptions options;
  options.journal = &journal;
  EXPECT_THROW(run_points(loaded, true, options), core::InputError);
  journal.remove();
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace collsim::study
