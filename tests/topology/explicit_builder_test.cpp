#include "topology/explicit_builder.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"

namespace collsim::topology {
namespace {

using namespace test_support;

ExplicitVertex v(std::string name, VertexKind kind, SwitchTier tier = SwitchTier::NONE) {
  ExplicitVertex x;
  x.name = std::move(name);
  x.kind = kind;
  x.tier = tier;
  return x;
}

ExplicitLink l(std::string from, std::string to, int count = 1) {
  ExplicitLink x;
  x.from = std::move(from);
  x.to = std::move(to);
  x.bandwidth = gbps(10);
  x.latency = ns(100);
  x.count = count;
  return x;
}

// Two nodes of two GPUs, each node a NIC (rail 0) on one leaf.
ExplicitParams two_nodes() {
  ExplicitParams p;
  for (int n = 0; n < 2; ++n) {
    for (int g = 0; g < 2; ++g) {
      ExplicitVertex gpu = v(fmt::format("n{}g{}", n, g), VertexKind::GPU);
      gpu.node = n;
      p.nodes.push_back(gpu);
    }
    ExplicitVertex nic = v(fmt::format("n{}nic", n), VertexKind::NIC);
    nic.node = n;
    nic.rail = 0;
    p.nodes.push_back(nic);
  }
  p.nodes.push_back(v("leaf", VertexKind::SWITCH, SwitchTier::LEAF));
  for (int n = 0; n < 2; ++n) {
    const std::string prefix = fmt::format("n{}", n);
    p.links.push_back(l(prefix + "g0", prefix + "g1", 2));
    p.links.push_back(l(prefix + "g0", prefix + "nic"));
    p.links.push_back(l(prefix + "g1", prefix + "nic"));
    p.links.push_back(l(prefix + "nic", "leaf"));
  }
  return p;
}

TEST(ExplicitBuilder, BuildsNamedVerticesParallelLinksAndInfersClasses) {
  Fabric f = build_explicit(two_nodes());
  // 4 GPUs + 2 NICs + 1 leaf; per node 2 NVLink (count 2), 2 PCIe (GPU-NIC), 1 network.
  EXPECT_EQ(f.num_vertices(), 7U);
  EXPECT_EQ(count_vertices(f, VertexKind::SWITCH, SwitchTier::LEAF), 1U);
  EXPECT_EQ(count_links(f, LinkClass::NVLINK), 4U);
  EXPECT_EQ(count_links(f, LinkClass::PCIE), 4U);
  EXPECT_EQ(count_links(f, LinkClass::NETWORK), 2U);
  EXPECT_EQ(f.num_nodes(), 2);
  const Vertex& g = f.vertex(test_support::id(f, "n1g1"));
  EXPECT_EQ(g.node, 1);
  EXPECT_EQ(g.local, 1);
  EXPECT_EQ(f.vertex(test_support::id(f, "n1nic")).local, 0);
  EXPECT_EQ(f.path(test_support::route(f, "n0g0", "n1g1")).size(), 4U);
}

TEST(ExplicitBuilder, InfersTheLinkClassFromTheEnds) {
  EXPECT_EQ(infer_link_class(VertexKind::GPU, VertexKind::NVSWITCH), LinkClass::NVLINK);
  EXPECT_EQ(infer_link_class(VertexKind::NVSWITCH, VertexKind::NVSWITCH), LinkClass::NVLINK);
  EXPECT_EQ(infer_link_class(VertexKind::GPU, VertexKind::PCIE_SWITCH), LinkClass::PCIE);
  EXPECT_EQ(infer_link_class(VertexKind::HOST_BRIDGE, VertexKind::NIC), LinkClass::PCIE);
  EXPECT_EQ(infer_link_class(VertexKind::NIC, VertexKind::GPU), LinkClass::PCIE);
  EXPECT_EQ(infer_link_class(VertexKind::NIC, VertexKind::SWITCH), LinkClass::NETWORK);
  EXPECT_EQ(infer_link_class(VertexKind::GPU, VertexKind::SWITCH), LinkClass::NETWORK);
}

TEST(ExplicitBuilder, RejectsBadNodesAndLinks) {
  const auto error = [](auto edit) {
    return topology_error([&] {
      ExplicitParams p = two_nodes();
      edit(p);
      build_explicit(p);
    });
  };
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[4].name = "n0g1"; }),
            "nodes[4].name: duplicate name 'n0g1' (also nodes[1])");
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[0].name = ""; }),
            "nodes[0].name: must not be empty");
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[2].tier = SwitchTier::SPINE; }),
            "nodes[2].tier: only a switch has a tier");
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[6].node = 0; }),
            "nodes[6].node: a network switch belongs to no node");
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[0].node = -1; }),
            "nodes[0].node: must be at least 0 (got -1)");
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes[0].rail = 0; }),
            "nodes[0].rail: only a NIC has a rail");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[3].to = "leaf9"; }),
            "links[3].to: unknown node 'leaf9'");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[0].from = "ghost"; }),
            "links[0].from: unknown node 'ghost'");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[1].to = "n0g0"; }),
            "links[1]: a link must join two different nodes (both ends are 'n0g0')");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[0].count = 0; }),
            "links[0].count: must be at least 1 (got 0)");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[2].bandwidth = gbps(0); }),
            "links[2].bandwidth: must be greater than zero (got 0 B/s)");
  EXPECT_EQ(error([](ExplicitParams& p) { p.links[2].latency = core::Time::from_ps(-1); }),
            "links[2].latency: must not be negative (got -1 ps)");
  // A GPU without links, and a node numbering with a gap (from FabricBuilder).
  EXPECT_EQ(error([](ExplicitParams& p) { p.nodes.push_back(v("lonely", VertexKind::GPU)); }),
            "'lonely' has no links");
  EXPECT_EQ(error([](ExplicitParams& p) {
              for (ExplicitVertex& x : p.nodes) {
                if (x.node == 1) {
                  x.node = 2;
                }
              }
            }),
            "GPU nodes must be numbered 0..N-1 without gaps: no GPU is on node 1");
  EXPECT_EQ(error([](ExplicitParams& p) {
              p.nodes.push_back(v("s1", VertexKind::SWITCH));
              p.nodes.push_back(v("s2", VertexKind::SWITCH));
              p.links.push_back(l("s1", "s2"));
            }),
            "'s1' is not connected to 'n0g0'");
}

}  // namespace
}  // namespace collsim::topology
