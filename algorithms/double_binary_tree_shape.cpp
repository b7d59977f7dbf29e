#include "algorithms/double_binary_tree_shape.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace collsim::algorithms {
namespace {

BinaryTree bit_pattern_tree(int n) {
  BinaryTree t{0, std::vector<TreeVertex>(static_cast<std::size_t>(n))};
  int top = 1;
  while (top < n) {
    top <<= 1;
  }
  if (n > 1) {
    t.vertices[0].child1 = top >> 1;
  }
  for (int x = 1; x < n; ++x) {
    const int bit = x & -x;
    int up = (x ^ bit) | (bit << 1);
    if (up >= n) {
      up = x ^ bit;
    }
    TreeVertex& v = t.vertices[static_cast<std::size_t>(x)];
    v.parent = up;
    int low = bit >> 1;
    if (low == 0) {
      continue;
    }
    v.child0 = x - low;
    while (low > 0 && x + low >= n) {
      low >>= 1;
    }
    // x + low < n here unless low == 0, and x + low never coincides with child0.
    v.child1 = low > 0 ? x + low : -1;
  }
  return t;
}

BinaryTree relabel(const BinaryTree& t, int n, bool mirror) {
  auto f = [n, mirror](int x) { return x < 0 ? -1 : (mirror ? n - 1 - x : (x + 1) % n); };
  BinaryTree out{f(t.root), std::vector<TreeVertex>(t.vertices.size())};
  for (int x = 0; x < n; ++x) {
    const TreeVertex& v = t.vertices[static_cast<std::size_t>(x)];
    out.vertices[static_cast<std::size_t>(f(x))] = {f(v.parent), f(v.child0), f(v.child1)};
  }
  return out;
}

}  // namespace

std::array<BinaryTree, 2> double_binary_tree(int n) {
  if (n < 1) {
    throw std::invalid_argument("a double binary tree needs at least one node");
  }
  BinaryTree t0 = bit_pattern_tree(n);
  BinaryTree t1 = relabel(t0, n, n % 2 == 0);
  return {std::move(t0), std::move(t1)};
}

int tree_depth(const BinaryTree& tree) {
  // Depth-first from the root with an explicit stack of (vertex, depth).
  int depth = 0;
  std::vector<std::pair<int, int>> stack{{tree.root, 0}};
  while (!stack.empty()) {
    const auto [v, d] = stack.back();
    stack.pop_back();
    depth = std::max(depth, d);
    for (int c : {tree.vertices[static_cast<std::size_t>(v)].child0,
                  tree.vertices[static_cast<std::size_t>(v)].child1}) {
      if (c >= 0) {
        stack.emplace_back(c, d + 1);
      }
    }
  }
  return depth;
}

}  // namespace collsim::algorithms
