#include "topology/fat_tree_builder.h"

#include <set>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"
#include "topology/bisection.h"

namespace collsim::topology {
namespace {

using namespace test_support;

FatTreeParams fat_tree(int k, int tiers, double oversubscription = 1,
                       std::optional<int> hosts = std::nullopt) {
  FatTreeParams p;
  p.radix = k;
  p.tiers = tiers;
  p.oversubscription = oversubscription;
  p.hosts = hosts;
  return p;
}

struct Case {
  FatTreeParams params;
  std::size_t hosts, leaves, spines, cores, links;
};

TEST(FatTreeBuilder, Counts) {
  const Case cases[] = {
      // k=4, 2 tiers: 4 leaves x 2 hosts, 2 spines; links 8 host + 4 x 2.
      {fat_tree(4, 2), 8, 4, 2, 0, 16},
      // k=4, 3 tiers: 16 hosts, 4 pods x (2 leaves + 2 aggregation), (k/2)^2 = 4 cores;
      // links 16 host + 8 x 2 leaf-agg + 4 cores x 4 pods = 48 (= 3 k^3/4).
      {fat_tree(4, 3), 16, 8, 8, 4, 48},
      // k=8, 3 tiers: 128 hosts, 32 leaves, 32 aggregation, 16 cores; 3 x 128 links.
      {fat_tree(8, 3), 128, 32, 32, 16, 384},
      // k=8, 3 tiers, 2:1: 4 / 2 = 2 uplinks per leaf, so 2 aggregation switches per pod
      // (16) and 2 x 4 = 8 cores; links 128 + 32 x 2 + 8 x 8 = 256.
      {fat_tree(8, 3, 2), 128, 32, 16, 8, 256},
      // k=4, 3 tiers, 5 hosts: 3 leaves (the last holds one host), 2 pods (the last holds
      // one leaf), 2 x 2 aggregation, 4 cores; links 5 + 3 x 2 + 4 x 2 = 19.
      {fat_tree(4, 3, 1, 5), 5, 3, 4, 4, 19},
      // k=16, 3 tiers, 2:1: 1024 hosts, 128 leaves, 16 pods x 4 = 64 aggregation, 4 x 8 = 32
      // cores; links 1024 + 128 x 4 + 32 x 16 = 2048.
      {fat_tree(16, 3, 2), 1024, 128, 64, 32, 2048},
  };
  for (const Case& c : cases) {
    const Fabric f = build_fat_tree(c.params);
    const auto label = ::testing::PrintToString(c.params.radix) + "/" +
                       ::testing::PrintToString(c.params.tiers) + "/" +
                       ::testing::PrintToString(c.params.oversubscription);
    EXPECT_EQ(f.gpus().size(), c.hosts) << label;
    EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::LEAF), c.leaves) << label;
    EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::SPINE), c.spines) << label;
    EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::CORE), c.cores) << label;
    EXPECT_EQ(f.num_vertices(), c.hosts + c.leaves + c.spines + c.cores) << label;
    EXPECT_EQ(count_links(f, LinkClass::NETWORK), c.links) << label;
    EXPECT_EQ(f.num_links(), 2 * c.links) << label;
    EXPECT_EQ(f.num_nodes(), static_cast<int>(c.hosts)) << label;
  }
}

TEST(FatTreeBuilder, PathLengthsAndBottleneck) {
  FatTreeParams params = fat_tree(8, 3);
  params.bandwidth = gbps(25);
  Fabric f = build_fat_tree(params);
  // Hosts 0-3 share leaf0; leaves 0-3 are pod 0 (16 hosts); host 16 is in pod 1.
  EXPECT_EQ(visited(f, test_support::route(f, "host0", "host3")),
            (std::vector<std::string>{"host0", "leaf0", "host3"}));
  EXPECT_EQ(f.path(test_support::route(f, "host0", "host4")).size(), 4U);
  const PathId cross = test_support::route(f, "host0", "host16");
  EXPECT_EQ(f.path(cross).size(), 6U);
  EXPECT_EQ(f.path_bottleneck(cross), gbps(25));
  EXPECT_EQ(f.path_latency(cross), ns(6 * 600));
}

TEST(FatTreeBuilder, EcmpUsesEveryEqualCostPathDeterministically) {
  Fabric f = build_fat_tree(fat_tree(8, 3));
  Fabric again = build_fat_tree(fat_tree(8, 3));
  // Across pods: 4 aggregation switches in the source pod x 4 cores each = 16 paths.
  // Within a pod, across leaves: one per aggregation switch, 4.
  const std::pair<const char*, std::size_t> cases[] = {{"host16", 16}, {"host4", 4}};
  for (const auto& [dst, expected] : cases) {
    std::set<std::vector<EdgeId>> distinct;
    for (std::uint32_t channel = 0; channel < 256; ++channel) {
      const PathId p = test_support::route(f, "host0", dst, channel);
      const std::vector<EdgeId> edges(f.path(p).begin(), f.path(p).end());
      distinct.insert(edges);
      const PathId q = test_support::route(again, "host0", dst, channel);
      EXPECT_EQ(edges, std::vector<EdgeId>(again.path(q).begin(), again.path(q).end()));
      // The cache gives the same path back.
      EXPECT_EQ(test_support::route(f, "host0", dst, channel), p);
    }
    EXPECT_EQ(distinct.size(), expected) << dst;
  }
}

TEST(FatTreeBuilder, EcmpSpreadsManyFlowsOverTheCoreLayer) {
  Fabric f = build_fat_tree(fat_tree(8, 3));
  // Every host of pod 0 to its counterpart in pod 1, one channel: the 16 flows' hashes pick
  // cores; collisions are allowed (that is ECMP) but not one core for all.
  std::set<std::string> cores;
  for (int h = 0; h < 16; ++h) {
    const std::vector<std::string> names =
        visited(f, test_support::route(f, fmt::format("host{}", h), fmt::format("host{}", 16 + h)));
    cores.insert(names[3]);
  }
  EXPECT_GT(cores.size(), 4U);
}

TEST(FatTreeBuilder, TwoToOneOversubscriptionHalvesTheBisection) {
  FatTreeParams full = fat_tree(8, 3);
  FatTreeParams half = fat_tree(8, 3, 2);
  // Full: 64 hosts per half, each 400 Gb/s = 50 GB/s: 3200 GB/s. 2:1: the 16 leaves of a
  // half have 2 uplinks each: 32 x 50 GB/s = 1600 GB/s.
  const std::optional<Bisection> a = bisection_bandwidth(build_fat_tree(full));
  const std::optional<Bisection> b = bisection_bandwidth(build_fat_tree(half));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->first_half, 64U);
  EXPECT_EQ(a->bandwidth, gbps(3200));
  EXPECT_EQ(b->bandwidth, gbps(1600));
  EXPECT_EQ(a->bandwidth.bytes_per_second(), 2 * b->bandwidth.bytes_per_second());
  // 2 tiers, k = 8: 32 hosts; 16 per half, 4 leaves of 4 uplinks (full) or 2 (2:1).
  EXPECT_EQ(bisection_bandwidth(build_fat_tree(fat_tree(8, 2)))->bandwidth, gbps(800));
  EXPECT_EQ(bisection_bandwidth(build_fat_tree(fat_tree(8, 2, 2)))->bandwidth, gbps(400));
}

TEST(FatTreeBuilder, RejectsImpossibleParameters) {
  const auto error = [](FatTreeParams p) { return topology_error([&] { build_fat_tree(p); }); };
  EXPECT_EQ(error(fat_tree(7, 3)), "radix: must be an even number of ports from 2 to 1024 (got 7)");
  EXPECT_EQ(error(fat_tree(0, 3)), "radix: must be an even number of ports from 2 to 1024 (got 0)");
  EXPECT_EQ(error(fat_tree(8, 1)), "tiers: must be 2 or 3 (got 1)");
  EXPECT_EQ(error(fat_tree(8, 3, 0.5)), "oversubscription: must be at least 1 (got 0.5)");
  EXPECT_EQ(error(fat_tree(8, 3, 3)),
            "oversubscription: 3 does not divide the k/2 = 4 host ports of a leaf into a whole "
            "number of uplinks");
  EXPECT_EQ(error(fat_tree(8, 3, 1, 0)), "hosts: must be at least 1 (got 0)");
  EXPECT_EQ(error(fat_tree(8, 3, 1, 129)),
            "hosts: a 3-tier fat-tree of radix 8 holds at most 128 hosts (k^3/4) (got 129)");
  EXPECT_EQ(error(fat_tree(8, 2, 1, 33)),
            "hosts: a 2-tier fat-tree of radix 8 holds at most 32 hosts (k^2/2) (got 33)");
  EXPECT_EQ(error(fat_tree(256, 3)), "hosts: must be at most 1048576 (got 4194304)");
  FatTreeParams zero = fat_tree(8, 3);
  zero.bandwidth = gbps(0);
  EXPECT_EQ(error(zero), "bandwidth: must be greater than zero (got 0 B/s)");
  FatTreeParams negative = fat_tree(8, 3);
  negative.latency = core::Time::from_ps(-1);
  EXPECT_EQ(error(negative), "latency: must not be negative (got -1 ps)");
}

}  // namespace
}  // namespace collsim::topology
