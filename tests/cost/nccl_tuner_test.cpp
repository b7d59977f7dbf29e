#include "cost/nccl_tuner.h"

#include <utility>

#include <gtest/gtest.h>

namespace collsim::cost {
namespace {

using algorithms::Algorithm;

// A DGX-H100-class node: 18 NVLinks at NCCL's 20.6 GB/s through NVSwitches, PCIe Gen5 x16
// (48 GB/s in NCCL's figures), one 400 Gb/s NIC (50 GB/s) per GPU.
NcclHardware h100(int nodes) {
  NcclHardware hw;
  hw.gpu = GpuGeneration::HOPPER;
  hw.nodes = nodes;
  hw.gpus_per_node = 8;
  hw.nvlink_gbs = 18 * 20.6;
  hw.pcie_gbs = 48;
  hw.nics_per_node = nodes > 1 ? 8 : 0;
  hw.nic_gbs = nodes > 1 ? 50 : 0;
  return hw;
}

TEST(NcclSearch, ChannelCountsAsNcclsLogsPrintThem) {
  // 8 x H800 (8 NVLinks, 164.8 GB/s), one node: best 4 x 40, duplicated to 8 x 20; NCCL logs
  // "16 coll channels" (nccl#892).
  NcclHardware h800 = h100(1);
  h800.nvlink_gbs = 8 * 20.6;
  const NcclGraph a = nccl_search(h800);
  EXPECT_EQ(a.search_channels, 8);
  EXPECT_DOUBLE_EQ(a.bw_intra, 20);
  EXPECT_EQ(a.coll_channels, 16);
  // 8 x H100 + 8 x 400G on two nodes: "Pattern 4, crossNic 2, nChannels 8, bw 48/48" and 16
  // channels (8 x 48 = 384 covers the 370.8 GB/s NVLink, no duplication below 50 GB/s).
  const NcclGraph b = nccl_search(h100(2));
  EXPECT_EQ(b.search_channels, 8);
  EXPECT_DOUBLE_EQ(b.bw_inter, 48);
  EXPECT_DOUBLE_EQ(b.bw_intra, 48);
  EXPECT_EQ(b.coll_channels, 16);
  // One H100 node: 6 x 60 (360 < 370.8, not perfect), duplicated to 12 x 30: 24 channels.
  const NcclGraph c = nccl_search(h100(1));
  EXPECT_EQ(c.search_channels, 12);
  EXPECT_DOUBLE_EQ(c.bw_intra, 30);
  EXPECT_EQ(c.coll_channels, 24);
}

// One (algorithm, protocol) of a worked table: NCCL's latency and algorithm bandwidth.
struct Row {
  Algorithm a;
  Protocol p;
  double latency_us;
  double bandwidth_gbs;
};

void expect_entry(const NcclHardware& hw, const NcclGraph& g, const Row& r) {
  const NcclEntry e = nccl_entry(hw, g, r.a, r.p);
  EXPECT_NEAR(e.latency_us, r.latency_us, 1e-9)
      << algorithms::algorithm_name(r.a) << " " << protocol_name(r.p);
  EXPECT_NEAR(e.bandwidth_gbs, r.bandwidth_gbs, 1e-3)
      << algorithms::algorithm_name(r.a) << " " << protocol_name(r.p);
}

// The reference's worked tables (Part B §3.4), 2.30.7 constants, Intel CPU.
TEST(NcclTuner, OneH100NodeEntries) {
  const NcclHardware hw = h100(1);
  const NcclGraph g = nccl_search(hw);
  for (const Row& r : {Row{Algorithm::NCCL_RING, Protocol::LL, 15.0, 80.571},
                       Row{Algorithm::NCCL_RING, Protocol::LL128, 40.6, 189.257},
                       Row{Algorithm::NCCL_RING, Protocol::SIMPLE, 56.0, 205.714},
                       Row{Algorithm::NCCL_TREE, Protocol::LL, 15.2, 43.579},
                       Row{Algorithm::NCCL_TREE, Protocol::LL128, 31.5, 128.8},
                       Row{Algorithm::NCCL_TREE, Protocol::SIMPLE, 64.4, 165.6}}) {
    expect_entry(hw, g, r);
  }
  // Ring/LL below ~3.4 MiB, Ring/LL128 to ~35 MB, then Ring/Simple; the tree never wins.
  EXPECT_EQ(nccl_choose(hw, g, 1 << 20).protocol, Protocol::LL);
  EXPECT_EQ(nccl_choose(hw, g, 8 << 20).protocol, Protocol::LL128);
  const NcclChoice big = nccl_choose(hw, g, 1 << 30);
  EXPECT_EQ(big.algorithm, Algorithm::NCCL_RING);
  EXPECT_EQ(big.protocol, Protocol::SIMPLE);
  EXPECT_EQ(big.channels, 24);
  // 8 B: Ring/LL on one channel (8 B < channels x 512 threads x 8 B x 8 ranks).
  const NcclChoice tiny = nccl_choose(hw, g, 8);
  EXPECT_EQ(tiny.algorithm, Algorithm::NCCL_RING);
  EXPECT_EQ(tiny.channels, 1);
  EXPECT_NEAR(tiny.predicted_us, 15.0 + 8 / (1000 * 80.571428571), 1e-6);
}

TEST(NcclTuner, TwoH100NodesEntries) {
  NcclHardware hw = h100(2);
  const NcclGraph g = nccl_search(hw);
  // Each row with its bandwidth under the TREE pattern (×0.85 on Tree).
  for (const auto& [r, tree_pattern_gbs] :
       {std::pair{Row{Algorithm::NCCL_RING, Protocol::LL, 40.0, 20.8}, 20.8},
        {Row{Algorithm::NCCL_RING, Protocol::LL128, 75.2, 156.587}, 156.587},
        {Row{Algorithm::NCCL_RING, Protocol::SIMPLE, 131.6, 204.8}, 204.8},
        {Row{Algorithm::NCCL_TREE, Protocol::LL, 25.2, 19.5}, 16.575},
        {Row{Algorithm::NCCL_TREE, Protocol::LL128, 48.5, 146.8}, 124.78},
        {Row{Algorithm::NCCL_TREE, Protocol::SIMPLE, 92.4, 165.6}, 140.76}}) {
    hw.tree_pattern = TreePattern::BALANCED_TREE;
    expect_entry(hw, g, r);
    hw.tree_pattern = TreePattern::TREE;
    expect_entry(hw, g, {r.a, r.p, r.latency_us, tree_pattern_gbs});
  }
  // The Ring/Simple plateau: from 64 B per channel and rank (16 x 16 x 64 = 16 KiB) the
  // latency counts 1.4 times.
  hw.tree_pattern = TreePattern::BALANCED_TREE;
  const double bw = nccl_entry(hw, g, Algorithm::NCCL_RING, Protocol::SIMPLE).bandwidth_gbs;
  EXPECT_NEAR(*nccl_time_us(hw, g, Algorithm::NCCL_RING, Protocol::SIMPLE, 16383),
              131.6 + 16383 / (1000 * bw), 1e-9);
  EXPECT_NEAR(*nccl_time_us(hw, g, Algorithm::NCCL_RING, Protocol::SIMPLE, 16384),
              1.4 * 131.6 + 16384 / (1000 * bw), 1e-9);
  EXPECT_EQ(nccl_choose(hw, g, 64 << 10).algorithm, Algorithm::NCCL_TREE);
  EXPECT_EQ(nccl_choose(hw, g, 64 << 10).protocol, Protocol::LL);
  EXPECT_EQ(nccl_choose(hw, g, 1 << 20).protocol, Protocol::LL128);
}

TEST(NcclTuner, ReproducesTimesNcclPrinted) {
  // nccl#1453: 3 nodes x 8 H100, TREE pattern, Intel CPU, 16 channels of 12 GB/s between
  // nodes; NCCL 2.22.3 printed "4096 Bytes -> Algo 0 proto 0 time 25.874907", "8192 ...
  // 26.549810" and "262144 Bytes -> Algo 0 proto 1 time 54.707825" (Tree/LL and Tree/LL128,
  // whose constants 2.30.7 kept).
  // NCCL computes in float: its figures are exact to a few ulps (1.9e-6 at 26 us).
  constexpr double FLOAT_ULPS = 5e-6;
  NcclHardware hw = h100(3);
  hw.tree_pattern = TreePattern::TREE;
  hw.version = NcclVersion::V2_22;
  NcclGraph g;
  g.search_channels = g.tree_channels = 16;
  g.bw_intra = g.bw_inter = g.tree_bw_intra = g.tree_bw_inter = 12;
  g.coll_channels = 32;
  EXPECT_NEAR(*nccl_time_us(hw, g, Algorithm::NCCL_TREE, Protocol::LL, 4096), 25.874907,
              FLOAT_ULPS);
  EXPECT_NEAR(*nccl_time_us(hw, g, Algorithm::NCCL_TREE, Protocol::LL, 8192), 26.549810,
              FLOAT_ULPS);
  EXPECT_NEAR(*nccl_time_us(hw, g, Algorithm::NCCL_TREE, Protocol::LL128, 262144), 54.707825, 1e-6);
}

TEST(NcclTuner, TwoTwentyTwoLatenciesAsNcclPrintedThem) {
  // nccl#1519's NCCL_DEBUG_SUBSYS=TUNING table (2.22 constants, 2 nodes x 8 H100): AllReduce
  // latencies Tree 25.2 / 48.5 / 448.0, Ring 43.4 / 79.4 (LL, LL128, Simple).
  NcclHardware hw = h100(2);
  hw.version = NcclVersion::V2_22;
  const NcclGraph g = nccl_search(hw);
  const auto latency = [&](Algorithm a, Protocol p) { return nccl_entry(hw, g, a, p).latency_us; };
  EXPECT_NEAR(latency(Algorithm::NCCL_TREE, Protocol::LL), 25.2, 1e-9);
  EXPECT_NEAR(latency(Algorithm::NCCL_TREE, Protocol::LL128), 48.5, 1e-9);
  EXPECT_NEAR(latency(Algorithm::NCCL_TREE, Protocol::SIMPLE), 448.0, 1e-9);
  EXPECT_NEAR(latency(Algorithm::NCCL_RING, Protocol::LL), 43.4, 1e-9);
  EXPECT_NEAR(latency(Algorithm::NCCL_RING, Protocol::LL128), 79.4, 1e-9);
  // 2.30 on the same box: Tree/Simple 8.4 + 2(7 x 4.0 + 14), Ring/LL 2(nodes - 1) network steps.
  hw.version = NcclVersion::V2_30;
  EXPECT_NEAR(latency(Algorithm::NCCL_TREE, Protocol::SIMPLE), 92.4, 1e-9);
  EXPECT_NEAR(latency(Algorithm::NCCL_RING, Protocol::LL), 40.0, 1e-9);
}

TEST(NcclSearch, TwoNodeTreesRunAFasterChainInsideTheNodes) {
  // 2 nodes x 4 H100 on an NVLink mesh (3 peers x 6 links: 370.8 GB/s in NCCL's figures),
  // 4 x 200 Gb/s NICs (25 GB/s): the ring finds 4 channels of 24 GB/s (no duplication below
  // 25); the tree's second pass raises its chain to 48 (2 x 24, 4 x 48 = 192 <= 370.8), and
  // then duplicates to 8 x 24. Channels: 2 x min(8, 4) = 8. On 2 nodes NCCL prices the tree
  // at its chain's speed, so at 1 GiB Tree/Simple beats Ring/Simple.
  NcclHardware hw = h100(2);
  hw.gpus_per_node = 4;
  hw.nvswitch = false;
  hw.nics_per_node = 4;
  hw.nic_gbs = 25;
  const NcclGraph g = nccl_search(hw);
  EXPECT_EQ(g.search_channels, 4);
  EXPECT_DOUBLE_EQ(g.bw_intra, 24);
  EXPECT_EQ(g.tree_channels, 8);
  EXPECT_DOUBLE_EQ(g.tree_bw_intra, 24);
  EXPECT_DOUBLE_EQ(g.tree_bw_inter, 12);
  EXPECT_EQ(g.coll_channels, 8);
  // Tree/Simple: min(0.92 x 8 x 24, 8 x 41.4) x 0.5.
  EXPECT_NEAR(nccl_entry(hw, g, Algorithm::NCCL_TREE, Protocol::SIMPLE).bandwidth_gbs,
              0.92 * 192 * 0.5, 1e-9);
  const NcclChoice c = nccl_choose(hw, g, 1 << 30);
  EXPECT_EQ(c.algorithm, Algorithm::NCCL_TREE);
  EXPECT_EQ(c.protocol, Protocol::SIMPLE);
}

TEST(NcclTuner, Ll128IsOffWithoutNvlink) {
  NcclHardware pcie;
  pcie.gpu = GpuGeneration::AMPERE;
  pcie.gpus_per_node = 4;
  pcie.pcie_gbs = 24;
  const NcclGraph g = nccl_search(pcie);
  EXPECT_FALSE(g.nvlink_intra);
  EXPECT_FALSE(nccl_time_us(pcie, g, Algorithm::NCCL_RING, Protocol::LL128, 1 << 20));
  EXPECT_NE(nccl_choose(pcie, g, 1 << 20).protocol, Protocol::LL128);
}

}  // namespace
}  // namespace collsim::cost
