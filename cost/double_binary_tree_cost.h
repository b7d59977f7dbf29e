#pragma once

#include <optional>

#include "cost/affine_cost.h"
#include "cost/hop_cost.h"
#include "core/bandwidth.h"

namespace collsim::cost {

// The pipelined NCCL-style double binary tree (DBT) AllReduce over n nodes × g GPUs, as a
// closed form. Derivation in docs/cost-models.md; in short:
//
// Structure. Two complementary binary trees over the nodes (double_binary_tree_shape.h),
// each carrying half of the message, S/2, cut into k chunks of c = S/(2k) bytes. Inside a
// node the g GPUs form a chain; the chain's head GPU holds the node's place in both node
// trees, through the node's one network port. Each chunk is reduced up its tree (chain, then
// node tree) and broadcast back down; chunks follow each other, so the up and the down
// pipelines of both trees run at once.
//
// Depth. The longest path of a chunk is D = (g−1) chain hops + d node-tree hops up, and as
// many down, with d = max(tree_depth(tree 0), tree_depth(tree 1)): 2D pipeline stages.
//
// Port load. Per pipeline step a node moves, per tree, one chunk to or from each neighbour:
// in the up phase it receives one from each child and sends one to its parent; in the down
// phase the reverse. Measured in chunks c through the busiest port in one direction:
//   fill load   L1 = max over ports of max(Σ_trees parents, Σ_trees children)  (one phase)
//   steady load L  = max over ports of Σ_trees (parents + children)            (both phases)
// computed exactly from the two trees (and separately for the chain ports). A node that is
// interior in one tree and a leaf in the other has L = 2 + 1 + 1 = 4, i.e. it sends and
// receives L·c·k = 2S in total: λ = L/2 = 2 in multiples of S. For n = 2 every node has one
// neighbour per tree, L = 2: only S per node (NCCL's known 2-node behaviour).
//
// Time. Steps are taken in lock step, each costing α + (load)·c/B of its port class. The
// first D steps have only up traffic, the last D only down traffic, the k−1 between both:
//
//   T = 2(g−1)·τ1_chain + 2d·τ1_net + (k−1)·max(τ_chain, τ_net)
//   τ1_x = α_x + L1_x · S/(2k·B_x),   τ_x = α_x + L_x · S/(2k·B_x)
//
// (a class that is absent — the chain when g = 1, the network when n = 1 — drops out of
// the max). With one α and B everywhere and equal loads this is the textbook
// (2D + k − 1)·τ pipeline, split into its fill, steady and drain parts. Limits: S → 0 with
// k = 1 gives 2D·α; k → ∞ gives the bandwidth term L·S/(2B) = 2S/B for L = 4 (S/B for n = 2).
//
// Assumptions: full-duplex ports, B per direction; the g GPUs' chain links are separate from
// the node's network port; both trees use the same chain order; one network port per node
// (no channels); sends of one step are posted together, so their α overlaps; the reduction
// is free; the lock step makes the fill and drain slightly pessimistic for unbalanced trees.
// The contention-free (ideal) simulation does not share ports, so it does not reproduce the
// load factors — compare this formula with the flow model.

// DbtChunking: how each tree's half of the message is cut — a fixed chunk count k, or a
// chunk size c with k = max(1, ⌈(S/2)/c⌉), or the schedule generator's default (the chunk
// size DEFAULT_PIPELINE_CHUNK with k at most MAX_DEFAULT_CHUNKS, generate_options.h), so
// that `collsim model` prices the schedule `collsim run` simulates. Invariant: k >= 1,
// c >= 1 B.
class DbtChunking {
 public:
  // Throw std::invalid_argument for k < 1 or c < 1 B.
  static DbtChunking chunk_count(int k);
  static DbtChunking chunk_size(core::Bytes c);
  static DbtChunking generator_default();

  // k for a message of `bytes` bytes (an integer-valued double, >= 1).
  double chunks(double bytes) const;
  // True for a fixed count: then the time is affine in S.
  bool is_fixed_count() const { return count_ > 0; }
  int count() const { return count_; }
  core::Bytes size() const { return size_; }
  int max_count() const { return max_count_; }  // 0: no cap

 private:
  DbtChunking(int count, core::Bytes size, int max_count = 0)
      : count_(count), size_(size), max_count_(max_count) {}
  int count_ = 0;
  core::Bytes size_ = 0;
  int max_count_ = 0;
};

// DbtLoads: what the cost model needs from the shape of the trees and chains. Loads are in
// chunks per step through the busiest port in one direction (see above); 0 for an absent
// class. Complexity of double_binary_tree_loads: O(n) time and memory.
struct DbtLoads {
  int nodes = 0;
  int gpus_per_node = 0;
  int tree_depth = 0;  // d: node-tree hops, max over the two trees
  int net_fill_load = 0;
  int net_steady_load = 0;
  int chain_fill_load = 0;
  int chain_steady_load = 0;
};
DbtLoads double_binary_tree_loads(int nodes, int gpus_per_node);

struct DbtParams {
  int nodes = 1;
  int gpus_per_node = 1;
  HopCost chain;    // a hop between GPUs of one node
  HopCost network;  // a hop between nodes
  DbtChunking chunking = DbtChunking::chunk_count(1);
};

// DoubleBinaryTreeCost: T above for fixed parameters. Construction validates (nodes >= 1,
// gpus_per_node >= 1, nodes·gpus_per_node >= 2; std::invalid_argument otherwise) and
// computes the loads once, O(n); seconds() is O(1).
class DoubleBinaryTreeCost {
 public:
  explicit DoubleBinaryTreeCost(const DbtParams& params);

  double seconds(double bytes) const;
  // The affine form, when there is one: a fixed chunk count k, and k = 1 or one port class
  // that is the bottleneck for every S (both its α and its per-byte time are the larger).
  std::optional<AffineCost> affine() const;

  const DbtLoads& loads() const { return loads_; }

 private:
  // T for k chunks, as a + b·S.
  AffineCost cost_for_chunks(double k, bool use_chain_for_steady) const;
  bool chain_is_bottleneck(double k, double bytes) const;

  DbtParams params_;
  DbtLoads loads_;
};

}  // namespace collsim::cost
