#include <gtest/gtest.h>

#include "cost/ring_cost.h"
#include "cost/tree_cost.h"
#include "core/units.h"
#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::expect_invalid;

const core::Time ALPHA = core::parse_time("5us");
const core::Bandwidth BW = core::parse_bandwidth("100GB/s");

// The lesson's worked example: p = 64, α = 5 µs, B = 100 GB/s.
TEST(RingTreeCost, WorkedExampleOneKiB) {
  // ring: 126 · 5 µs + 2 · 63/64 · 1024 / 1e11 = 630 µs + 0.02016 µs
  const double ring = ring_allreduce_seconds(64, ALPHA, BW, 1024);
  EXPECT_DOUBLE_EQ(ring, 630.02016e-6);
  EXPECT_NEAR(ring, 630.02e-6, 0.005e-6);
  // tree: 12 · 5 µs + 12 · 1024 / 1e11 = 60 µs + 0.12288 µs
  const double tree = naive_tree_allreduce_seconds(64, ALPHA, BW, 1024);
  EXPECT_DOUBLE_EQ(tree, 60.12288e-6);
  EXPECT_NEAR(tree, 60.12e-6, 0.005e-6);
  EXPECT_NEAR(ring / tree, 10.5, 0.05);  // 630.02016 / 60.12288 = 10.479
}

TEST(RingTreeCost, WorkedExampleOneGB) {
  // ring: 630 µs + 2 · 63/64 · 1e9 / 1e11 = 0.00063 + 0.0196875 s
  const double ring = ring_allreduce_seconds(64, ALPHA, BW, 1'000'000'000);
  EXPECT_DOUBLE_EQ(ring, 0.0203175);
  EXPECT_NEAR(ring, 20.32e-3, 0.005e-3);
  // tree: 60 µs + 12 · 1e9 / 1e11 = 0.00006 + 0.12 s
  const double tree = naive_tree_allreduce_seconds(64, ALPHA, BW, 1'000'000'000);
  EXPECT_DOUBLE_EQ(tree, 0.12006);
  EXPECT_NEAR(tree, 120.06e-3, 0.005e-3);
  EXPECT_NEAR(tree / ring, 5.9, 0.05);  // 0.12006 / 0.0203175 = 5.909
}

TEST(RingTreeCost, LatencySteps) {
  EXPECT_EQ(ring_latency_steps(64), 126);
  EXPECT_EQ(naive_tree_latency_steps(64), 12);
  EXPECT_EQ(ring_latency_steps(2), 2);
  EXPECT_EQ(naive_tree_latency_steps(2), 2);
  // ⌈log2 p⌉ for powers of two and their neighbours.
  EXPECT_EQ(naive_tree_levels(2), 1);
  EXPECT_EQ(naive_tree_levels(3), 2);
  EXPECT_EQ(naive_tree_levels(4), 2);
  EXPECT_EQ(naive_tree_levels(5), 3);
  EXPECT_EQ(naive_tree_levels(6), 3);
  EXPECT_EQ(naive_tree_levels(1000), 10);  // 512 < 1000 <= 1024
  EXPECT_EQ(naive_tree_levels(1024), 10);
  EXPECT_EQ(naive_tree_levels(1025), 11);
  // 2(p−1) does not overflow int for the largest world.
  EXPECT_EQ(ring_latency_steps(2'147'483'647), 4'294'967'292);
}

// p = 2: ring 2α + S/B, tree 2α + 2S/B. With S = 1 MB, S/B = 10 µs.
TEST(RingTreeCost, TwoRanks) {
  EXPECT_DOUBLE_EQ(ring_allreduce_seconds(2, ALPHA, BW, 1'000'000), 20e-6);
  EXPECT_DOUBLE_EQ(naive_tree_allreduce_seconds(2, ALPHA, BW, 1'000'000), 30e-6);
}

// Non-powers of two, S = 1 MB (S/B = 10 µs), α = 5 µs:
//   p = 3:    ring 4α + 4/3·S/B = 20 + 13.333 µs;      tree (2 levels) 4α + 4·S/B = 60 µs
//   p = 5:    ring 8α + 8/5·S/B = 40 + 16 µs;          tree (3 levels) 6α + 6·S/B = 90 µs
//   p = 6:    ring 10α + 10/6·S/B = 50 + 16.667 µs;    tree (3 levels) 90 µs
//   p = 1000: ring 1998α + 1998/1000·S/B = 9990 + 19.98 µs; tree (10 levels) 20α + 20·S/B = 300 µs
TEST(RingTreeCost, NonPowersOfTwo) {
  struct Case {
    int p;
    double ring_us;
    double tree_us;
  };
  for (const Case& c : {Case{3, 20 + 40.0 / 3, 60}, Case{5, 56, 90}, Case{6, 50 + 50.0 / 3, 90},
                        Case{1000, 10009.98, 300}}) {
    EXPECT_NEAR(ring_allreduce_seconds(c.p, ALPHA, BW, 1'000'000), c.ring_us * 1e-6, 1e-15) << c.p;
    EXPECT_NEAR(naive_tree_allreduce_seconds(c.p, ALPHA, BW, 1'000'000), c.tree_us * 1e-6, 1e-15)
        << c.p;
  }
}

TEST(RingTreeCost, ZeroBytesIsTheLatencyTerm) {
  EXPECT_DOUBLE_EQ(ring_allreduce_seconds(64, ALPHA, BW, 0), 630e-6);
  EXPECT_DOUBLE_EQ(naive_tree_allreduce_seconds(64, ALPHA, BW, 0), 60e-6);
}

TEST(RingTreeCost, AffineFormSeparatesTheTerms) {
  const AffineCost ring = ring_allreduce_cost(64, {5e-6, 1e11});
  EXPECT_DOUBLE_EQ(ring.latency_s, 630e-6);
  EXPECT_DOUBLE_EQ(ring.seconds_per_byte, 2.0 * 63 / 64 / 1e11);
  const AffineCost tree = naive_tree_allreduce_cost(64, {5e-6, 1e11});
  EXPECT_DOUBLE_EQ(tree.latency_s, 60e-6);
  EXPECT_DOUBLE_EQ(tree.seconds_per_byte, 12 / 1e11);
}

TEST(RingTreeCost, RejectsBadArguments) {
  expect_invalid([] { ring_allreduce_seconds(1, ALPHA, BW, 0); }, "p");
  expect_invalid([] { naive_tree_allreduce_seconds(0, ALPHA, BW, 0); }, "p");
  expect_invalid([] { ring_allreduce_seconds(4, ALPHA, BW, -1); }, "bytes");
  expect_invalid([] { ring_allreduce_seconds(4, core::Time::from_ps(-1), BW, 0); }, "alpha");
  expect_invalid([] { ring_allreduce_seconds(4, ALPHA, core::Bandwidth(), 0); }, "bandwidth");
}

}  // namespace
}  // namespace collsim::cost
