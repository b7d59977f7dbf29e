#include "study/scenario_run.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/generate.h"
#include "core/input_error.h"
#include "scenarios/scenario.h"
#include "scenarios/scenario_loader.h"
#include "topology/fabric.h"

namespace collsim::study {
namespace {
using algorithms::Algorithm;
using scenarios::Scenario;

Scenario scenario(const std::string& spec) {
  return scenarios::load_scenario_text(
             "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: r}\nspec:\n" + spec,
             "r.yaml")
      .base;
}

std::string run_error(const Scenario& s, Algorithm a, core::Bytes bytes) {
  try {
    run_one(s, a, bytes);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

// A run past core::Time::max() (about 106 days) blames the rate that made it so: 256 MiB
// reduced at 1 B/s takes 8.5 years, sent over 1 B/s links as long.
TEST(ScenarioRun, ARunTooLongForTheClockBlamesTheSlowestRate) {
  const std::string collective = "  collective: {algorithms: [ring], sizes: [256MiB]}\n";
  const Scenario slow_reduce = scenario(
      "  topology: {builder: island, gpus: 4, bandwidth: 100GB/s, latency: 0}\n" + collective +
      "  model:\n"
      "    network: ideal\n"
      "    reduceBandwidth: 1B/s\n");
  EXPECT_EQ(run_error(slow_reduce, Algorithm::RING, 256 << 20),
            "r.yaml:9:22: spec.model.reduceBandwidth: ring of 256MiB: the simulated time exceeds "
            "9223372.04 s (the most a run can take): reductions at 1B/s are too slow for this "
            "size");
  const Scenario slow_link =
      scenario("  topology: {builder: island, gpus: 4, bandwidth: 1B/s, latency: 0}\n" +
               collective + "  model: {network: ideal, reduceBandwidth: 100GB/s}\n");
  // Every link is 1 B/s; the first in id order is named.
  EXPECT_EQ(run_error(slow_link, Algorithm::RING, 256 << 20),
            "r.yaml: spec.topology: ring of 256MiB: the simulated time exceeds 9223372.04 s (the "
            "most a run can take): the slowest link, gpu0 -> nvswitch at 1B/s, is too slow for "
            "this size");
  // A slower link the run never routes over is not to blame: on one node of two, the
  // 1 B/s NICs carry nothing and the 2 B/s reductions are the slowest rate.
  const Scenario unused_nics = scenario(
      "  topology:\n"
      "    builder: cluster\n"
      "    nodes: 2\n"
      "    gpusPerNode: 4\n"
      "    nics: {perNode: 4, bandwidth: 1B/s}\n"
      "    network: {fabric: rail_optimized}\n"
      "  placement: {ranks: 4}\n" +
      collective + "  model: {network: ideal, reduceBandwidth: 2B/s}\n");
  const std::string reduce = run_error(unused_nics, Algorithm::RING, 256 << 20);
  EXPECT_EQ(reduce.substr(0, 44), "r.yaml:13:44: spec.model.reduceBandwidth: ri") << reduce;
  EXPECT_NE(reduce.find("reductions at 2B/s are too slow"), std::string::npos) << reduce;
}

}  // namespace
}  // namespace collsim::study

namespace collsim::study {
namespace {

// Four DGX-H100-class nodes, GPU i on NIC i, NIC i of every node on the rail-i leaf, the
// leaves joined by spines; `network` replaces the rail-optimized network.
Scenario rail_cluster(const std::string& algorithm, const std::string& network) {
  return scenario(
      "  topology:\n"
      "    builder: cluster\n"
      "    nodes: 4\n"
      "    gpusPerNode: 8\n"
      "    island: {fabric: nvswitch, bandwidth: 450GB/s, latency: 0.5us}\n"
      "    nics: {perNode: 8, bandwidth: 400Gb/s, latency: 1us}\n"
      "    network: " +
      network +
      "\n"
      "  collective: {algorithms: [" +
      algorithm +
      "], sizes: [64MiB], channels: 8}\n"
      "  model: {network: flow}\n");
}

constexpr const char* RAILS = "{fabric: rail_optimized, tiers: 2, latency: 0.6us}";
// All 32 NICs on one 64-port leaf.
constexpr const char* ONE_LEAF = "{fabric: fat_tree, tiers: 2, radix: 64, latency: 0.6us}";

// How many of the schedule's sends between nodes route through a spine.
int sends_through_a_spine(const Scenario& s, Algorithm a) {
  topology::Fabric fabric = scenarios::build_scenario_fabric(s);
  const std::vector<topology::VertexId> gpus = scenarios::placement_gpus(s.placement, fabric);
  const algorithms::RankLayout layout = scenarios::placement_layout(fabric, gpus);
  const algorithms::Schedule schedule = algorithms::generate(
      a, algorithms::Collective::ALL_REDUCE, 64 << 20, layout, scenarios::generate_options(s));
  int through_spine = 0;
  for (const algorithms::Op& op : schedule.ops()) {
    if (op.kind != algorithms::OpKind::SEND || layout.node_of(op.src) == layout.node_of(op.dst)) {
      continue;
    }
    const topology::PathId p = fabric.route(gpus[op.src], gpus[op.dst], op.label.channel);
    for (const topology::EdgeId e : fabric.path(p)) {
      through_spine += fabric.vertex(fabric.link(e).to).tier == topology::SwitchTier::SPINE;
    }
  }
  return through_spine;
}

TEST(NcclLayouts, OnARailOptimizedFabricNoHopCrossesRailsAndTheRingRunsAsOnOneLeaf) {
  EXPECT_EQ(sends_through_a_spine(rail_cluster("nccl_ring", RAILS), Algorithm::NCCL_RING), 0);
  EXPECT_EQ(sends_through_a_spine(rail_cluster("nccl_tree", RAILS), Algorithm::NCCL_TREE), 0);
  // The flat ring leaves each node from GPU c-1 and enters the next at GPU c: across rails.
  EXPECT_GT(sends_through_a_spine(rail_cluster("ring", RAILS), Algorithm::RING), 0);

  const auto time_of = [](const std::string& algorithm, const char* network, Algorithm a) {
    const RunRow row = run_one(rail_cluster(algorithm, network), a, 64 << 20);
    return static_cast<double>(row.simulated.value().ps());
  };
  const double rails = time_of("nccl_ring", RAILS, Algorithm::NCCL_RING);
  const double leaf = time_of("nccl_ring", ONE_LEAF, Algorithm::NCCL_RING);
  EXPECT_NEAR(rails / leaf, 1.0, 0.03);
  // The flat ring pays for the spines it crosses.
  EXPECT_GT(time_of("ring", RAILS, Algorithm::RING), 1.2 * rails);
}

}  // namespace
}  // namespace collsim::study
