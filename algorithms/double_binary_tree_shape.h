#pragma once

#include <array>
#include <vector>

namespace collsim::algorithms {

// One vertex of a binary tree over nodes 0..n-1; -1 = none.
struct TreeVertex {
  int parent = -1;
  int child0 = -1;
  int child1 = -1;
};

// A rooted binary tree over the nodes 0..n-1, indexed by node.
struct BinaryTree {
  int root = 0;
  std::vector<TreeVertex> vertices;
};

// The NCCL-style double binary tree over n >= 1 nodes: two complementary binary trees.
// Tree 0 follows the bit pattern of the node index: node x != 0 with lowest set bit b has
// parent (x ^ b) | 2b (or x ^ b when that is >= n) and children x - b/2, x + b/2 (the
// latter, and further halvings, only while < n); odd nodes are leaves; node 0 is the root
// with a single child, the largest power of two below n. Tree 1 is tree 0 relabelled by
// x -> n-1-x when n is even (mirror) and by x -> (x+1) mod n when n is odd (shift), so for
// even n every node is a leaf in at least one tree and interior in at most one.
// Complexity: O(n).
std::array<BinaryTree, 2> double_binary_tree(int n);

// The number of edges on the longest root-to-leaf path (0 for a single node). O(n).
int tree_depth(const BinaryTree& tree);

}  // namespace collsim::algorithms
