#include "study/gap_cause.h"

#include <string>

#include <gtest/gtest.h>

#include "scenarios/scenario_loader.h"
#include "study/scenario_run.h"
#include "topology/fat_tree_builder.h"

namespace collsim::study {
namespace {
using scenarios::Scenario;
using scenarios::load_scenario_text;

using algorithms::Algorithm;

Scenario scenario(const std::string& spec) {
  return load_scenario_text(
             "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: g}\nspec:\n" + spec,
             "g.yaml")
      .base;
}

const std::string ISLAND8 =
    "  topology: {builder: island, gpus: 8, bandwidth: 100GB/s, latency: 0}\n";

TEST(GapCause, IncastOnABinaryTreesParentInTheFlowModel) {
  // Both children of a parent send to it through the parent's one NVSwitch port: the link
  // into the parent GPU carries 2 transfers, and the formula does not know.
  const Scenario s = scenario(ISLAND8 +
                              "  collective: {algorithms: [binary_tree], sizes: [256MiB]}\n"
                              "  model: {network: flow, stepLatency: 5us}\n");
  const RunRow row = run_one(s, Algorithm::BINARY_TREE, 256 << 20);
  EXPECT_GT(row.simulated->seconds(), *row.closed_seconds * 1.4);
  EXPECT_EQ(row.cause.substr(0, 13), "nvswitch->gpu") << row.cause;
  EXPECT_NE(row.cause.find("carried up to 2 transfers (incast)"), std::string::npos) << row.cause;
}

TEST(GapCause, ReductionsAtAFiniteBandwidth) {
  const Scenario s = scenario(ISLAND8 +
                              "  collective: {algorithms: [ring], sizes: [64MiB]}\n"
                              "  model: {network: ideal, reduceBandwidth: 10GB/s}\n");
  EXPECT_EQ(run_one(s, Algorithm::RING, 64 << 20).cause,
            "reductions at 10GB/s (free in the formula)");
}

TEST(GapCause, IdealChannelsDoNotShareLinks) {
  // Two channels, each half the data; the ideal model lets both use the full link at once.
  const Scenario s = scenario(ISLAND8 +
                              "  collective: {algorithms: [ring], sizes: [64MiB], channels: 2}\n"
                              "  model: {network: ideal}\n");
  const RunRow row = run_one(s, Algorithm::RING, 64 << 20);
  EXPECT_LT(row.simulated->seconds(), *row.closed_seconds * 0.6);
  EXPECT_EQ(row.cause, "ideal model: the 2 channels do not share links");
}

TEST(GapCause, ACriticalPathLongerThanTheFormulas) {
  // Ring with 2 chunks per piece: each connection carries 2(p-1)k = 28 sends in a row for
  // p = 8, the formula has 2(p-1) = 14 steps.
  const Scenario s = scenario(ISLAND8 +
                              "  collective: {algorithms: [ring], sizes: [1KiB], chunks: 2}\n"
                              "  model: {network: ideal, stepLatency: 5us}\n");
  EXPECT_EQ(run_one(s, Algorithm::RING, 1024).cause,
            "critical path of 28 sends, the formula has 14");
}

TEST(GapCause, TheFormulaPricesEveryStepAtTheSlowestPair) {
  // 2 nodes x 2 GPUs: the binomial tree's 4 levels include NVLink hops, but the flat
  // formula charges each the network pair's 3.4 us and 50 GB/s.
  const Scenario s = scenario(
      "  topology:\n    builder: cluster\n    nodes: 2\n    gpusPerNode: 2\n"
      "    nics: {perNode: 2}\n    network: {fabric: rail_optimized}\n"
      "  collective: {algorithms: [binomial_tree], sizes: [1MiB]}\n"
      "  model: {network: ideal}\n");
  const RunRow row = run_one(s, Algorithm::BINOMIAL_TREE, 1 << 20);
  EXPECT_LT(row.simulated->seconds(), *row.closed_seconds);
  EXPECT_EQ(row.cause, "the formula prices every step at the slowest pair");
}

TEST(GapCause, ADeadlockIsReportedWithAWaitingOp) {
  topology::Fabric fabric = topology::build_fat_tree({});
  sim::RunResult result;
  result.deadlock = sim::Deadlock{3, {{5, {4}}}};
  EXPECT_EQ(gap_cause(result, fabric, {}, {}, {}), "deadlock: 3 ops never ran (op 5 waits on 4)");
  EXPECT_EQ(gap_cause(sim::RunResult{}, fabric, {std::nullopt, std::nullopt, "why"}, {}, {}),
            "no closed form: why");
}

TEST(GapCause, NamesTheLinkThatWasSharedLongestAndItsKind) {
  // A 2-tier k = 4 fat-tree: host0..7, leaf0..3, spine0..1. Synthetic link statistics on
  // one link of each kind; the longest-shared one is named.
  topology::FatTreeParams p;
  p.radix = 4;
  p.tiers = 2;
  topology::Fabric fabric = topology::build_fat_tree(p);
  auto find_link = [&](std::string_view from, std::string_view to) {
    for (topology::EdgeId e = 0; e < fabric.num_links(); ++e) {
      const topology::Link& l = fabric.link(e);
      if (fabric.vertex(l.from).name == from && fabric.vertex(l.to).name == to) {
        return e;
      }
    }
    ADD_FAILURE() << from << "->" << to;
    return topology::EdgeId{0};
  };
  ClosedForm closed{1e-6, 1, ""};
  sim::RunResult result;
  result.makespan = core::Time::from_ps(2'000'000);
  result.critical_path = sim::CriticalPath{};
  result.critical_path->contention = core::Time::from_ps(500'000);
  const std::pair<std::pair<const char*, const char*>, const char*> cases[] = {
      {{"leaf0", "host1"}, "leaf0->host1 carried up to 3 transfers (incast)"},
      {{"host1", "leaf0"}, "host1->leaf0 carried up to 3 transfers (fan-out)"},
      {{"leaf0", "spine1"}, "leaf0->spine1 carried up to 3 transfers (shared uplink)"},
      {{"spine1", "leaf3"}, "spine1->leaf3 carried up to 3 transfers (shared downlink)"},
  };
  for (const auto& [ends, phrase] : cases) {
    result.link_stats.assign(fabric.num_links(), {});
    result.link_stats[find_link("leaf1", "host2")] = {2, core::Time::from_ps(10), 2};
    result.link_stats[find_link(ends.first, ends.second)] = {3, core::Time::from_ps(1000), 5};
    EXPECT_EQ(gap_cause(result, fabric, closed, {}, {}), phrase);
  }
}

TEST(GapCause, GapFraction) {
  // 2 us simulated against 1.6 us: +25%.
  EXPECT_DOUBLE_EQ(gap_fraction(core::Time::from_ps(2'000'000), 1.6e-6), 0.25);
}

}  // namespace
}  // namespace collsim::study
