#include "cost/chooser.h"

#include <gtest/gtest.h>

#include "core/units.h"
#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::Algorithm;
using algorithms::expect_invalid;

const core::Time ALPHA = core::parse_time("5us");
const core::Bandwidth BW = core::parse_bandwidth("100GB/s");

TEST(ChooseAllreduce, WorkedExampleSmallMessagePicksTree) {
  const RingTreeChoice c = choose_allreduce(64, 1024, ALPHA, BW, BW);
  EXPECT_EQ(c.algorithm, Algorithm::BINARY_TREE);
  EXPECT_DOUBLE_EQ(c.ring_s, 630.02016e-6);  // see ring_tree_cost_test.cpp
  EXPECT_DOUBLE_EQ(c.tree_s, 60.12288e-6);
  EXPECT_LT(c.tree_s, c.ring_s);
}

TEST(ChooseAllreduce, WorkedExampleLargeMessagePicksRing) {
  const RingTreeChoice c = choose_allreduce(64, 1'000'000'000, ALPHA, BW, BW);
  EXPECT_EQ(c.algorithm, Algorithm::RING);
  EXPECT_DOUBLE_EQ(c.ring_s, 0.0203175);
  EXPECT_DOUBLE_EQ(c.tree_s, 0.12006);
}

// p = 2: both make 2 latency steps; ring 2α + S/B, tree 2α + 2S/B. At S = 0 they tie
// (2α each) and the tie goes to the ring; for S > 0 the ring is faster.
TEST(ChooseAllreduce, TwoRanksTieAtZeroBytesGoesToRing) {
  const RingTreeChoice zero = choose_allreduce(2, 0, ALPHA, BW, BW);
  EXPECT_EQ(zero.algorithm, Algorithm::RING);
  EXPECT_DOUBLE_EQ(zero.ring_s, 10e-6);
  EXPECT_DOUBLE_EQ(zero.tree_s, 10e-6);
  EXPECT_EQ(choose_allreduce(2, 1'000'000, ALPHA, BW, BW).algorithm, Algorithm::RING);
}

// Zero bytes: only the latency terms, 2(p−1)α against 2⌈log2 p⌉α. p = 3: 4α each, a tie,
// so ring; p = 5: 8α against 6α; p = 6: 10α against 6α; p = 1000: 1998α against 20α.
TEST(ChooseAllreduce, ZeroBytesNonPowersOfTwo) {
  EXPECT_EQ(choose_allreduce(3, 0, ALPHA, BW, BW).algorithm, Algorithm::RING);
  EXPECT_EQ(choose_allreduce(5, 0, ALPHA, BW, BW).algorithm, Algorithm::BINARY_TREE);
  EXPECT_EQ(choose_allreduce(6, 0, ALPHA, BW, BW).algorithm, Algorithm::BINARY_TREE);
  const RingTreeChoice big = choose_allreduce(1000, 0, ALPHA, BW, BW);
  EXPECT_EQ(big.algorithm, Algorithm::BINARY_TREE);
  EXPECT_DOUBLE_EQ(big.ring_s, 1998 * 5e-6);
  EXPECT_DOUBLE_EQ(big.tree_s, 20 * 5e-6);
}

// A slower tree link moves the choice: p = 64, S = 1 MB, tree at 10 GB/s:
// ring 630 µs + 19.6875 µs; tree 60 µs + 12 · 100 µs = 1260 µs.
TEST(ChooseAllreduce, SeparateBandwidths) {
  const RingTreeChoice c =
      choose_allreduce(64, 1'000'000, ALPHA, BW, core::parse_bandwidth("10GB/s"));
  EXPECT_EQ(c.algorithm, Algorithm::RING);
  EXPECT_DOUBLE_EQ(c.ring_s, 649.6875e-6);
  EXPECT_DOUBLE_EQ(c.tree_s, 1260e-6);
}

TEST(ChooseAllreduce, RejectsEveryBadInput) {
  const core::Bandwidth zero_bw;
  const core::Bandwidth negative_bw = core::Bandwidth::from_bytes_per_second(-1);
  expect_invalid([] { choose_allreduce(1, 0, ALPHA, BW, BW); }, "world");
  expect_invalid([] { choose_allreduce(0, 0, ALPHA, BW, BW); }, "world");
  expect_invalid([] { choose_allreduce(-64, 0, ALPHA, BW, BW); }, "world");
  expect_invalid([] { choose_allreduce(64, -1, ALPHA, BW, BW); }, "nbytes");
  expect_invalid([] { choose_allreduce(64, 0, core::Time::from_ps(-1), BW, BW); }, "alpha");
  expect_invalid([&] { choose_allreduce(64, 0, ALPHA, zero_bw, BW); }, "ring_bw");
  expect_invalid([&] { choose_allreduce(64, 0, ALPHA, negative_bw, BW); }, "ring_bw");
  expect_invalid([&] { choose_allreduce(64, 0, ALPHA, BW, zero_bw); }, "tree_bw");
  expect_invalid([&] { choose_allreduce(64, 0, ALPHA, BW, negative_bw); }, "tree_bw");
}

TEST(ChooseAllreduce, ZeroAlphaIsAllowed) {
  // α = 0, S = 1 MB: ring 2·63/64 · 10 µs = 19.6875 µs, tree 12 · 10 µs.
  const RingTreeChoice c = choose_allreduce(64, 1'000'000, core::Time::zero(), BW, BW);
  EXPECT_EQ(c.algorithm, Algorithm::RING);
  EXPECT_DOUBLE_EQ(c.ring_s, 19.6875e-6);
  EXPECT_DOUBLE_EQ(c.tree_s, 120e-6);
}

ModelParams worked_example() {
  ModelParams p;
  p.world = 64;
  p.alpha = ALPHA;
  p.ring_bw = BW;
  p.tree_bw = BW;
  return p;
}

// The generalised chooser on the worked example. The double binary tree over 64 nodes has
// depth d = 6 and, at 1 KiB with 512 KiB chunks, k = 1: 2d·(α + 2·S/(2B)) = 12(α + S/B),
// exactly the naive tree's time. The three-way tie goes to binary_tree, the first of them.
TEST(ChooseAlgorithm, WorkedExampleSmall) {
  const AllReduceModels models(worked_example());
  const Choice c = choose_algorithm(models, 1024);
  ASSERT_EQ(c.estimates.size(), 4u);  // no two_level without gpus_per_node
  EXPECT_EQ(c.estimates[0].algorithm, Algorithm::RING);
  EXPECT_EQ(c.estimates[1].algorithm, Algorithm::BINARY_TREE);
  EXPECT_EQ(c.estimates[2].algorithm, Algorithm::BINOMIAL_TREE);
  EXPECT_EQ(c.estimates[3].algorithm, Algorithm::DOUBLE_BINARY_TREE);
  EXPECT_DOUBLE_EQ(c.estimates[0].seconds, 630.02016e-6);
  EXPECT_DOUBLE_EQ(c.estimates[1].seconds, 60.12288e-6);
  EXPECT_DOUBLE_EQ(c.estimates[2].seconds, 60.12288e-6);
  EXPECT_DOUBLE_EQ(c.estimates[3].seconds, 60.12288e-6);
  EXPECT_EQ(c.best().algorithm, Algorithm::BINARY_TREE);
  EXPECT_FALSE(c.best().protocol.has_value());
}

TEST(ChooseAlgorithm, WorkedExampleLarge) {
  const AllReduceModels models(worked_example());
  const Choice c = choose_algorithm(models, 1'000'000'000);
  EXPECT_EQ(c.best().algorithm, Algorithm::RING);
  EXPECT_DOUBLE_EQ(c.best().seconds, 0.0203175);
  // DBT, the schedule generator's default chunking: ⌈5e8 / 524288⌉ = 954 chunks capped at
  // 256, d = 6, loads 2 (fill) and 4 (steady): 12·(α + 2·S/(2k·B)) + 255·(α + 4·S/(2k·B)).
  EXPECT_NEAR(c.estimates[3].seconds,
              12 * (5e-6 + 1e9 / 256 / 1e11) + 255 * (5e-6 + 2e9 / 256 / 1e11), 1e-15);
}

// Every estimate equal (S = 0, α = 0): ring, first in the fixed order, wins.
TEST(ChooseAlgorithm, TiesGoToRing) {
  ModelParams p = worked_example();
  p.alpha = core::Time::zero();
  const Choice c = choose_algorithm(AllReduceModels(p), 0);
  for (const Estimate& e : c.estimates) {
    EXPECT_EQ(e.seconds, 0.0);
  }
  EXPECT_EQ(c.winner, 0u);
  EXPECT_EQ(c.best().algorithm, Algorithm::RING);
}

// two_level appears with gpus_per_node and can win: 8 nodes × 8 GPUs, α = 1 µs inside a node,
// 5 µs across, 400 GB/s NVLink and 50 GB/s NICs, S = 64 MB (see two_level_cost_test.cpp:
// 644 µs). The ring over all 64 ranks at the 50 GB/s network bandwidth takes
// 126·1 µs + 2·63/64·64e6/5e10 = 126 + 2520 µs.
TEST(ChooseAlgorithm, TwoLevelWinsOnAHierarchy) {
  ModelParams p;
  p.world = 64;
  p.alpha = core::parse_time("1us");
  p.ring_bw = core::parse_bandwidth("50GB/s");
  p.tree_bw = core::parse_bandwidth("50GB/s");
  p.gpus_per_node = 8;
  p.inter_alpha = core::parse_time("5us");
  p.intra_bw = core::parse_bandwidth("400GB/s");
  const Choice c = choose_algorithm(AllReduceModels(p), 64'000'000);
  ASSERT_EQ(c.estimates.size(), 5u);
  EXPECT_EQ(c.estimates[4].algorithm, Algorithm::TWO_LEVEL);
  EXPECT_NEAR(c.estimates[0].seconds, 2646e-6, 1e-15);
  EXPECT_NEAR(c.estimates[4].seconds, 644e-6, 1e-15);
  EXPECT_EQ(c.best().algorithm, Algorithm::TWO_LEVEL);
}

TEST(ChooseAlgorithm, RejectsNegativeBytes) {
  const AllReduceModels models(worked_example());
  expect_invalid([&] { choose_algorithm(models, -1); }, "bytes");
}

}  // namespace
}  // namespace collsim::cost
