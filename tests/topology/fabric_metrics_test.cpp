#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"
#include "topology/bisection.h"
#include "topology/cluster_builder.h"
#include "topology/diameter.h"
#include "topology/fabric_stats.h"
#include "topology/island_builder.h"
#include "topology/pcie_builder.h"

namespace collsim::topology {
namespace {

using namespace test_support;

TEST(FabricMetrics, CountsByKindTierAndClass) {
  const FabricCounts c = count_fabric(build_cluster(rail_cluster(4, 8, 8)));
  // See ClusterBuilder.RailOptimizedTwoTierCounts: 32 GPUs, 4 NVSwitches, 32 NICs, 8 leaves,
  // 4 spines; 32 NVLink, 32 PCIe, 64 network links.
  ASSERT_EQ(c.vertices.size(), 5U);
  EXPECT_EQ(c.vertices[0].kind, VertexKind::GPU);
  EXPECT_EQ(c.vertices[0].count, 32U);
  EXPECT_EQ(c.vertices[1].kind, VertexKind::NVSWITCH);
  EXPECT_EQ(c.vertices[1].count, 4U);
  EXPECT_EQ(c.vertices[2].kind, VertexKind::NIC);
  EXPECT_EQ(c.vertices[2].count, 32U);
  EXPECT_EQ(c.vertices[3].tier, SwitchTier::LEAF);
  EXPECT_EQ(c.vertices[3].count, 8U);
  EXPECT_EQ(c.vertices[4].tier, SwitchTier::SPINE);
  EXPECT_EQ(c.vertices[4].count, 4U);
  ASSERT_EQ(c.links.size(), 3U);
  EXPECT_EQ(c.links[0].physical, 32U);
  EXPECT_EQ(c.links[1].physical, 32U);
  EXPECT_EQ(c.links[2].physical, 64U);
}

TEST(FabricMetrics, InjectionPerGpu) {
  const std::vector<Injection> rail = gpu_injection(build_cluster(rail_cluster(4, 8, 8)));
  ASSERT_EQ(rail.size(), 3U);
  EXPECT_EQ(rail[0].link_class, LinkClass::NVLINK);
  EXPECT_EQ(rail[0].min, gbps(450));
  EXPECT_EQ(rail[0].max, gbps(450));
  EXPECT_EQ(rail[1].min, gbps(64));  // the PCIe link to the NIC
  EXPECT_EQ(rail[2].min, gbps(50));  // one 400 Gb/s NIC per GPU
  // Two GPUs per NIC: 50 GB/s shared, 25 GB/s each.
  ClusterParams shared = rail_cluster(4, 8, 8);
  shared.nics->per_node = 4;
  const std::vector<Injection> half = gpu_injection(build_cluster(shared));
  EXPECT_EQ(half[2].min, gbps(25));
  EXPECT_EQ(half[2].max, gbps(25));
}

TEST(FabricMetrics, BisectionOfAClusterIsItsNics) {
  // Nodes 0-1 against 2-3: 16 GPUs each behind a 50 GB/s NIC; rail traffic stays in the
  // rail leaves, so the NICs are the cut: 16 x 50 = 800 GB/s.
  const std::optional<Bisection> b = bisection_bandwidth(build_cluster(rail_cluster(4, 8, 8)));
  ASSERT_TRUE(b);
  EXPECT_EQ(b->first_half, 16U);
  EXPECT_EQ(b->forward, gbps(800));
  EXPECT_EQ(b->backward, gbps(800));
  // A single GPU has no bisection.
  IslandParams one;
  one.gpus = 1;
  EXPECT_FALSE(bisection_bandwidth(build_island(one)));
}

TEST(FabricMetrics, BisectionOfAPcieHostIsTheUplinks) {
  // GPUs 0-3 sit on switches 0-1: two 64 GB/s uplinks to the host bridge.
  EXPECT_EQ(bisection_bandwidth(build_pcie_host(PcieParams{}))->bandwidth, gbps(128));
}

TEST(FabricMetrics, Diameter) {
  EXPECT_EQ(gpu_diameter(build_cluster(rail_cluster(4, 8, 8))).hops, 6);  // via a spine
  EXPECT_EQ(gpu_diameter(build_cluster(rail_cluster(4, 8, 8))).unreachable_pairs, 0U);
  EXPECT_EQ(gpu_diameter(build_pcie_host(PcieParams{})).hops, 4);
  IslandParams one;
  one.gpus = 1;
  EXPECT_EQ(gpu_diameter(build_island(one)).hops, 0);
  // A 4-GPU ring of NVLinks: opposite GPUs have no route (GPUs do not forward): 4 ordered
  // pairs; the others are 1 hop.
  IslandParams ring;
  ring.gpus = 4;
  ring.nvlink.fabric = IslandFabric::PAIRS;
  ring.nvlink.pairs = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
  const GpuDiameter d = gpu_diameter(build_island(ring));
  EXPECT_EQ(d.hops, 1);
  EXPECT_EQ(d.unreachable_pairs, 4U);
}

TEST(FabricMetrics, DiameterCountsPairsBeyondOneBatchOfSixtyFour) {
  // 20 nodes x 8 GPUs = 160 GPUs: three batches of sources.
  ClusterParams p = rail_cluster(4, 8, 8);
  p.nodes = 20;
  EXPECT_EQ(gpu_diameter(build_cluster(p)).hops, 6);
}

TEST(FabricMetrics, OversubscriptionPerTier) {
  ClusterParams p = rail_cluster(4, 8, 8);
  p.nodes = 32;
  p.network->oversubscription = 2;
  const std::vector<TierOversubscription> tiers = tier_oversubscription(build_cluster(p));
  ASSERT_EQ(tiers.size(), 2U);
  // Leaves: 256 NIC links of 50 GB/s down, 8 x 16 uplinks of 50 GB/s up.
  EXPECT_EQ(tiers[0].tier, SwitchTier::LEAF);
  EXPECT_EQ(tiers[0].switches, 8U);
  EXPECT_EQ(tiers[0].down, gbps(256 * 50));
  EXPECT_EQ(tiers[0].up, gbps(128 * 50));
  EXPECT_DOUBLE_EQ(tiers[0].ratio, 2.0);
  EXPECT_DOUBLE_EQ(tiers[0].max_ratio, 2.0);
  // Spines: the top tier, no uplinks.
  EXPECT_EQ(tiers[1].tier, SwitchTier::SPINE);
  EXPECT_EQ(tiers[1].switches, 16U);
  EXPECT_EQ(tiers[1].down, gbps(128 * 50));
  EXPECT_EQ(tiers[1].up, gbps(0));
  EXPECT_DOUBLE_EQ(tiers[1].ratio, 0.0);
}

}  // namespace
}  // namespace collsim::topology
