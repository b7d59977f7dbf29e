#include "topology/island_builder.h"

#include <set>
#include <stdexcept>

#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"

namespace collsim::topology {
namespace {

using namespace test_support;

IslandParams island(int gpus, IslandFabric fabric) {
  IslandParams p;
  p.gpus = gpus;
  p.nvlink.fabric = fabric;
  return p;
}

// A DGX-1-style hybrid cube mesh of V100s: GPUs 0-3 and 4-7 fully connected within each
// quad, GPU i joined to i+4, six NVLinks per GPU, so some pairs have two parallel links.
std::vector<NvlinkPair> hybrid_cube_mesh() {
  return {{0, 1}, {0, 2}, {0, 3}, {0, 3}, {0, 4}, {0, 4}, {1, 2}, {1, 2},
          {1, 3}, {1, 5}, {1, 5}, {2, 3}, {2, 3}, {2, 6}, {3, 7}, {4, 5},
          {4, 6}, {4, 7}, {4, 7}, {5, 6}, {5, 6}, {5, 7}, {6, 7}, {6, 7}};
}

TEST(IslandBuilder, NvswitchCounts) {
  // g GPUs + 1 NVSwitch; g physical links, 2g directed.
  for (const int g : {1, 2, 8}) {
    const Fabric f = build_island(island(g, IslandFabric::NVSWITCH));
    EXPECT_EQ(f.num_vertices(), static_cast<std::size_t>(g) + 1) << g;
    EXPECT_EQ(count_vertices(f, VertexKind::NVSWITCH), 1U);
    EXPECT_EQ(count_links(f, LinkClass::NVLINK), static_cast<std::size_t>(g));
    EXPECT_EQ(f.num_links(), 2U * static_cast<std::size_t>(g));
    EXPECT_EQ(f.num_nodes(), 1);
  }
}

TEST(IslandBuilder, MeshCounts) {
  // g GPUs, g(g-1)/2 physical links: 1, 6, 28 for g = 2, 4, 8.
  const std::pair<int, std::size_t> cases[] = {{2, 1}, {4, 6}, {8, 28}};
  for (const auto& [g, links] : cases) {
    const Fabric f = build_island(island(g, IslandFabric::MESH));
    EXPECT_EQ(f.num_vertices(), static_cast<std::size_t>(g));
    EXPECT_EQ(count_links(f, LinkClass::NVLINK), links) << g;
    EXPECT_EQ(f.num_links(), 2 * links);
  }
}

TEST(IslandBuilder, PairsCountsParallelLinks) {
  IslandParams p = island(8, IslandFabric::PAIRS);
  p.nvlink.pairs = hybrid_cube_mesh();
  const Fabric f = build_island(p);
  // 8 GPUs x 6 NVLinks / 2 ends = 24 physical links, 48 directed; no switch.
  EXPECT_EQ(f.num_vertices(), 8U);
  EXPECT_EQ(count_links(f, LinkClass::NVLINK), 24U);
  for (const VertexId g : f.gpus()) {
    EXPECT_EQ(f.links_of(g).size(), 6U) << f.vertex(g).name;
  }
}

TEST(IslandBuilder, NvswitchPathIsTwoHopsAtTheGpuBandwidth) {
  Fabric f = build_island(island(8, IslandFabric::NVSWITCH));
  const PathId p = test_support::route(f, "gpu0", "gpu5");
  EXPECT_EQ(visited(f, p), (std::vector<std::string>{"gpu0", "nvswitch", "gpu5"}));
  EXPECT_EQ(f.path_bottleneck(p), gbps(450));
  EXPECT_EQ(f.path_latency(p), ns(1000));  // two links of 0.5 us
}

TEST(IslandBuilder, MeshPathIsOneDirectLink) {
  IslandParams params = island(4, IslandFabric::MESH);
  params.nvlink.bandwidth = gbps(100);
  Fabric f = build_island(params);
  const PathId p = test_support::route(f, "gpu3", "gpu1");
  EXPECT_EQ(visited(f, p), (std::vector<std::string>{"gpu3", "gpu1"}));
  EXPECT_EQ(f.path_bottleneck(p), gbps(100));
}

TEST(IslandBuilder, PairsSpreadFlowsOverParallelLinksAndCannotRelayThroughGpus) {
  IslandParams p = island(8, IslandFabric::PAIRS);
  p.nvlink.pairs = hybrid_cube_mesh();
  p.nvlink.bandwidth = gbps(25);
  Fabric f = build_island(p);
  std::set<EdgeId> used;
  for (std::uint32_t c = 0; c < 32; ++c) {
    const PathId path = test_support::route(f, "gpu0", "gpu3", c);
    ASSERT_EQ(f.path(path).size(), 1U);
    EXPECT_EQ(f.path_bottleneck(path), gbps(25));
    used.insert(f.path(path)[0]);
  }
  EXPECT_EQ(used.size(), 2U);  // both of the doubled 0-3 links
  // GPU 5 is not a neighbour of GPU 0, and GPUs do not forward.
  try {
    test_support::route(f, "gpu0", "gpu5");
    ADD_FAILURE() << "expected no route";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "no route from 'gpu0' to 'gpu5' (a path may not pass through another GPU)");
  }
}

TEST(IslandBuilder, RejectsBadParameters) {
  EXPECT_EQ(topology_error([] { build_island(island(0, IslandFabric::NVSWITCH)); }),
            "gpus: must be at least 1 (got 0)");
  EXPECT_EQ(topology_error([] { build_island(island(2'000'000, IslandFabric::NVSWITCH)); }),
            "gpus: must be at most 1048576 (got 2000000)");
  EXPECT_EQ(topology_error([] { build_island(island(1025, IslandFabric::MESH)); }),
            "fabric: a mesh joins at most 1024 GPUs (got 1025)");
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(4, IslandFabric::NVSWITCH);
              p.nvlink.bandwidth = gbps(0);
              build_island(p);
            }),
            "bandwidth: must be greater than zero (got 0 B/s)");
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(4, IslandFabric::NVSWITCH);
              p.nvlink.latency = core::Time::from_ps(-1);
              build_island(p);
            }),
            "latency: must not be negative (got -1 ps)");
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(4, IslandFabric::MESH);
              p.nvlink.pairs = {{0, 1}};
              build_island(p);
            }),
            "pairs: only fabric 'pairs' takes a list of NVLink pairs");
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(4, IslandFabric::PAIRS);
              p.nvlink.pairs = {{0, 1}, {2, 4}};
              build_island(p);
            }),
            "pairs[1]: GPU 4 is outside 0..3");
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(4, IslandFabric::PAIRS);
              p.nvlink.pairs = {{1, 1}};
              build_island(p);
            }),
            "pairs[0]: a pair must join two different GPUs (got 1 twice)");
  EXPECT_EQ(topology_error([] { build_island(island(4, IslandFabric::PAIRS)); }),
            "pairs: fabric 'pairs' needs at least one NVLink pair");
  // Pairs that leave a GPU out: caught by the fabric's own connectivity check.
  EXPECT_EQ(topology_error([] {
              IslandParams p = island(3, IslandFabric::PAIRS);
              p.nvlink.pairs = {{0, 1}};
              build_island(p);
            }),
            "'gpu2' has no links");
}

}  // namespace
}  // namespace collsim::topology
