#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "scenarios/scenario.h"
#include "scenarios/scenario_loader.h"
#include "study/nccl_hardware.h"
#include "study/scenario_run.h"

namespace collsim::study {
namespace {

using algorithms::Algorithm;
using scenarios::Scenario;

constexpr const char* ONE_NODE =
    "  topology:\n"
    "    builder: cluster\n"
    "    nodes: 1\n"
    "    gpusPerNode: 8\n"
    "    island: {fabric: nvswitch, bandwidth: 450GB/s, latency: 0.5us}\n";
constexpr const char* TWO_NODES =
    "  topology:\n"
    "    builder: cluster\n"
    "    nodes: 2\n"
    "    gpusPerNode: 8\n"
    "    island: {fabric: nvswitch, bandwidth: 450GB/s, latency: 0.5us}\n"
    "    nics: {perNode: 8, bandwidth: 400Gb/s, latency: 1us}\n"
    "    network: {fabric: rail_optimized, tiers: 2, latency: 0.6us}\n";

Scenario scenario(const std::string& topology, const std::string& rest) {
  return scenarios::load_scenario_text(
             "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: n}\nspec:\n" + topology +
                 rest,
             "n.yaml")
      .base;
}

const std::string NCCL_HOPPER =
    "  collective: {algorithms: [nccl], sizes: [8B, 1GiB]}\n"
    "  model: {nccl: {gpu: hopper}}\n";

TEST(NcclHardware, ReadsNcclsFiguresOffTheFabric) {
  const Scenario s = scenario(TWO_NODES, NCCL_HOPPER);
  const topology::Fabric fabric = scenarios::build_scenario_fabric(s);
  const std::vector<topology::VertexId> gpus = scenarios::placement_gpus(s.placement, fabric);
  const cost::NcclHardware hw =
      nccl_hardware(fabric, gpus, scenarios::placement_layout(fabric, gpus), *s.model.nccl);
  EXPECT_EQ(hw.nodes, 2);
  EXPECT_EQ(hw.gpus_per_node, 8);
  EXPECT_DOUBLE_EQ(hw.nvlink_gbs, 18 * 20.6);  // 450 GB/s is 18 NVLink4 links
  EXPECT_TRUE(hw.nvswitch);
  EXPECT_DOUBLE_EQ(hw.pcie_gbs, 48);  // the 64 GB/s Gen5 x16 default, as NCCL rates it
  EXPECT_EQ(hw.nics_per_node, 8);
  EXPECT_DOUBLE_EQ(hw.nic_gbs, 50);
  const cost::NcclGraph g = cost::nccl_search(hw);
  EXPECT_EQ(g.search_channels, 8);
  EXPECT_EQ(g.coll_channels, 16);
}

TEST(NcclRun, TheRowIsNcclsPickSimulatedWithItsProtocolAndChannels) {
  const Scenario s = scenario(ONE_NODE, NCCL_HOPPER);
  const RunRow tiny = run_one(s, Algorithm::NCCL, 8);
  EXPECT_EQ(tiny.algorithm, Algorithm::NCCL);
  EXPECT_EQ(row_algorithm_text(tiny), "nccl:ring/ll/1");
  EXPECT_EQ(tiny.cause.rfind("NCCL predicts 15.00us; ", 0), 0u) << tiny.cause;
  const RunRow big = run_one(s, Algorithm::NCCL, 1 << 30);
  EXPECT_EQ(row_algorithm_text(big), "nccl:ring/simple/24");
  ASSERT_TRUE(big.nccl_pick.has_value());
  EXPECT_EQ(big.nccl_pick->simulated, big.simulated);
  // The same run as naming the pick: nccl_ring with Simple on 24 channels.
  Scenario named = s;
  named.collective.channels = 24;
  named.model.protocol = cost::Protocol::SIMPLE;
  EXPECT_EQ(run_one(named, Algorithm::NCCL_RING, 1 << 30).simulated, big.simulated);
  // A faster candidate is named only when it simulated faster than the pick.
  if (big.nccl_faster) {
    EXPECT_LT(*big.nccl_faster->simulated, *big.simulated);
    EXPECT_NE(big.cause.find(nccl_candidate_text(*big.nccl_faster) + " simulates"),
              std::string::npos);
  }
}

TEST(NcclRun, TwoNodesPickTheTreeForSmallSizes) {
  const RunRow row = run_one(scenario(TWO_NODES, NCCL_HOPPER), Algorithm::NCCL, 8);
  EXPECT_EQ(row_algorithm_text(row), "nccl:tree/ll/1");
  EXPECT_EQ(row.cause.rfind("NCCL predicts 25.20us; ", 0), 0u) << row.cause;
}

TEST(NcclRun, TheTunerNeedsTheGpuGeneration) {
  try {
    scenario(ONE_NODE, "  collective: {algorithms: [ring, nccl], sizes: [8B]}\n");
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "n.yaml:10:35: spec.collective.algorithms[1]: nccl runs what NCCL's tuner picks, "
              "whose tables depend on the GPU: give spec.model.nccl.gpu (volta, ampere, hopper "
              "or blackwell)");
  }
}

}  // namespace
}  // namespace collsim::study
