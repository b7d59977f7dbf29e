#include "algorithms/double_binary_tree_shape.h"

#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::algorithms {
namespace {

using Edges = std::set<std::pair<int, int>>;  // (parent, child)

Edges edges_of(const BinaryTree& t) {
  Edges e;
  for (int x = 0; x < static_cast<int>(t.vertices.size()); ++x) {
    for (int c : {t.vertices[x].child0, t.vertices[x].child1}) {
      if (c >= 0) {
        e.emplace(x, c);
      }
    }
  }
  return e;
}

TEST(DoubleBinaryTree, EightNodesMatchNccl) {
  const auto trees = double_binary_tree(8);
  EXPECT_EQ(trees[0].root, 0);
  EXPECT_EQ(edges_of(trees[0]), (Edges{{0, 4}, {4, 2}, {4, 6}, {2, 1}, {2, 3}, {6, 5}, {6, 7}}));
  EXPECT_EQ(trees[1].root, 7);
  EXPECT_EQ(edges_of(trees[1]), (Edges{{7, 3}, {3, 5}, {3, 1}, {5, 6}, {5, 4}, {1, 2}, {1, 0}}));
  EXPECT_EQ(tree_depth(trees[0]), 3);
  EXPECT_EQ(tree_depth(trees[1]), 3);
}

TEST(DoubleBinaryTree, SmallAndOddCounts) {
  EXPECT_EQ(edges_of(double_binary_tree(1)[0]), Edges{});
  EXPECT_EQ(edges_of(double_binary_tree(2)[0]), (Edges{{0, 1}}));
  EXPECT_EQ(edges_of(double_binary_tree(2)[1]), (Edges{{1, 0}}));
  // n = 3: tree 0 is 0->2->1 (2 = largest power of two below 3, whose child is 1);
  // tree 1 shifts every label by one: 1->0->2.
  EXPECT_EQ(edges_of(double_binary_tree(3)[0]), (Edges{{0, 2}, {2, 1}}));
  EXPECT_EQ(edges_of(double_binary_tree(3)[1]), (Edges{{1, 0}, {0, 2}}));
  // n = 5: 0->4, 4->{2}, 2->{1,3}; node 4 has no second child (4 + 2 and 4 + 1 >= 5).
  EXPECT_EQ(edges_of(double_binary_tree(5)[0]), (Edges{{0, 4}, {4, 2}, {2, 1}, {2, 3}}));
  EXPECT_EQ(edges_of(double_binary_tree(5)[1]), (Edges{{1, 0}, {0, 3}, {3, 2}, {3, 4}}));
}

TEST(DoubleBinaryTree, EveryCountGivesTwoSpanningTrees) {
  for (int n = 1; n <= 300; ++n) {
    const auto trees = double_binary_tree(n);
    for (const BinaryTree& t : trees) {
      ASSERT_EQ(static_cast<int>(t.vertices.size()), n);
      EXPECT_EQ(t.vertices[t.root].parent, -1) << n;
      EXPECT_EQ(static_cast<int>(edges_of(t).size()), n - 1) << n;
      for (int x = 0; x < n; ++x) {
        const TreeVertex& v = t.vertices[x];
        if (x != t.root) {
          ASSERT_GE(v.parent, 0) << n << " " << x;
          const TreeVertex& p = t.vertices[v.parent];
          EXPECT_TRUE(p.child0 == x || p.child1 == x) << n << " " << x;
        }
        // Every node reaches the root: no cycle, one component.
        int steps = 0;
        for (int y = x; y != t.root && steps <= n; y = t.vertices[y].parent) {
          ++steps;
        }
        EXPECT_LE(steps, n) << n << " " << x;
      }
    }
    if (n % 2 == 0) {
      for (int x = 0; x < n; ++x) {
        auto leaf = [&](const BinaryTree& t) {
          return t.vertices[x].child0 < 0 && t.vertices[x].child1 < 0;
        };
        EXPECT_NE(leaf(trees[0]), leaf(trees[1])) << "n=" << n << " node " << x;
      }
    }
  }
}

TEST(DoubleBinaryTree, DepthIsLogarithmic) {
  EXPECT_EQ(tree_depth(double_binary_tree(1)[0]), 0);
  EXPECT_EQ(tree_depth(double_binary_tree(2)[0]), 1);
  EXPECT_EQ(tree_depth(double_binary_tree(16)[0]), 4);
  EXPECT_EQ(tree_depth(double_binary_tree(1024)[0]), 10);
  EXPECT_THROW(double_binary_tree(0), std::invalid_argument);
}

}  // namespace
}  // namespace collsim::algorithms
