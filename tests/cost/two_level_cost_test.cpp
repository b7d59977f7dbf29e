#include "cost/two_level_cost.h"

#include <gtest/gtest.h>

#include "cost/ring_cost.h"
#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::expect_invalid;

const HopCost NVLINK{1e-6, 4e11};  // α = 1 µs, 400 GB/s
const HopCost NIC{5e-6, 5e10};     // α_inter = 5 µs, 50 GB/s

// 8 nodes × 8 GPUs, S = 64 MB:
//   intra reduce-scatter + all-gather: 2·7·1 µs + 2·7/8 · 64e6/4e11 = 14 µs + 280 µs
//   inter AllReduce of S/8 = 8 MB:     2·7·5 µs + 2·7/8 · 8e6/5e10  = 70 µs + 280 µs
//   total 644 µs
TEST(TwoLevelCost, HandComputed) {
  const AffineCost t = two_level_allreduce_cost({8, 8, NVLINK, NIC});
  EXPECT_NEAR(t.seconds(64e6), 644e-6, 1e-15);
  EXPECT_NEAR(t.latency_s, 84e-6, 1e-18);
  EXPECT_NEAR(t.seconds_per_byte, 1.75 / 4e11 + 1.75 / 8 / 5e10, 1e-27);
}

// g = 1 is a ring over the nodes at the inter-node hop; n = 1 a ring over the GPUs.
TEST(TwoLevelCost, DegenerateLevelsAreRings) {
  const AffineCost nodes_only = two_level_allreduce_cost({8, 1, NVLINK, NIC});
  const AffineCost ring8 = ring_allreduce_cost(8, NIC);
  EXPECT_DOUBLE_EQ(nodes_only.latency_s, ring8.latency_s);
  EXPECT_DOUBLE_EQ(nodes_only.seconds_per_byte, ring8.seconds_per_byte);
  const AffineCost gpus_only = two_level_allreduce_cost({1, 8, NVLINK, NIC});
  const AffineCost ring_gpus = ring_allreduce_cost(8, NVLINK);
  EXPECT_DOUBLE_EQ(gpus_only.latency_s, ring_gpus.latency_s);
  EXPECT_DOUBLE_EQ(gpus_only.seconds_per_byte, ring_gpus.seconds_per_byte);
}

// With one bandwidth everywhere the network carries only S/g per GPU, so two-level beats a
// flat ring of all p ranks in bandwidth: 2(g−1)/g + 2(n−1)/(n·g) = 1.75 + 0.21875 = 1.96875
// S/B for 8 × 8, the same as the ring's 2·63/64 — and fewer latency steps (28 against 126).
TEST(TwoLevelCost, SameBandwidthAsTheFlatRingWithFewerSteps) {
  const HopCost hop{5e-6, 1e11};
  const AffineCost two = two_level_allreduce_cost({8, 8, hop, hop});
  const AffineCost ring = ring_allreduce_cost(64, hop);
  EXPECT_DOUBLE_EQ(two.seconds_per_byte, ring.seconds_per_byte);
  EXPECT_DOUBLE_EQ(two.latency_s, 28 * 5e-6);
  EXPECT_DOUBLE_EQ(ring.latency_s, 126 * 5e-6);
}

TEST(TwoLevelCost, RejectsBadArguments) {
  expect_invalid([] { two_level_allreduce_cost({0, 8, NVLINK, NIC}); }, "nodes");
  expect_invalid([] { two_level_allreduce_cost({8, 0, NVLINK, NIC}); }, "gpus_per_node");
  expect_invalid([] { two_level_allreduce_cost({1, 1, NVLINK, NIC}); }, "nodes x gpus_per_node");
}

}  // namespace
}  // namespace collsim::cost
