// fabric_size counts what each builder builds, from its parameters alone: one suite over
// every builder, checked against the built fabric, then the limit refusing a fabric from
// its counts before anything is built.
#include "topology/fabric_size.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"
#include "topology/topology_spec.h"

namespace collsim::topology {
namespace {

using test_support::gbps;
using test_support::ns;
using test_support::rail_cluster;
using test_support::topology_error;

std::vector<TopologySpec> every_builder() {
  std::vector<TopologySpec> specs;
  for (const IslandFabric f : all_island_fabrics()) {
    IslandParams p;
    p.gpus = 8;
    p.nvlink.fabric = f;
    if (f == IslandFabric::PAIRS) {
      p.nvlink.pairs = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 0}, {0, 4}};
    }
    specs.emplace_back(p);
  }
  specs.emplace_back(ClusterParams{});  // one node's island
  for (const NetworkFabric f : all_network_fabrics()) {
    for (const int tiers : {2, 3}) {
      for (const double over : {1.0, 2.0, 3.0}) {
        for (const int nodes : {1, 3, 9, 30}) {
          ClusterParams p = rail_cluster(nodes, 8, 4, 16, tiers);
          p.network->fabric = f;
          p.network->oversubscription = over;
          specs.emplace_back(p);
        }
      }
    }
  }
  for (const int tiers : {2, 3}) {
    for (const double over : {1.0, 2.0}) {
      for (const std::optional<int> hosts : {std::optional<int>{}, std::optional<int>{5}}) {
        FatTreeParams p;
        p.radix = 8;
        p.tiers = tiers;
        p.oversubscription = over;
        p.hosts = hosts;
        specs.emplace_back(p);
      }
    }
  }
  for (const bool p2p : {true, false}) {
    PcieParams p;
    p.gpus = 7;
    p.gpus_per_switch = 2;
    p.peer_to_peer = p2p;
    specs.emplace_back(p);
  }
  ExplicitParams e;
  e.nodes = {{"a", VertexKind::GPU, SwitchTier::NONE, 0, {}},
             {"b", VertexKind::GPU, SwitchTier::NONE, 0, {}},
             {"s", VertexKind::SWITCH, SwitchTier::LEAF, {}, {}}};
  e.links = {{"a", "s", gbps(10), ns(5), {}, 3}, {"b", "s", gbps(10), ns(5), {}, 1}};
  specs.emplace_back(e);
  return specs;
}

TEST(FabricSize, CountsWhatEveryBuilderBuilds) {
  const std::vector<TopologySpec> specs = every_builder();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const Fabric f = build_fabric(specs[i]);
    const FabricSize counted = fabric_size(specs[i]);
    EXPECT_EQ(counted.vertices, f.num_vertices()) << builder_name(specs[i]) << " #" << i;
    EXPECT_EQ(counted.links * 2, f.num_links()) << builder_name(specs[i]) << " #" << i;
  }
}

// 2^17 nodes of 8 GPUs with 8 NICs on a 3-tier rail-optimized network of 1024-port switches:
// 2^20 GPUs and NICs, 2048 leaves of 512 uplinks in 4 pods, 262,144 cores: about 2.4 M
// vertices and 5.2 M links. Refused from the counts, at once, naming the keys.
TEST(FabricSize, ATooLargeFabricIsRefusedFromItsCountsBeforeBuilding) {
  ClusterParams p = rail_cluster(1 << 17, 8, 8, 1024, 3);
  const FabricSize size = cluster_size(p);
  EXPECT_GT(fabric_bytes(size), MAX_FABRIC_BYTES);
  const std::string error = topology_error([&] { build_cluster(p); });
  EXPECT_EQ(error.find("nodes: the fabric would have " + std::to_string(size.vertices) +
                       " vertices and " + std::to_string(size.links) + " links, about "),
            0u)
      << error;
  EXPECT_NE(error.find("more than the 1GiB collsim builds; use fewer nodes or gpusPerNode, a "
                       "smaller network.radix or a higher network.oversubscription"),
            std::string::npos)
      << error;
  // The same limit on a fat-tree, blamed on its radix when the hosts are the default.
  FatTreeParams t;
  t.radix = 1024;
  t.tiers = 2;  // 524,288 hosts, 512 spines, 1024 x 512 leaf-spine links: within the limit
  EXPECT_LE(fabric_bytes(fat_tree_size(t)), MAX_FABRIC_BYTES);
  // A parameter error comes first, as the builder would say it.
  p.network->radix = 7;
  EXPECT_EQ(topology_error([&] { cluster_size(p); }), topology_error([&] { build_cluster(p); }));
  EXPECT_NE(topology_error([&] { cluster_size(p); }).find("network.radix"), std::string::npos);
}

TEST(FabricSize, EstimatesSaturateInsteadOfWrapping) {
  EXPECT_EQ(fabric_bytes({~0ULL, ~0ULL}), ~0ULL);
  EXPECT_EQ(fabric_bytes({1, 2}), FABRIC_BYTES_PER_VERTEX + 2 * FABRIC_BYTES_PER_LINK);
}

}  // namespace
}  // namespace collsim::topology
