#include "study/closed_form.h"

#include <cmath>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "algorithms/generate.h"
#include "core/input_error.h"
#include "core/units.h"
#include "scenarios/scenario_loader.h"
#include "study/scenario_run.h"

namespace collsim::study {
namespace {
using scenarios::build_scenario_fabric;
using scenarios::generate_options;
using scenarios::load_scenario_text;
using scenarios::placement_gpus;
using scenarios::placement_layout;
using scenarios::Scenario;

using algorithms::Algorithm;

Scenario scenario(const std::string& spec) {
  return load_scenario_text(
             "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: c}\nspec:\n" + spec,
             "c.yaml")
      .base;
}

// g GPUs, each on its own full-duplex link to one switch: uncontended for every schedule
// that sends to one peer at a time per direction.
std::string island(int gpus, const std::string& bandwidth = "100GB/s",
                   const std::string& latency = "0") {
  return fmt::format("  topology: {{builder: island, gpus: {}, bandwidth: {}, latency: {}}}\n",
                     gpus, bandwidth, latency);
}

TEST(ClosedForm, TheLessonsWorkedExampleToThePicosecond) {
  const Scenario s = scenario(island(64) +
                              "  collective: {algorithms: [ring, binomial_tree], sizes: [1KiB, "
                              "1GB]}\n  model: {network: ideal, stepLatency: 5us}\n");
  // Ring, 1 KiB: 126 steps of 5 us + 16 B / 100 GB/s (160 ps) = 630,020,160 ps.
  const RunRow ring = run_one(s, Algorithm::RING, 1024);
  EXPECT_EQ(ring.simulated, core::Time::from_ps(630'020'160));
  EXPECT_DOUBLE_EQ(*ring.closed_seconds, 630.02016e-6);
  EXPECT_EQ(ring.cause, "matches");
  // Binomial tree, 1 KiB: 12 levels of 5 us + 10.24 ns = 60,122,880 ps.
  const RunRow tree = run_one(s, Algorithm::BINOMIAL_TREE, 1024);
  EXPECT_EQ(tree.simulated, core::Time::from_ps(60'122'880));
  EXPECT_DOUBLE_EQ(*tree.closed_seconds, 60.12288e-6);
  // 1 GB: ring 126 x (5 us + 15,625,000 B / 100 GB/s = 156.25 us) = 20.3175 ms; tree
  // 12 x (5 us + 10 ms) = 120.06 ms.
  EXPECT_EQ(run_one(s, Algorithm::RING, 1'000'000'000).simulated,
            core::Time::from_ps(20'317'500'000));
  EXPECT_EQ(run_one(s, Algorithm::BINOMIAL_TREE, 1'000'000'000).simulated,
            core::Time::from_ps(120'060'000'000));
}

// The invariant the closed forms are built for: on an uncontended uniform fabric the ideal
// simulation equals the formula (to the picosecond rounding of each send).
TEST(ClosedForm, IdealSimulationEqualsTheFormulaOnAnUncontendedFabric) {
  struct Case {
    std::string collective;  // the collective section
    int gpus;
  };
  const Case cases[] = {
      {"{algorithms: [ring, binary_tree, binomial_tree], sizes: [8B, 1MiB, 1GB]}", 8},
      {"{algorithms: [ring, binomial_tree], sizes: [1KiB, 1GB]}", 5},
      {"{op: reducescatter, sizes: [1KiB, 100MB]}", 6},
      {"{op: allgather, sizes: [1KiB, 100MB]}", 8},
      {"{op: broadcast, algorithms: [ring, binary_tree, binomial_tree], sizes: [1MB, 64MiB], "
       "root: 3}",
       7},
      {"{op: reduce, algorithms: [ring, binary_tree, binomial_tree], sizes: [1MB, 64MiB]}", 8},
      {"{op: broadcast, algorithms: [ring, binary_tree], sizes: [10MB], chunks: 5}", 6},
      {"{op: reduce, algorithms: [ring, binary_tree], sizes: [10MB], chunks: 3, pipeline: "
       "false}",
       9},
  };
  for (const Case& c : cases) {
    for (const std::string& latency : {std::string("0"), std::string("0.5us")}) {
      const Scenario s =
          scenario(island(c.gpus, "100GB/s", latency) + "  collective: " + c.collective +
                   "\n  model: {network: ideal, stepLatency: 3us}\n");
      for (const Algorithm a : s.collective.algorithms) {
        for (const core::Bytes bytes : s.collective.sizes) {
          const RunRow row = run_one(s, a, bytes);
          ASSERT_TRUE(row.simulated && row.closed_seconds) << c.collective;
          // At most a picosecond of rounding per send on a path of a few hundred sends.
          EXPECT_NEAR(static_cast<double>(row.simulated->ps()), *row.closed_seconds * 1e12, 1000)
              << c.collective << " " << algorithms::algorithm_name(a) << " " << bytes << " latency "
              << latency;
          EXPECT_EQ(row.cause, "matches");
        }
      }
    }
  }
}

TEST(ClosedForm, TwoLevelMatchesOnARailOptimizedClusterOneNicPerGpu) {
  // 4 nodes x 4 GPUs; same-rank GPUs of two nodes meet on their rail leaf, so the inter-node
  // rings of two_level never share a link, and intra-node rings use the NVSwitch.
  const Scenario s = scenario(
      "  topology:\n    builder: cluster\n    nodes: 4\n    gpusPerNode: 4\n"
      "    nics: {perNode: 4}\n    network: {fabric: rail_optimized}\n"
      "  collective: {algorithms: [two_level], sizes: [4KiB, 256MiB]}\n"
      "  model: {network: flow, stepLatency: 2us}\n");
  for (const core::Bytes bytes : s.collective.sizes) {
    const RunRow row = run_one(s, Algorithm::TWO_LEVEL, bytes);
    EXPECT_NEAR(static_cast<double>(row.simulated->ps()), *row.closed_seconds * 1e12, 1000);
    EXPECT_EQ(row.cause, "matches");
  }
}

TEST(ClosedForm, HopsAreTheSlowestPairOfEachClass) {
  // 2 nodes x 2 GPUs, one NIC per GPU on a rail-optimized network; the ring's pairs are
  // (0,1) and (2,3) inside a node: GPU -> NVSwitch -> GPU, 2 x 0.5 us at 450 GB/s; and
  // (1,2), (3,0) between nodes, from rail 1 to rail 0: GPU -PCIe-> NIC -> leaf -> spine ->
  // leaf -> NIC -PCIe-> GPU, 0.1 + 1 + 0.6 + 0.6 + 1 + 0.1 = 3.4 us, bottleneck the 50 GB/s
  // NIC (PCIe is 64 GB/s; switch links default to the NIC's bandwidth).
  const Scenario s = scenario(
      "  topology:\n    builder: cluster\n    nodes: 2\n    gpusPerNode: 2\n"
      "    nics: {perNode: 2, bandwidth: 400Gb/s, latency: 1us}\n"
      "    network: {fabric: rail_optimized, latency: 0.6us}\n"
      "  collective: {algorithms: [ring], sizes: [1MiB]}\n");
  topology::Fabric fabric = build_scenario_fabric(s);
  const auto gpus = placement_gpus(s.placement, fabric);
  const algorithms::Schedule schedule =
      algorithms::generate(Algorithm::RING, algorithms::Collective::ALL_REDUCE, 1 << 20,
                           placement_layout(fabric, gpus), generate_options(s));
  const FabricHops hops = fabric_hops(schedule, fabric, gpus, "c.yaml");
  EXPECT_EQ(hops.pairs, 4U);
  EXPECT_FALSE(hops.uniform);
  const HopFigures intra{core::parse_time("1us"), core::parse_bandwidth("450GB/s")};
  const HopFigures inter{core::parse_time("3.4us"), core::parse_bandwidth("50GB/s")};
  EXPECT_EQ(hops.intra, intra);
  EXPECT_EQ(hops.inter, inter);
  EXPECT_EQ(hops.all, inter);  // the flat formula's: longest latency, smallest bandwidth
  // Ring over 4 ranks at 1 MiB with alpha = 3.4 us, B = 50 GB/s:
  // 6 x 3.4 us + 6/4 x 1048576 / 50e9 s = 20.4 + 31.45728 us.
  const ClosedForm cf = closed_form({Algorithm::RING,
                                     algorithms::Collective::ALL_REDUCE,
                                     1 << 20,
                                     generate_options(s),
                                     core::Time::zero(),
                                     {}},
                                    placement_layout(fabric, gpus), hops);
  EXPECT_NEAR(*cf.seconds, 51.85728e-6, 1e-15);
  EXPECT_EQ(cf.steps, 6);
}

TEST(ClosedForm, AProtocolAddsItsStepLatencyAndFraming) {
  // 4 GPUs, one node: LL adds NVLink's 0.6 us per step and sends 2 wire bytes per payload
  // byte. 4 MB: 6 steps of (5 + 0.6) us + 1 MB x 2 / 100 GB/s = 20 us: 153.6 us, simulated
  // and closed alike.
  const Scenario s = scenario(island(4) +
                              "  collective: {algorithms: [ring], sizes: [4MB]}\n"
                              "  model: {network: ideal, stepLatency: 5us, protocol: ll}\n");
  const RunRow row = run_one(s, Algorithm::RING, 4'000'000);
  EXPECT_EQ(row.simulated, core::Time::from_ps(153'600'000));
  EXPECT_DOUBLE_EQ(*row.closed_seconds, 153.6e-6);
}

TEST(ClosedForm, NamesWhatHasNoFormula) {
  const Scenario s = scenario(island(4) +
                              "  collective: {op: broadcast, algorithms: [binomial_tree], sizes: "
                              "[1MiB], chunks: 2}\n");
  const RunRow row = run_one(s, Algorithm::BINOMIAL_TREE, 1 << 20);
  EXPECT_FALSE(row.closed_seconds.has_value());
  EXPECT_TRUE(row.simulated.has_value());
  EXPECT_EQ(row.cause, "no closed form: binomial tree in 2 chunks");
  // Uneven nodes: the hierarchical formulas need g GPUs on every node.
  const Scenario uneven = scenario(
      "  topology:\n    builder: cluster\n    nodes: 2\n    gpusPerNode: 4\n"
      "    nics: {perNode: 4}\n    network: {fabric: rail_optimized}\n"
      "  placement: {ranks: 6}\n  collective: {algorithms: [two_level], sizes: [1MiB]}\n");
  EXPECT_EQ(run_one(uneven, Algorithm::TWO_LEVEL, 1 << 20).cause,
            "no closed form: nodes of different sizes");
}

TEST(ClosedForm, APairWithoutARouteIsAnInputError) {
  // GPUs do not forward: on a ring of 4 NVLink pairs 0-1, 1-2, 2-3 (no 3-0 link), the ring
  // AllReduce's last hop, rank 3 to rank 0, has no route.
  const Scenario s = scenario(
      "  topology: {builder: island, gpus: 4, fabric: pairs, pairs: [[0, 1], [1, 2], [2, 3]]}\n"
      "  collective: {algorithms: [ring], sizes: [1MiB]}\n");
  try {
    run_one(s, Algorithm::RING, 1 << 20);
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "c.yaml: spec.topology: ranks 3 and 0 must exchange data: no route from 'gpu3' to "
              "'gpu0' (a path may not pass through another GPU); no order of these GPUs routes "
              "every pair this algorithm sends between, so it cannot run on them");
  }
}

TEST(ClosedForm, APlacementWithoutARouteIsToldTheOrderThatHasOne) {
  // A square 0-2-1-3-0: the rank order 0, 1, 2, 3 has no link 0-1, the order 0, 2, 1, 3 is
  // the square itself (or its mirror, or a rotation: any is right if it runs).
  const std::string fabric =
      "  topology: {builder: island, gpus: 4, fabric: pairs, pairs: [[0, 2], [2, 1], [1, 3], "
      "[3, 0]]}\n  collective: {algorithms: [ring], sizes: [1MiB]}\n";
  std::string advice;
  try {
    run_one(scenario(fabric), Algorithm::RING, 1 << 20);
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    advice = e.message();
  }
  const std::string key = "spec.placement.gpus: ";
  ASSERT_NE(advice.find(key), std::string::npos) << advice;
  const std::string order = advice.substr(advice.find(key) + key.size());
  const RunRow row =
      run_one(scenario(fabric + "  placement: {gpus: " + order + "}\n"), Algorithm::RING, 1 << 20);
  EXPECT_TRUE(row.simulated.has_value());
  EXPECT_EQ(row.cause, "matches");
}

}  // namespace
}  // namespace collsim::study
