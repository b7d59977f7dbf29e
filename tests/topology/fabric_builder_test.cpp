#include "topology/fabric_builder.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"

namespace collsim::topology {
namespace {

using namespace test_support;

Vertex gpu(std::string name, int node, int local) {
  return {VertexKind::GPU, SwitchTier::NONE, std::move(name), node, local};
}

Vertex leaf(std::string name) {
  return {VertexKind::SWITCH, SwitchTier::LEAF, std::move(name), -1, -1};
}

TEST(FabricBuilder, IdsAreDenseAndEachLinkIsTwoReverseEdges) {
  FabricBuilder b;
  const VertexId g1 = b.add_vertex(gpu("b", 0, 1));
  const VertexId sw = b.add_vertex(leaf("sw"));
  const VertexId g0 = b.add_vertex(gpu("a", 0, 0));
  EXPECT_EQ(g1, 0U);
  EXPECT_EQ(sw, 1U);
  EXPECT_EQ(g0, 2U);
  EXPECT_EQ(b.add_link(g1, sw, gbps(10), ns(5), LinkClass::NETWORK), 0U);
  EXPECT_EQ(b.add_link(g0, sw, gbps(20), ns(7), LinkClass::NETWORK), 2U);
  EXPECT_EQ(b.add_link(g0, sw, gbps(30), ns(9), LinkClass::NETWORK), 4U);  // parallel
  const Fabric f = b.build();

  ASSERT_EQ(f.num_vertices(), 3U);
  ASSERT_EQ(f.num_links(), 6U);
  for (EdgeId e = 0; e < 6; ++e) {
    const Link& l = f.link(e);
    EXPECT_EQ(l.reverse, e ^ 1U);
    EXPECT_EQ(f.link(l.reverse).from, l.to);
    EXPECT_EQ(f.link(l.reverse).to, l.from);
    EXPECT_EQ(f.link(l.reverse).bandwidth, l.bandwidth);
  }
  EXPECT_EQ(f.link(2).from, g0);
  EXPECT_EQ(f.link(2).to, sw);
  EXPECT_EQ(f.link(3).bandwidth, gbps(20));
  EXPECT_EQ(f.link(3).latency, ns(7));
  // Out-links of the switch in EdgeId order: its directions of links 0, 1 and 2.
  const std::vector<EdgeId> out(f.links_of(sw).begin(), f.links_of(sw).end());
  EXPECT_EQ(out, (std::vector<EdgeId>{1, 3, 5}));
  const std::vector<EdgeId> in(f.links_into(sw).begin(), f.links_into(sw).end());
  EXPECT_EQ(in, (std::vector<EdgeId>{0, 2, 4}));
  // GPUs by (node, local), not by id.
  const std::vector<VertexId> gpus(f.gpus().begin(), f.gpus().end());
  EXPECT_EQ(gpus, (std::vector<VertexId>{g0, g1}));
  EXPECT_EQ(f.num_nodes(), 1);
  EXPECT_EQ(f.find_vertex("sw"), sw);
  EXPECT_EQ(f.find_vertex("nope"), std::nullopt);
  EXPECT_EQ(f.vertex(sw).name, "sw");
}

TEST(FabricBuilder, SplitLinkDirectionsEndAtDifferentVertices) {
  FabricBuilder b;
  const VertexId g = b.add_vertex(gpu("g", 0, 0));
  const VertexId up = b.add_vertex({VertexKind::PCIE_SWITCH, SwitchTier::NONE, "up", 0, -1});
  const VertexId down = b.add_vertex({VertexKind::PCIE_SWITCH, SwitchTier::NONE, "down", 0, -1});
  b.add_link({g, up}, {down, g}, gbps(64), ns(100), LinkClass::PCIE);
  b.add_link({up, down}, {down, up}, gbps(64), ns(100), LinkClass::PCIE);
  const Fabric f = b.build();
  EXPECT_EQ(f.link(0).from, g);
  EXPECT_EQ(f.link(0).to, up);
  EXPECT_EQ(f.link(1).from, down);
  EXPECT_EQ(f.link(1).to, g);
  EXPECT_EQ(f.link(1).reverse, 0U);
}

TEST(FabricBuilder, NodesCountFromGpus) {
  FabricBuilder b;
  const VertexId sw = b.add_vertex(leaf("sw"));
  for (int n = 0; n < 3; ++n) {
    for (int l = 0; l < 2; ++l) {
      const VertexId g = b.add_vertex(gpu(fmt::format("g{}{}", n, l), n, l));
      b.add_link(g, sw, gbps(1), ns(1), LinkClass::NETWORK);
    }
  }
  const Fabric f = b.build();
  EXPECT_EQ(f.num_nodes(), 3);
  ASSERT_EQ(f.gpus().size(), 6U);
  EXPECT_EQ(f.vertex(f.gpus()[3]).name, "g11");
}

TEST(FabricBuilder, RejectsBadVerticesAndLinks) {
  EXPECT_EQ(topology_error([] {
              FabricBuilder b;
              b.add_vertex(gpu("a", 0, 0));
              b.add_vertex(leaf("a"));
            }),
            "duplicate vertex name 'a'");
  EXPECT_EQ(topology_error([] {
              FabricBuilder b;
              b.add_vertex(gpu("", 0, 0));
            }),
            "a vertex needs a name");
  const auto link_error = [](core::Bandwidth bw, core::Time lat, bool self = false) {
    return topology_error([&] {
      FabricBuilder b;
      const VertexId a = b.add_vertex(gpu("a", 0, 0));
      const VertexId s = b.add_vertex(leaf("s"));
      b.add_link(a, self ? a : s, bw, lat, LinkClass::NETWORK);
    });
  };
  EXPECT_EQ(link_error(gbps(0), ns(1)),
            "link 'a' -> 's': bandwidth must be greater than zero (got 0 B/s)");
  EXPECT_EQ(link_error(core::Bandwidth::from_bytes_per_second(-5), ns(1)),
            "link 'a' -> 's': bandwidth must be greater than zero (got -5 B/s)");
  EXPECT_EQ(link_error(gbps(2'000'000), ns(1)),
            "link 'a' -> 's': bandwidth 2000TB/s is above the limit of 1000TB/s");
  EXPECT_EQ(link_error(gbps(1), core::Time::from_ps(-3)),
            "link 'a' -> 's': latency must not be negative (got -3 ps)");
  EXPECT_EQ(link_error(gbps(1), core::Time::from_ps(2'000'000'000'000)),
            "link 'a' -> 's': latency 2s is above the limit of 1s");
  EXPECT_EQ(link_error(gbps(1), ns(1), true), "link from 'a' to itself");
}

TEST(FabricBuilder, RejectsBadGpuNumbering) {
  const auto build = [](std::vector<Vertex> gpus) {
    return topology_error([&] {
      FabricBuilder b;
      const VertexId sw = b.add_vertex(leaf("sw"));
      for (Vertex& g : gpus) {
        const VertexId v = b.add_vertex(std::move(g));
        b.add_link(v, sw, gbps(1), ns(1), LinkClass::NETWORK);
      }
      b.build();
    });
  };
  EXPECT_EQ(build({}), "the fabric has no GPU");
  EXPECT_EQ(build({gpu("a", 0, 0), gpu("b", 0, 0)}),
            "GPUs 'a' and 'b' have the same node 0 and local index 0");
  EXPECT_EQ(build({gpu("a", -1, 0)}),
            "GPU 'a' needs a node and a local index >= 0 (got node -1, local 0)");
  EXPECT_EQ(build({gpu("a", 0, 0), gpu("b", 2, 0)}),
            "GPU nodes must be numbered 0..N-1 without gaps: no GPU is on node 1");
  EXPECT_EQ(build({gpu("a", 1, 0)}),
            "GPU nodes must be numbered 0..N-1 without gaps: no GPU is on node 0");
  EXPECT_EQ(build({gpu("a", 0, 0), gpu("b", 0, 2)}),
            "node 0: GPU local indices must be 0..n-1 without gaps: no GPU has local index 1");
  EXPECT_EQ(build({gpu("a", 0, 0), gpu("b", 1, 1)}),
            "node 1: GPU local indices must be 0..n-1 without gaps: no GPU has local index 0");
}

TEST(FabricBuilder, RejectsDisconnectedParts) {
  EXPECT_EQ(topology_error([] {
              FabricBuilder b;
              b.add_vertex(gpu("a", 0, 0));
              b.add_vertex(gpu("b", 0, 1));
              b.build();
            }),
            "'a' has no links");
  EXPECT_EQ(topology_error([] {
              FabricBuilder b;
              const VertexId s1 = b.add_vertex(leaf("s1"));
              const VertexId s2 = b.add_vertex(leaf("s2"));
              const VertexId a = b.add_vertex(gpu("a", 0, 0));
              const VertexId c = b.add_vertex(gpu("c", 0, 1));
              b.add_link(a, s1, gbps(1), ns(1), LinkClass::NETWORK);
              b.add_link(c, s2, gbps(1), ns(1), LinkClass::NETWORK);
              b.build();
            }),
            "'s2' is not connected to 'a'");
  // A single GPU needs no link.
  FabricBuilder one;
  one.add_vertex(gpu("solo", 0, 0));
  EXPECT_EQ(one.build().num_vertices(), 1U);
}

}  // namespace
}  // namespace collsim::topology
