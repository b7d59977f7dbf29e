#include "cost/double_binary_tree_cost.h"

#include <gtest/gtest.h>

#include "algorithms/generate_options.h"
#include "algorithms/piece_split.h"
#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::ChunkDefault;
using algorithms::GenerateOptions;
using algorithms::chunks_per_piece;
using algorithms::expect_invalid;
using algorithms::largest_part;

// α = 5 µs, B = 100 GB/s on every hop.
const HopCost HOP{5e-6, 1e11};

DbtParams flat(int nodes, DbtChunking chunking) {
  return {nodes, 1, HOP, HOP, chunking};
}

// Loads worked out by hand from the tree shapes (double_binary_tree_shape.h):
//   n = 2:  tree 0 = 0→1, tree 1 = 1→0. Node 0: a child in tree 0, a parent in tree 1.
//           fill = max(parents 1, children 1) = 1, steady = 1 + 1 = 2; depth 1.
//   n = 3:  tree 0 = 0→2→1, tree 1 = 1→0→2. Node 0: children 1 + 1, parents 0 + 1 -> fill 2,
//           steady 3; node 2: parents 2, children 1 -> 2, 3; node 1: 1, 2. Depth 2.
//   n = 4:  tree 0 = 0→2, 2→{1,3}; tree 1 = 3→1, 1→{2,0}. Node 2: parents 2 (0 in tree 0,
//           1 in tree 1), children 2 -> fill 2, steady 4. Depth 2.
//   n = 8:  tree 0 = 0→4→{2,6}, 2→{1,3}, 6→{5,7}; node 4 is interior in tree 0 (parent 0,
//           children 2 and 6) and a leaf in tree 1 (parent 5): fill 2, steady 4. Depth 3.
//   n = 13: tree 0 = 0→8, 8→{4,12}, 4→{2,6}, 12→{10}, 2→{1,3}, 6→{5,7}, 10→{9,11}; tree 1
//           is tree 0 shifted by one. Node 8: interior in tree 0 (parent 0, children 4, 12),
//           leaf in tree 1 (parent 7): fill 2, steady 4. Depth 4 (0-8-4-2-1, 1-9-5-3-2).
TEST(DoubleBinaryTreeLoads, HandComputedShapes) {
  struct Case {
    int n;
    int depth;
    int fill;
    int steady;
  };
  for (const Case& c : {Case{2, 1, 1, 2}, Case{3, 2, 2, 3}, Case{4, 2, 2, 4}, Case{8, 3, 2, 4},
                        Case{13, 4, 2, 4}}) {
    const DbtLoads l = double_binary_tree_loads(c.n, 1);
    EXPECT_EQ(l.tree_depth, c.depth) << c.n;
    EXPECT_EQ(l.net_fill_load, c.fill) << c.n;
    EXPECT_EQ(l.net_steady_load, c.steady) << c.n;
    EXPECT_EQ(l.chain_fill_load, 0) << c.n;
    EXPECT_EQ(l.chain_steady_load, 0) << c.n;
  }
}

// For an even n >= 4 every node is a leaf in one tree (one neighbour) and interior in at
// most the other (at most three): steady load <= 4, and a node with two children reaches 4.
TEST(DoubleBinaryTreeLoads, EvenCountsLoadTheBusiestPortWithTwoS) {
  for (int n = 4; n <= 512; n += 2) {
    const DbtLoads l = double_binary_tree_loads(n, 1);
    EXPECT_EQ(l.net_steady_load, 4) << n;
    EXPECT_EQ(l.net_fill_load, 2) << n;
  }
}

// Chains: a middle GPU has a chain parent and child in both trees (steady 4, fill 2); with
// g = 2 each GPU has one chain neighbour per tree (2, 2). One node: no network load.
TEST(DoubleBinaryTreeLoads, Chains) {
  const DbtLoads two = double_binary_tree_loads(4, 2);
  EXPECT_EQ(two.chain_fill_load, 2);
  EXPECT_EQ(two.chain_steady_load, 2);
  const DbtLoads eight = double_binary_tree_loads(4, 8);
  EXPECT_EQ(eight.chain_fill_load, 2);
  EXPECT_EQ(eight.chain_steady_load, 4);
  EXPECT_EQ(eight.net_steady_load, 4);
  const DbtLoads one_node = double_binary_tree_loads(1, 8);
  EXPECT_EQ(one_node.tree_depth, 0);
  EXPECT_EQ(one_node.net_fill_load, 0);
  EXPECT_EQ(one_node.net_steady_load, 0);
}

// S = 1 MB, k = 4 chunks per tree, so one chunk-load of bytes costs S/(2kB) = 1.25 µs:
//   T = 2d·(α + fill·1.25 µs) + (k−1)·(α + steady·1.25 µs)
//   n = 2:  2·1·(5 + 1.25)  + 3·(5 + 2.5)  = 12.5 + 22.5  = 35 µs
//   n = 3:  2·2·(5 + 2.5)   + 3·(5 + 3.75) = 30 + 26.25   = 56.25 µs
//   n = 4:  2·2·7.5         + 3·(5 + 5)    = 30 + 30      = 60 µs
//   n = 8:  2·3·7.5         + 3·10         = 45 + 30      = 75 µs
//   n = 13: 2·4·7.5         + 3·10         = 60 + 30      = 90 µs
TEST(DoubleBinaryTreeCost, HandComputedFourChunks) {
  struct Case {
    int n;
    double us;
  };
  for (const Case& c : {Case{2, 35}, Case{3, 56.25}, Case{4, 60}, Case{8, 75}, Case{13, 90}}) {
    const DoubleBinaryTreeCost dbt(flat(c.n, DbtChunking::chunk_count(4)));
    EXPECT_NEAR(dbt.seconds(1e6), c.us * 1e-6, 1e-15) << c.n;
    ASSERT_TRUE(dbt.affine().has_value());
    EXPECT_NEAR(dbt.affine()->seconds(1e6), c.us * 1e-6, 1e-15) << c.n;
  }
}

// 128 KB chunks (131072 B): k = ⌈(S/2) / 131072⌉. S = 1 MB -> ⌈3.81⌉ = 4, the case above;
// S = 1 MiB -> exactly 4; one byte more -> 5.
TEST(DoubleBinaryTreeCost, ChunkSizeSetsTheCount) {
  const DbtChunking c = DbtChunking::chunk_size(131072);
  EXPECT_EQ(c.chunks(1e6), 4);
  EXPECT_EQ(c.chunks(1048576), 4);
  EXPECT_EQ(c.chunks(1048577), 5);
  EXPECT_EQ(c.chunks(0), 1);
  EXPECT_EQ(c.chunks(1), 1);
  const DoubleBinaryTreeCost dbt(flat(8, c));
  EXPECT_NEAR(dbt.seconds(1e6), 75e-6, 1e-15);
  EXPECT_FALSE(dbt.affine().has_value());
}

// The default follows the generator: 512 KiB chunks of each tree's half, at most 256.
// S = 1 MiB -> 1; 8 MiB -> 8; 8 MiB + 1 B -> 9; 256 MiB -> 256; 1 GiB -> 1024, capped to 256.
TEST(DoubleBinaryTreeCost, DefaultChunkingIsTheGenerators) {
  const DbtChunking d = DbtChunking::generator_default();
  EXPECT_EQ(d.chunks(1 << 20), 1);
  EXPECT_EQ(d.chunks(8 << 20), 8);
  EXPECT_EQ(d.chunks((8 << 20) + 1), 9);
  EXPECT_EQ(d.chunks(256 << 20), 256);
  EXPECT_EQ(d.chunks(1 << 30), 256);
  for (const core::Bytes s : {core::Bytes{1}, core::Bytes{3} << 20, core::Bytes{1} << 30}) {
    EXPECT_EQ(d.chunks(static_cast<double>(s)),
              chunks_per_piece(GenerateOptions{}, largest_part(s, 2), ChunkDefault::PIPELINED))
        << s;
  }
}

// S -> 0 with k = 1: only the latency term 2D·α, D = d + (g−1).
TEST(DoubleBinaryTreeCost, ZeroBytesIsTwiceTheDepthInSteps) {
  const DbtChunking by_size = DbtChunking::chunk_size(524288);
  EXPECT_DOUBLE_EQ(DoubleBinaryTreeCost(flat(8, by_size)).seconds(0), 6 * 5e-6);
  EXPECT_DOUBLE_EQ(DoubleBinaryTreeCost(flat(13, by_size)).seconds(0), 8 * 5e-6);
  EXPECT_DOUBLE_EQ(DoubleBinaryTreeCost({4, 8, HOP, HOP, by_size}).seconds(0), 2 * (7 + 2) * 5e-6);
}

// k -> ∞ (α = 0, k = 10^6, S = 1 GB, S/B = 10 ms): the bandwidth term tends to
// steady/2 · S/B — 2S/B = 20 ms for n >= 4 and S/B = 10 ms for n = 2. Exactly:
// (2d·fill + (k−1)·steady) / (2k) · S/B.
TEST(DoubleBinaryTreeCost, ManyChunksReachTheBandwidthTerm) {
  const HopCost no_latency{0, 1e11};
  const DbtChunking many = DbtChunking::chunk_count(1'000'000);
  const double t8 = DoubleBinaryTreeCost({8, 1, no_latency, no_latency, many}).seconds(1e9);
  EXPECT_NEAR(t8, (6 * 2 + 999'999.0 * 4) / 2e6 * 1e-2, 1e-15);
  EXPECT_NEAR(t8, 20e-3, 1e-7);
  const double t2 = DoubleBinaryTreeCost({2, 1, no_latency, no_latency, many}).seconds(1e9);
  EXPECT_NEAR(t2, 10e-3, 1e-7);
}

// Two nodes of four GPUs (chain fill 2, steady 4; network fill 1, steady 2), S = 1 MB, k = 4:
//   T = 2·3·(5 + 2·1.25) + 2·1·(5 + 1·1.25) + 3·max(5 + 4·1.25, 5 + 2·1.25)
//     = 45 + 12.5 + 30 = 87.5 µs
TEST(DoubleBinaryTreeCost, ChainsInsideNodes) {
  const DoubleBinaryTreeCost dbt({2, 4, HOP, HOP, DbtChunking::chunk_count(4)});
  EXPECT_NEAR(dbt.seconds(1e6), 87.5e-6, 1e-15);
}

// A fast chain (α = 1 µs, 1000 GB/s: 0.125 µs per chunk-load) and the 100 GB/s network:
//   T = 2·3·(1 + 2·0.125) + 2·1·(5 + 1.25) + 3·max(1 + 4·0.125, 5 + 2·1.25)
//     = 7.5 + 12.5 + 22.5 = 42.5 µs; the network is the bottleneck for every S: affine.
TEST(DoubleBinaryTreeCost, HeterogeneousHops) {
  const HopCost fast_chain{1e-6, 1e12};
  const DoubleBinaryTreeCost dbt({2, 4, fast_chain, HOP, DbtChunking::chunk_count(4)});
  EXPECT_NEAR(dbt.seconds(1e6), 42.5e-6, 1e-15);
  ASSERT_TRUE(dbt.affine().has_value());
  EXPECT_NEAR(dbt.affine()->seconds(1e6), 42.5e-6, 1e-15);
  // A chain with less latency but less bandwidth than the network: which one limits the
  // steady state depends on S, so there is no affine form.
  const HopCost slow_chain{1e-6, 1e10};
  EXPECT_FALSE(DoubleBinaryTreeCost({2, 4, slow_chain, HOP, DbtChunking::chunk_count(4)}).affine());
  // ... but with one chunk there is no steady state.
  EXPECT_TRUE(DoubleBinaryTreeCost({2, 4, slow_chain, HOP, DbtChunking::chunk_count(1)}).affine());
}

// One node of two GPUs: a one-hop chain each way, both trees through the same two GPUs:
// 2·(α + 2·S/(2B)) for k = 1 = 10 µs + 20 µs at S = 1 MB.
TEST(DoubleBinaryTreeCost, OneNode) {
  const DoubleBinaryTreeCost dbt({1, 2, HOP, HOP, DbtChunking::chunk_count(1)});
  EXPECT_NEAR(dbt.seconds(1e6), 30e-6, 1e-15);
}

TEST(DoubleBinaryTreeCost, RejectsBadArguments) {
  expect_invalid([] { DbtChunking::chunk_count(0); }, "chunks");
  expect_invalid([] { DbtChunking::chunk_size(0); }, "chunk_size");
  expect_invalid([] { double_binary_tree_loads(0, 4); }, "nodes");
  expect_invalid([] { double_binary_tree_loads(4, 0); }, "gpus_per_node");
  expect_invalid([] { double_binary_tree_loads(1, 1); }, "nodes x gpus_per_node");
}

}  // namespace
}  // namespace collsim::cost
