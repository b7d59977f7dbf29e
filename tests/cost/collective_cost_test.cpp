#include "cost/collective_cost.h"

#include <gtest/gtest.h>

#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::expect_invalid;

// α = 5 µs, B = 100 GB/s throughout: 1 MB crosses a hop in 10 µs.
const HopCost HOP{5e-6, 100e9};
constexpr double MB = 1e6;

TEST(CollectiveCost, RingReduceScatterAndAllGatherAreHalfARing) {
  // p = 8: 7 · 5 µs + 7/8 · 10 µs = 35 + 8.75 µs.
  EXPECT_DOUBLE_EQ(ring_reduce_scatter_cost(8, HOP).seconds(MB), 43.75e-6);
  EXPECT_DOUBLE_EQ(ring_all_gather_cost(8, HOP).seconds(MB), 43.75e-6);
  // p = 2: one step of half the message: 5 + 5 µs.
  EXPECT_DOUBLE_EQ(ring_reduce_scatter_cost(2, HOP).seconds(MB), 10e-6);
}

TEST(CollectiveCost, ChainPipelinesItsChunks) {
  // p = 4, k = 2: chunk 1 reaches the last of 3 hops after 3 + 1 = 4 steps of
  // 5 µs + 0.5 MB / B = 10 µs: 40 µs.
  EXPECT_DOUBLE_EQ(chain_rooted_cost(4, 2, true, HOP).seconds(MB), 40e-6);
  EXPECT_EQ(chain_rooted_steps(4, 2, true), 4);
  // Store-and-forward: 3 hops of 2 chunks each, 3 · (10 + 10 µs) = 60 µs.
  EXPECT_DOUBLE_EQ(chain_rooted_cost(4, 2, false, HOP).seconds(MB), 60e-6);
  EXPECT_EQ(chain_rooted_steps(4, 2, false), 6);
  // k = 1 both ways: p − 1 = 3 steps of 15 µs.
  EXPECT_DOUBLE_EQ(chain_rooted_cost(4, 1, true, HOP).seconds(MB), 45e-6);
}

TEST(CollectiveCost, BinaryTreeDepthIsTheHeapsDepth) {
  EXPECT_EQ(binary_tree_depth(2), 1);
  EXPECT_EQ(binary_tree_depth(5), 2);
  EXPECT_EQ(binary_tree_depth(7), 2);
  EXPECT_EQ(binary_tree_depth(8), 3);
  // p = 8, k = 1: 3 levels of 5 + 10 µs.
  EXPECT_DOUBLE_EQ(binary_tree_rooted_cost(8, 1, true, HOP).seconds(MB), 45e-6);
  // p = 5, k = 4: depth 2, 2 + 3 = 5 steps of 5 + 2.5 µs.
  EXPECT_DOUBLE_EQ(binary_tree_rooted_cost(5, 4, true, HOP).seconds(MB), 37.5e-6);
  EXPECT_EQ(binary_tree_rooted_steps(5, 4, true), 5);
  // Unpipelined: 2 levels of 4 chunks, 2 · (4 · 5 + 10 µs) = 60 µs.
  EXPECT_DOUBLE_EQ(binary_tree_rooted_cost(5, 4, false, HOP).seconds(MB), 60e-6);
}

TEST(CollectiveCost, BinomialTreeTakesCeilLog2Levels) {
  // p = 5: ⌈log2 5⌉ = 3 levels of 15 µs; p = 8 also 3; p = 9 four.
  EXPECT_DOUBLE_EQ(binomial_tree_rooted_cost(5, HOP).seconds(MB), 45e-6);
  EXPECT_DOUBLE_EQ(binomial_tree_rooted_cost(8, HOP).seconds(MB), 45e-6);
  EXPECT_DOUBLE_EQ(binomial_tree_rooted_cost(9, HOP).seconds(MB), 60e-6);
}

TEST(CollectiveCost, TwoLevelWithATreeBetweenNodes) {
  const HopCost inter{5e-6, 10e9};
  // 2 nodes x 4 GPUs, S = 8 MB, k = 1. Intra: a ring AllReduce over 4 GPUs,
  // 6 · 5 µs + 6/4 · 8 MB / 100 GB/s = 30 + 120 µs. Inter: the 2-node double binary tree on
  // the 2 MB shard, each tree carrying 1 MB up and then down, the two trees in opposite
  // directions on each port: 2 · (5 µs + 1 MB / 10 GB/s) = 210 µs. Total 360 µs.
  EXPECT_DOUBLE_EQ(two_level_tree_allreduce_seconds(2, 4, HOP, inter, 1, 8 * MB), 360e-6);
  // One node: only the intra ring. One GPU per node: only the tree.
  EXPECT_DOUBLE_EQ(two_level_tree_allreduce_seconds(1, 4, HOP, inter, 1, 8 * MB), 150e-6);
  EXPECT_DOUBLE_EQ(two_level_tree_allreduce_seconds(2, 1, HOP, inter, 1, 2 * MB), 210e-6);
}

TEST(CollectiveCost, RejectsBadArguments) {
  expect_invalid([] { ring_reduce_scatter_cost(1, HOP); }, "p must be at least 2 ranks (got 1)");
  expect_invalid([] { chain_rooted_cost(4, 0, true, HOP); }, "k must be at least 1 (got 0)");
  expect_invalid([] { two_level_tree_allreduce_seconds(1, 1, HOP, HOP, 1, MB); },
                 "world must be at least 2 ranks (got 1)");
}

}  // namespace
}  // namespace collsim::cost
