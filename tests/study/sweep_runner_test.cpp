#include "study/sweep_runner.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "scenarios/scenario_loader.h"

namespace collsim::study {
namespace {
using scenarios::load_scenario_text;
using scenarios::LoadedScenario;

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

TEST(SweepJournal, ASecondSweepOnTheSameOutputIsRefusedWhileTheFirstRuns) {
  const std::string path = temp_path("locked");
  std::remove(path.c_str());
  RunRow row;
  row.algorithm = algorithms::Algorithm::RING;
  row.cause = "kept";
  {
    SweepJournal first(path, "id", false);
    first.append(0, row);
    for (const bool resume : {false, true}) {
      try {
        SweepJournal second(path, "id", resume);
        ADD_FAILURE() << "no error";
      } catch (const core::InputError& e) {
        EXPECT_EQ(e.field(), resume ? "--resume" : "-o");
        EXPECT_EQ(e.message(), "another collsim sweep is writing this output (its journal '" +
                                   path + "' is locked); wait for it to finish or give another -o");
      }
    }
    // The refused ones changed nothing: the first's run is still there.
  }
  SweepJournal after(path, "id", true);
  ASSERT_EQ(after.completed().size(), 1U);
  EXPECT_EQ(after.completed().at(0).cause, "kept");
  after.remove();
}

TEST(SweepJournal, AnEditedLineIsRefusedWithItsNumber) {
  const std::string path = temp_path("edited");
  std::remove(path.c_str());
  RunRow row;
  row.algorithm = algorithms::Algorithm::RING;
  row.bytes = 1024;
  row.simulated = core::Time::from_ps(123456);
  {
    SweepJournal journal(path, "id", false);
    journal.append(0, row);
    journal.append(1, row);
  }
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t at = text.rfind("123456");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 6, "999999");  // the second run's time, edited
  std::ofstream(path, std::ios::trunc) << text;
  try {
    SweepJournal journal(path, "id", true);
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_EQ(e.message(), "line 3 of the journal '" + path +
                               "' fails its checksum (edited or damaged); delete the journal to "
                               "start over");
  }
  std::remove(path.c_str());
}

TEST(SweepJournal, NcclRowsResumeWithTheirPickAndFasterCandidate) {
  const std::string path = temp_path("nccl");
  std::remove(path.c_str());
  RunRow row;
  row.algorithm = algorithms::Algorithm::NCCL;
  row.bytes = 1 << 20;
  row.simulated = core::Time::from_ps(30'550'000);
  row.cause = "NCCL predicts 28.01us; matches";
  row.nccl_pick = NcclCandidate{algorithms::Algorithm::NCCL_RING, cost::Protocol::LL, 24, 28.014241,
                                row.simulated};
  row.nccl_faster = NcclCandidate{algorithms::Algorithm::NCCL_TREE, cost::Protocol::LL128, 16, 31.5,
                                  core::Time::from_ps(29'000'000)};
  RunRow plain;
  plain.algorithm = algorithms::Algorithm::RING;
  {
    SweepJournal journal(path, "id", false);
    journal.append(0, row);
    journal.append(1, plain);
  }
  const SweepJournal resumed(path, "id", true);
  ASSERT_EQ(resumed.completed().size(), 2u);
  EXPECT_EQ(resumed.completed().at(0), row);
  EXPECT_EQ(resumed.completed().at(1), plain);
  EXPECT_EQ(row_algorithm_text(resumed.completed().at(0)), "nccl:ring/ll/24");
  std::remove(path.c_str());
}

TEST(SweepJournal, ASweepThatStopsBeforeItsFirstRunLeavesNoJournal) {
  const std::string path = temp_path("empty");
  std::remove(path.c_str());
  try {
    SweepJournal journal(path, "id", false);
    EXPECT_TRUE(std::filesystem::exists(path));
    throw std::runtime_error("the run failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace collsim::study
