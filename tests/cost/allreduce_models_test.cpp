#include "cost/allreduce_models.h"

#include <gtest/gtest.h>

#include "core/units.h"
#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::Algorithm;
using algorithms::expect_invalid;

ModelParams base() {
  ModelParams p;
  p.world = 64;
  p.alpha = core::parse_time("5us");
  p.ring_bw = core::parse_bandwidth("100GB/s");
  p.tree_bw = core::parse_bandwidth("100GB/s");
  return p;
}

TEST(AllReduceModels, TwoLevelOnlyWithNodes) {
  const AllReduceModels flat(base());
  EXPECT_EQ(flat.algorithms().size(), 4u);
  EXPECT_EQ(flat.nodes(), 64);
  EXPECT_EQ(flat.gpus_per_node(), 1);
  ModelParams p = base();
  p.gpus_per_node = 8;
  const AllReduceModels nodes(p);
  ASSERT_EQ(nodes.algorithms().size(), 5u);
  EXPECT_EQ(nodes.algorithms()[4], Algorithm::TWO_LEVEL);
  EXPECT_EQ(nodes.nodes(), 8);
  EXPECT_EQ(nodes.dbt_loads().tree_depth, 3);
}

// The family bandwidths: ring at ring_bw, the trees at tree_bw. S = 1 GB, tree at 50 GB/s:
// naive tree 12·5 µs + 12·1e9/5e10 = 60 µs + 0.24 s.
TEST(AllReduceModels, FamiliesUseTheirBandwidth) {
  ModelParams p = base();
  p.tree_bw = core::parse_bandwidth("50GB/s");
  const AllReduceModels m(p);
  EXPECT_DOUBLE_EQ(m.model(Algorithm::RING).seconds(1e9), 0.0203175);
  EXPECT_DOUBLE_EQ(m.model(Algorithm::BINARY_TREE).seconds(1e9), 0.24006);
  EXPECT_DOUBLE_EQ(m.model(Algorithm::BINOMIAL_TREE).seconds(1e9), 0.24006);
}

// DBT with nodes: chains at (α, intra_bw), node trees at (inter_alpha, inter_bw).
// 2 nodes × 4 GPUs, chain α = 1 µs at 1000 GB/s, network α = 5 µs at 100 GB/s, 4 chunks,
// S = 1 MB: 42.5 µs (double_binary_tree_cost_test.cpp, HeterogeneousHops).
TEST(AllReduceModels, HierarchicalHopsOfTheDoubleBinaryTree) {
  ModelParams p = base();
  p.world = 8;
  p.gpus_per_node = 4;
  p.alpha = core::parse_time("1us");
  p.inter_alpha = core::parse_time("5us");
  p.intra_bw = core::parse_bandwidth("1TB/s");
  p.chunking = DbtChunking::chunk_count(4);
  const AllReduceModels m(p);
  EXPECT_NEAR(m.model(Algorithm::DOUBLE_BINARY_TREE).seconds(1e6), 42.5e-6, 1e-15);
  EXPECT_TRUE(m.model(Algorithm::DOUBLE_BINARY_TREE).affine().has_value());
}

TEST(AllReduceModels, RejectsBadParameters) {
  ModelParams p = base();
  p.world = 1;
  expect_invalid([&] { AllReduceModels{p}; }, "world");
  p = base();
  p.alpha = core::Time::from_ps(-1);
  expect_invalid([&] { AllReduceModels{p}; }, "alpha");
  p = base();
  p.ring_bw = core::Bandwidth();
  expect_invalid([&] { AllReduceModels{p}; }, "ring_bw");
  p = base();
  p.tree_bw = core::Bandwidth();
  expect_invalid([&] { AllReduceModels{p}; }, "tree_bw");
  p = base();
  p.gpus_per_node = 0;
  expect_invalid([&] { AllReduceModels{p}; }, "gpus_per_node");
  p.gpus_per_node = 6;
  expect_invalid([&] { AllReduceModels{p}; }, "gpus_per_node");
  p = base();
  p.intra_bw = core::parse_bandwidth("400GB/s");
  expect_invalid([&] { AllReduceModels{p}; }, "intra_bw");
  p = base();
  p.inter_bw = core::parse_bandwidth("400GB/s");
  expect_invalid([&] { AllReduceModels{p}; }, "inter_bw");
  p = base();
  p.inter_alpha = core::parse_time("1us");
  expect_invalid([&] { AllReduceModels{p}; }, "inter_alpha");
  p = base();
  p.gpus_per_node = 8;
  p.inter_alpha = core::Time::from_ps(-1);
  expect_invalid([&] { AllReduceModels{p}; }, "inter_alpha");
  p.inter_alpha.reset();
  p.intra_bw = core::Bandwidth();
  expect_invalid([&] { AllReduceModels{p}; }, "intra_bw");
}

}  // namespace
}  // namespace collsim::cost
