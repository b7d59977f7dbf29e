#include "topology/cluster_builder.h"

#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"

namespace collsim::topology {
namespace {

using namespace test_support;

struct Counts {
  std::size_t vertices;
  std::size_t nics;
  std::size_t leaves;
  std::size_t spines;
  std::size_t cores;
  std::size_t nvlink;
  std::size_t pcie;
  std::size_t network;
};

void expect_counts(const Fabric& f, const Counts& c) {
  EXPECT_EQ(f.num_vertices(), c.vertices);
  EXPECT_EQ(count_vertices(f, VertexKind::NIC), c.nics);
  EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::LEAF), c.leaves);
  EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::SPINE), c.spines);
  EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::CORE), c.cores);
  EXPECT_EQ(count_links(f, LinkClass::NVLINK), c.nvlink);
  EXPECT_EQ(count_links(f, LinkClass::PCIE), c.pcie);
  EXPECT_EQ(count_links(f, LinkClass::NETWORK), c.network);
  EXPECT_EQ(f.num_links(), 2 * (c.nvlink + c.pcie + c.network));
}

TEST(ClusterBuilder, DefaultsToOneIslandWithoutNetwork) {
  const Fabric f = build_cluster(ClusterParams{});
  // 8 GPUs + 1 NVSwitch, 8 NVLinks.
  expect_counts(f, {9, 0, 0, 0, 0, 8, 0, 0});
  EXPECT_EQ(f.num_nodes(), 1);
}

TEST(ClusterBuilder, SingleNodeOnItsRailLeaves) {
  // 8 GPUs + 1 NVSwitch + 8 NICs + 8 rail leaves of one NIC + ceil(1 / 1) = 1 spine;
  // links 8 NVLink, 8 PCIe, 8 NIC-leaf + 8 leaf-spine.
  expect_counts(build_cluster(rail_cluster(1, 8, 8)), {26, 8, 8, 1, 0, 8, 8, 16});
}

TEST(ClusterBuilder, RailOptimizedTwoTierCounts) {
  // 4 nodes: one scalable unit (32 nodes per SU with 64-port leaves) holding 4 nodes, so 8
  // rail leaves of 4 NICs, each with ceil(4 / 1) = 4 uplinks -> 4 spines.
  // Vertices 4 x (8 + 1 + 8) + 8 + 4 = 80; links 32 NVLink, 32 PCIe, 32 NIC-leaf + 8 x 4.
  expect_counts(build_cluster(rail_cluster(4, 8, 8)), {80, 32, 8, 4, 0, 32, 32, 64});
  // 32 nodes fill the SU: 8 leaves of 32 NICs, 32 uplinks each -> 32 spines.
  // Vertices 32 x 17 + 8 + 32 = 584; network 256 NIC-leaf + 8 x 32 leaf-spine.
  expect_counts(build_cluster(rail_cluster(32, 8, 8)), {584, 256, 8, 32, 0, 256, 256, 512});
  // 64 nodes: 2 SUs, 16 leaves of 32 NICs, 32 spines of 16 ports each.
  // Vertices 64 x 17 + 16 + 32 = 1136; network 512 + 16 x 32 = 1024.
  expect_counts(build_cluster(rail_cluster(64, 8, 8)), {1136, 512, 16, 32, 0, 512, 512, 1024});
  // 4 NICs for 8 GPUs: 4 rails; GPU i on NIC i/2. Vertices 4 x (8 + 1 + 4) + 4 + 4 = 60;
  // links 32 NVLink, 32 PCIe (one per GPU), 16 NIC-leaf + 4 x 4 leaf-spine.
  expect_counts(build_cluster(rail_cluster(4, 8, 4)), {60, 16, 4, 4, 0, 32, 32, 32});
}

TEST(ClusterBuilder, RailOptimizedThreeTierCounts) {
  // 16 nodes x 2 GPUs, 2 NICs, 8-port switches: an SU is 4 nodes, so 4 SUs and 8 leaves of 4
  // NICs; a pod takes floor(4 / 2) = 2 SUs = 4 leaves, so 2 pods; 4 uplinks per leaf -> 4
  // spines per pod (8), cores 4 groups x 4 = 16, each linked to both pods.
  // Vertices 16 x (2 + 1 + 2) + 8 + 8 + 16 = 112; network 32 NIC-leaf + 8 x 4 + 16 x 2 = 96.
  expect_counts(build_cluster(rail_cluster(16, 2, 2, 8, 3)), {112, 32, 8, 8, 16, 32, 32, 96});
}

TEST(ClusterBuilder, FatTreeNetworkPacksNicsOntoLeaves) {
  ClusterParams p = rail_cluster(4, 8, 8, 16);
  p.network->fabric = NetworkFabric::FAT_TREE;
  Fabric f = build_cluster(p);
  // 32 NICs, 8 per 16-port leaf: 4 leaves (one per node here), 8 uplinks -> 8 spines.
  // Vertices 4 x 17 + 4 + 8 = 80; network 32 + 4 x 8 = 64.
  expect_counts(f, {80, 32, 4, 8, 0, 32, 32, 64});
  // Same rail on two nodes is not one leaf any more: up through a spine.
  EXPECT_EQ(f.path(test_support::route(f, "node0.gpu0", "node1.gpu0")).size(), 6U);
}

TEST(ClusterBuilder, PathsWithinANodeAndOnOneRail) {
  Fabric f = build_cluster(rail_cluster(4, 8, 8));
  // Same NVSwitch: NVLink only, never the network.
  const PathId same_node = test_support::route(f, "node1.gpu2", "node1.gpu7");
  EXPECT_EQ(visited(f, same_node),
            (std::vector<std::string>{"node1.gpu2", "node1.nvswitch", "node1.gpu7"}));
  EXPECT_EQ(f.path_bottleneck(same_node), gbps(450));
  // Same rail across nodes: GPU -> NIC -> rail leaf -> NIC -> GPU; bottleneck the 400 Gb/s
  // NIC port (50 GB/s), latency 2 x 100 ns PCIe + 2 x 1 us NIC links.
  const PathId rail = test_support::route(f, "node0.gpu3", "node2.gpu3");
  EXPECT_EQ(visited(f, rail), (std::vector<std::string>{"node0.gpu3", "node0.nic3", "su0.rail3",
                                                        "node2.nic3", "node2.gpu3"}));
  EXPECT_EQ(f.path_bottleneck(rail), gbps(50));
  EXPECT_EQ(f.path_latency(rail), ns(2200));
  // NIC to NIC on one rail stays in the rail's leaf.
  EXPECT_EQ(visited(f, test_support::route(f, "node3.nic5", "node0.nic5")),
            (std::vector<std::string>{"node3.nic5", "su0.rail5", "node0.nic5"}));
}

TEST(ClusterBuilder, DifferentRailsGoThroughASpineNeverThroughAGpu) {
  ClusterParams params = rail_cluster(4, 8, 8);
  // NVLink much faster than the network: a path relaying through node0.gpu5 and its rail
  // would tie on hops (6) and win on latency, if GPUs could forward.
  params.island.latency = ns(1);
  Fabric f = build_cluster(params);
  const PathId p = test_support::route(f, "node0.gpu2", "node1.gpu5");
  const std::vector<std::string> names = visited(f, p);
  ASSERT_EQ(names.size(), 7U);
  EXPECT_EQ(names[1], "node0.nic2");
  EXPECT_EQ(names[2], "su0.rail2");
  EXPECT_EQ(names[3].substr(0, 5), "spine");
  EXPECT_EQ(names[4], "su0.rail5");
  EXPECT_EQ(names[5], "node1.nic5");
  // 2 x 100 ns + 2 x 1 us + 2 x 0.6 us.
  EXPECT_EQ(f.path_latency(p), ns(3400));
  EXPECT_EQ(f.path_bottleneck(p), gbps(50));
}

TEST(ClusterBuilder, PathsAcrossScalableUnitsAndPods) {
  Fabric f = build_cluster(rail_cluster(16, 2, 2, 8, 3));
  // Same rail, other SU of the same pod (nodes 0-7 are pod 0): leaf -> spine -> leaf.
  const PathId same_pod = test_support::route(f, "node0.gpu0", "node5.gpu0");
  const std::vector<std::string> a = visited(f, same_pod);
  ASSERT_EQ(a.size(), 7U);
  EXPECT_EQ(a[2], "su0.rail0");
  EXPECT_EQ(a[3].substr(0, 10), "pod0.spine");
  EXPECT_EQ(a[4], "su1.rail0");
  // Across pods (node 8 is SU 2, pod 1), other rail: up to a core and down again.
  const PathId cross = test_support::route(f, "node0.gpu0", "node8.gpu1");
  const std::vector<std::string> b = visited(f, cross);
  ASSERT_EQ(b.size(), 9U);
  EXPECT_EQ(b[2], "su0.rail0");
  EXPECT_EQ(b[3].substr(0, 10), "pod0.spine");
  EXPECT_EQ(b[4].substr(0, 4), "core");
  EXPECT_EQ(b[5].substr(0, 10), "pod1.spine");
  EXPECT_EQ(b[6], "su2.rail1");
  // 2 x 100 ns + 2 x 1 us + 4 x 0.6 us.
  EXPECT_EQ(f.path_latency(cross), ns(4600));
}

TEST(ClusterBuilder, OversubscriptionHalvesTheUplinks) {
  ClusterParams p = rail_cluster(32, 8, 8);
  p.network->oversubscription = 2;
  const Fabric f = build_cluster(p);
  // 32 NICs per leaf, 32 / 2 = 16 uplinks -> 16 spines; 8 x 16 leaf-spine links.
  EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::SPINE), 16U);
  EXPECT_EQ(count_links(f, LinkClass::NETWORK), 256U + 128U);
  // A network bandwidth of its own for switch-to-switch links.
  p.network->bandwidth = gbps(100);
  const Fabric g = build_cluster(p);
  const VertexId spine = test_support::id(g, "spine0");
  EXPECT_EQ(g.link(g.links_of(spine)[0]).bandwidth, gbps(100));
}

TEST(ClusterBuilder, RejectsImpossibleParameters) {
  const auto error = [](auto edit) {
    return topology_error([&] {
      ClusterParams p = rail_cluster(4, 8, 8);
      edit(p);
      build_cluster(p);
    });
  };
  EXPECT_EQ(error([](ClusterParams& p) { p.nodes = 0; }), "nodes: must be at least 1 (got 0)");
  EXPECT_EQ(error([](ClusterParams& p) { p.gpus_per_node = 0; }),
            "gpusPerNode: must be at least 1 (got 0)");
  EXPECT_EQ(error([](ClusterParams& p) { p.nodes = 200'000; }),
            "nodes: 200000 nodes x 8 GPUs is more than the 1048576 GPUs collsim builds");
  EXPECT_EQ(error([](ClusterParams& p) { p.nics->per_node = 3; }),
            "nics.perNode: 3 NICs per node do not divide the 8 GPUs of a node evenly");
  EXPECT_EQ(error([](ClusterParams& p) { p.nics->per_node = 0; }),
            "nics.perNode: must be at least 1 (got 0)");
  EXPECT_EQ(error([](ClusterParams& p) { p.nics->bandwidth = gbps(0); }),
            "nics.bandwidth: must be greater than zero (got 0 B/s)");
  EXPECT_EQ(error([](ClusterParams& p) { p.nics->pcie_latency = core::Time::from_ps(-1); }),
            "nics.pcie.latency: must not be negative (got -1 ps)");
  EXPECT_EQ(error([](ClusterParams& p) { p.island.bandwidth = gbps(0); }),
            "island.bandwidth: must be greater than zero (got 0 B/s)");
  EXPECT_EQ(error([](ClusterParams& p) { p.network.reset(); }),
            "network: a cluster of 4 nodes needs a network");
  EXPECT_EQ(error([](ClusterParams& p) { p.nics.reset(); }),
            "nics: a network needs NICs: give nics.perNode");
  EXPECT_EQ(error([](ClusterParams& p) {
              p.nodes = 1;
              p.network.reset();
            }),
            "network: NICs need a network to connect to (one node's NICs can have their rail "
            "leaves too)");
  EXPECT_EQ(error([](ClusterParams& p) { p.network->tiers = 4; }),
            "network.tiers: must be 2 or 3 (got 4)");
  EXPECT_EQ(error([](ClusterParams& p) { p.network->oversubscription = 0.5; }),
            "network.oversubscription: must be at least 1 (got 0.5)");
  EXPECT_EQ(error([](ClusterParams& p) { p.network->radix = 63; }),
            "network.radix: must be an even number of ports from 2 to 1024 (got 63)");
  EXPECT_EQ(error([](ClusterParams& p) { p.network->bandwidth = gbps(0); }),
            "network.bandwidth: must be greater than zero (got 0 B/s)");
  // 2048 nodes / 32 per SU = 64 SUs x 8 rails = 512 leaves > 64 spine ports.
  EXPECT_EQ(error([](ClusterParams& p) { p.nodes = 2048; }),
            "nodes: 2048 nodes need 512 leaves, but 2 tiers of 64-port switches connect at most "
            "64 (the ports of a spine); use network.tiers: 3 or a larger network.radix");
  // 3 tiers of 8-port switches, 2 rails: pods of 2 SUs x 4 nodes; 80 nodes -> 10 pods > 8.
  EXPECT_EQ(error([](ClusterParams& p) { p = rail_cluster(80, 2, 2, 8, 3); }),
            "nodes: 80 nodes need 10 pods, but 3 tiers of 8-port switches connect at most 8 "
            "(the ports of a core)");
  EXPECT_EQ(error([](ClusterParams& p) { p = rail_cluster(8, 8, 8, 8, 3); }),
            "network.radix: a pod must hold the 8 rail leaves of a scalable unit, but a spine "
            "with 8 ports has only 4 ports down");
}

}  // namespace
}  // namespace collsim::topology
