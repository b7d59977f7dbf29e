#include "topology/pcie_builder.h"

#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"

namespace collsim::topology {
namespace {

using namespace test_support;

PcieParams pcie(int gpus, int per_switch, bool p2p) {
  PcieParams p;
  p.gpus = gpus;
  p.gpus_per_switch = per_switch;
  p.peer_to_peer = p2p;
  return p;
}

TEST(PcieBuilder, Counts) {
  // 8 GPUs, 2 per switch: 4 switches + 1 host bridge; 8 GPU links + 4 uplinks.
  const Fabric p2p = build_pcie_host(pcie(8, 2, true));
  EXPECT_EQ(p2p.num_vertices(), 13U);
  EXPECT_EQ(count_vertices(p2p, VertexKind::PCIE_SWITCH), 4U);
  EXPECT_EQ(count_vertices(p2p, VertexKind::HOST_BRIDGE), 1U);
  EXPECT_EQ(count_links(p2p, LinkClass::PCIE), 12U);
  // Without P2P each switch is two halves: 8 + 2 x 4 + 1 vertices, the same 12 links.
  const Fabric split = build_pcie_host(pcie(8, 2, false));
  EXPECT_EQ(split.num_vertices(), 17U);
  EXPECT_EQ(count_vertices(split, VertexKind::PCIE_SWITCH), 8U);
  EXPECT_EQ(count_links(split, LinkClass::PCIE), 12U);
  EXPECT_EQ(split.num_links(), 24U);
  // 5 GPUs, 2 per switch: 3 switches (the last with one GPU); 5 + 3 links.
  const Fabric odd = build_pcie_host(pcie(5, 2, true));
  EXPECT_EQ(odd.num_vertices(), 9U);
  EXPECT_EQ(count_links(odd, LinkClass::PCIE), 8U);
}

TEST(PcieBuilder, PeerToPeerStaysUnderTheSwitch) {
  PcieParams params = pcie(8, 2, true);
  params.uplink_bandwidth = gbps(32);
  Fabric f = build_pcie_host(params);
  const PathId same = test_support::route(f, "gpu0", "gpu1");
  EXPECT_EQ(visited(f, same), (std::vector<std::string>{"gpu0", "pcie0", "gpu1"}));
  EXPECT_EQ(f.path_bottleneck(same), gbps(64));
  const PathId other = test_support::route(f, "gpu0", "gpu5");
  EXPECT_EQ(visited(f, other),
            (std::vector<std::string>{"gpu0", "pcie0", "host_bridge", "pcie2", "gpu5"}));
  EXPECT_EQ(f.path_bottleneck(other), gbps(32));
  EXPECT_EQ(f.path_latency(other), ns(400));
}

TEST(PcieBuilder, WithoutPeerToPeerEveryTransferCrossesTheHostBridge) {
  Fabric f = build_pcie_host(pcie(8, 2, false));
  EXPECT_EQ(visited(f, test_support::route(f, "gpu0", "gpu1")),
            (std::vector<std::string>{"gpu0", "pcie0.up", "host_bridge", "pcie0.down", "gpu1"}));
  EXPECT_EQ(visited(f, test_support::route(f, "gpu7", "gpu2")),
            (std::vector<std::string>{"gpu7", "pcie3.up", "host_bridge", "pcie1.down", "gpu2"}));
  // The two directions of gpu0's link are on different halves of pcie0.
  const VertexId g0 = test_support::id(f, "gpu0");
  const Link& out = f.link(f.links_of(g0)[0]);
  EXPECT_EQ(f.vertex(out.to).name, "pcie0.up");
  EXPECT_EQ(f.vertex(f.link(out.reverse).from).name, "pcie0.down");
}

TEST(PcieBuilder, RejectsBadParameters) {
  const auto error = [](PcieParams p) { return topology_error([&] { build_pcie_host(p); }); };
  EXPECT_EQ(error(pcie(0, 2, true)), "gpus: must be at least 1 (got 0)");
  EXPECT_EQ(error(pcie(8, 0, true)), "gpusPerSwitch: must be at least 1 (got 0)");
  PcieParams p = pcie(8, 2, true);
  p.uplink_bandwidth = gbps(0);
  EXPECT_EQ(error(p), "uplinkBandwidth: must be greater than zero (got 0 B/s)");
  p = pcie(8, 2, true);
  p.latency = core::Time::from_ps(-7);
  EXPECT_EQ(error(p), "latency: must not be negative (got -7 ps)");
}

}  // namespace
}  // namespace collsim::topology
