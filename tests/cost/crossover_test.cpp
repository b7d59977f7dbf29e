#include "cost/crossover.h"

#include <cmath>

#include <gtest/gtest.h>

#include "cost/double_binary_tree_cost.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"

namespace collsim::cost {
namespace {

// The lesson's formula, for p a power of two (log2 p exact).
double lesson_crossover(int p, double alpha, double ring_bw, double tree_bw) {
  const double lg = std::log2(p);
  return 2 * (p - 1 - lg) * alpha / (2 * lg / tree_bw - 2.0 * (p - 1) / (p * ring_bw));
}

// Worked example: p = 64, α = 5 µs, B = 100 GB/s:
// S* = 2·57·5e-6 / (12/1e11 − 2·63/(64·1e11)) = 5.7e-4 / 1.003125e-10 = 5 682 242.99 B.
TEST(Crossover, WorkedExampleRingVsTree) {
  const HopCost hop{5e-6, 1e11};
  const Crossover c =
      affine_crossover(ring_allreduce_cost(64, hop), naive_tree_allreduce_cost(64, hop));
  ASSERT_EQ(c.kind, CrossoverKind::AT);
  EXPECT_EQ(c.method, CrossoverMethod::CLOSED_FORM);
  EXPECT_NEAR(c.bytes, 5.7e-4 / 1.003125e-10, 1e-6);
  EXPECT_NEAR(c.bytes, 5682242.99, 0.01);
  EXPECT_EQ(c.faster, Faster::SECOND);  // the tree, below S*
}

TEST(Crossover, ClosedFormEqualsTheLessonsFormula) {
  for (int p : {4, 8, 16, 64, 256, 1024, 65536}) {
    for (double tree_bw : {1e11, 5e10, 2e11}) {
      const HopCost ring{5e-6, 1e11};
      const HopCost tree{5e-6, tree_bw};
      const Crossover c =
          affine_crossover(ring_allreduce_cost(p, ring), naive_tree_allreduce_cost(p, tree));
      ASSERT_EQ(c.kind, CrossoverKind::AT) << p;
      const double expected = lesson_crossover(p, 5e-6, 1e11, tree_bw);
      EXPECT_NEAR(c.bytes / expected, 1.0, 1e-12) << p << " " << tree_bw;
    }
  }
}

TEST(Crossover, NumericEqualsClosedForm) {
  for (int p : {4, 5, 6, 64, 1000, 1024}) {  // p = 2, 3 never cross, see below
    const HopCost hop{5e-6, 1e11};
    const AffineCost ring = ring_allreduce_cost(p, hop);
    const AffineCost tree = naive_tree_allreduce_cost(p, hop);
    const Crossover closed = affine_crossover(ring, tree);
    const Crossover numeric = numeric_crossover([&](double s) { return ring.seconds(s); },
                                                [&](double s) { return tree.seconds(s); });
    ASSERT_EQ(closed.kind, CrossoverKind::AT) << p;
    ASSERT_EQ(numeric.kind, CrossoverKind::AT) << p;
    EXPECT_EQ(numeric.method, CrossoverMethod::NUMERIC);
    EXPECT_NEAR(numeric.bytes / closed.bytes, 1.0, 1e-9) << p;
    EXPECT_EQ(numeric.faster, closed.faster) << p;
  }
}

// p = 2 and p = 3: the ring never loses (p = 2: 2α + S/B against 2α + 2S/B, equal only at
// S = 0; p = 3: 4α + 4/3·S/B against 4α + 4·S/B).
TEST(Crossover, NeverCrosses) {
  const HopCost hop{5e-6, 1e11};
  for (int p : {2, 3}) {
    const AffineCost ring = ring_allreduce_cost(p, hop);
    const AffineCost tree = naive_tree_allreduce_cost(p, hop);
    const Crossover closed = affine_crossover(ring, tree);
    EXPECT_EQ(closed.kind, CrossoverKind::NEVER) << p;
    EXPECT_EQ(closed.faster, Faster::FIRST) << p;
    const Crossover numeric = numeric_crossover([&](double s) { return ring.seconds(s); },
                                                [&](double s) { return tree.seconds(s); });
    EXPECT_EQ(numeric.kind, CrossoverKind::NEVER) << p;
    EXPECT_EQ(numeric.faster, Faster::FIRST) << p;
  }
  // Parallel lines: same slope, different latency.
  const Crossover parallel = affine_crossover({2e-6, 1e-9}, {1e-6, 1e-9});
  EXPECT_EQ(parallel.kind, CrossoverKind::NEVER);
  EXPECT_EQ(parallel.faster, Faster::SECOND);
  // Lines that meet at S < 0: the one with the smaller slope is faster for every S > 0.
  const Crossover behind = affine_crossover({1e-6, 1e-9}, {2e-6, 2e-9});
  EXPECT_EQ(behind.kind, CrossoverKind::NEVER);
  EXPECT_EQ(behind.faster, Faster::FIRST);
}

TEST(Crossover, AlwaysEqual) {
  const HopCost hop{5e-6, 1e11};
  const AffineCost tree = naive_tree_allreduce_cost(64, hop);
  const Crossover closed = affine_crossover(tree, tree);
  EXPECT_EQ(closed.kind, CrossoverKind::ALWAYS_EQUAL);
  EXPECT_EQ(closed.faster, Faster::NEITHER);
  const Crossover numeric = numeric_crossover([&](double s) { return tree.seconds(s); },
                                              [&](double s) { return tree.seconds(s); });
  EXPECT_EQ(numeric.kind, CrossoverKind::ALWAYS_EQUAL);
}

// A double binary tree whose chunk count follows the size is not affine, so crossover()
// goes numeric. Over 64 nodes with 1 GiB chunks, k = 1 for every S below 2 GiB and the time
// is 2d·(α + 2·S/(2B)) = 12(α + S/B): the naive tree's. Its crossover with the ring is then
// the closed form's 5 682 242.99 B.
TEST(Crossover, NumericForAChunkSizedDoubleBinaryTree) {
  const HopCost hop{5e-6, 1e11};
  const DoubleBinaryTreeCost dbt({64, 1, hop, hop, DbtChunking::chunk_size(1 << 30)});
  ASSERT_FALSE(dbt.affine().has_value());
  const CostModel ring = CostModel::from_affine(ring_allreduce_cost(64, hop));
  const CostModel tree(
      {CostVariant{std::nullopt, [dbt](double s) { return dbt.seconds(s); }, std::nullopt}});
  const Crossover c = crossover(ring, tree);
  ASSERT_EQ(c.kind, CrossoverKind::AT);
  EXPECT_EQ(c.method, CrossoverMethod::NUMERIC);
  EXPECT_NEAR(c.bytes, 5682242.99, 0.01);
  EXPECT_EQ(c.faster, Faster::SECOND);
}

// Two ranks: with one chunk (S <= 1 MiB at 512 KiB chunks) the DBT is 2·(α + S/(2B)) =
// 2α + S/B, the ring's formula, so they are equal up to rounding; from two chunks on it is
// 3α + S/B. Rounding differences are ties, not crossings: the ring is never slower.
TEST(Crossover, NumericTreatsRoundingAsATie) {
  const HopCost hop{5e-6, 1e11};
  const DoubleBinaryTreeCost dbt({2, 1, hop, hop, DbtChunking::chunk_size(524288)});
  const AffineCost ring = ring_allreduce_cost(2, hop);
  EXPECT_NEAR(dbt.seconds(1e6), ring.seconds(1e6), 1e-18);
  const Crossover c = numeric_crossover([&](double s) { return ring.seconds(s); },
                                        [&](double s) { return dbt.seconds(s); });
  EXPECT_EQ(c.kind, CrossoverKind::NEVER);
  EXPECT_EQ(c.faster, Faster::FIRST);
}

// A jump is a crossing: a curve that is 1 s below 10 MB and 3 s from there on, against a
// constant 2 s.
TEST(Crossover, NumericFindsAJump) {
  const Crossover c =
      numeric_crossover([](double s) { return s < 1e7 ? 1.0 : 3.0; }, [](double) { return 2.0; });
  ASSERT_EQ(c.kind, CrossoverKind::AT);
  EXPECT_EQ(c.bytes, 1e7);
  EXPECT_EQ(c.faster, Faster::FIRST);
}

TEST(Crossover, BothAffineModelsUseTheClosedForm) {
  const HopCost hop{5e-6, 1e11};
  const Crossover c = crossover(CostModel::from_affine(ring_allreduce_cost(64, hop)),
                                CostModel::from_affine(naive_tree_allreduce_cost(64, hop)));
  EXPECT_EQ(c.method, CrossoverMethod::CLOSED_FORM);
  EXPECT_NEAR(c.bytes, 5682242.99, 0.01);
}

}  // namespace
}  // namespace collsim::cost
