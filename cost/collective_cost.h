#pragma once

#include <cstdint>

#include "cost/affine_cost.h"
#include "cost/hop_cost.h"

namespace collsim::cost {

// Closed forms of the collectives other than AllReduce, for the schedules collsim
// generates (docs/algorithms.md §5), in the same α-β terms as ring_cost.h: one send step of
// b bytes over a hop costs α + b/B, every send has its own link (no contention), the
// reduction is free. A message of S bytes is cut into k equal chunks of S/k; "pipelined"
// means a chunk moves on as soon as it arrived, otherwise a step waits for every chunk of
// the previous one. The number of α terms of each formula is its *steps*, the number of
// sends on the contention-free critical path.
//
// Ring ReduceScatter / AllGather over p ranks (one half of the ring AllReduce): p−1 steps
// of S/p bytes each,
//   T = (p−1)·α + (p−1)/p · S/B                                   steps p−1
//
// Chain Broadcast / Reduce (the ring algorithm: root -> next -> ... along the ring, p−1
// hops, pipelined by default): chunk j reaches hop h after h + j steps,
//   pipelined   T = (p+k−2)·(α + S/(k·B))                         steps p+k−2
//   otherwise   T = (p−1)·(k·α + S/B)                             steps (p−1)·k
//
// Binary-tree Broadcast / Reduce (heap order, depth D = ⌊log2 p⌋; a parent sends to / takes
// from both children at once, on separate links):
//   pipelined   T = (D+k−1)·(α + S/(k·B))                         steps D+k−1
//   otherwise   T = D·(k·α + S/B)                                 steps D·k
//
// Binomial-tree Broadcast / Reduce, whole message (k = 1): one partner per step, the
// message crosses ⌈log2 p⌉ levels one after the other,
//   T = ⌈log2 p⌉·(α + S/B)                                         steps ⌈log2 p⌉
// (With k > 1 a rank's single port interleaves chunks and children; that schedule has no
// closed form here.)
//
// Preconditions (std::invalid_argument otherwise): p >= 2, k >= 1. O(1).
AffineCost ring_reduce_scatter_cost(int p, const HopCost& hop);
AffineCost ring_all_gather_cost(int p, const HopCost& hop);
AffineCost chain_rooted_cost(int p, int k, bool pipelined, const HopCost& hop);
AffineCost binary_tree_rooted_cost(int p, int k, bool pipelined, const HopCost& hop);
AffineCost binomial_tree_rooted_cost(int p, const HopCost& hop);

// ⌊log2 p⌋: the depth of a heap-ordered binary tree of p vertices (2 for p = 5, 3 for 8).
int binary_tree_depth(int p);

// The steps (α terms) of the formulas above.
std::int64_t chain_rooted_steps(int p, int k, bool pipelined);
std::int64_t binary_tree_rooted_steps(int p, int k, bool pipelined);

// Two-level AllReduce with a double-binary-tree inter-node phase (two_level with inter =
// double_binary_tree) over n nodes × g GPUs: the intra-node reduce-scatter and all-gather
// of two_level_cost.h — together a ring AllReduce over g GPUs, 2(g−1)·α + 2(g−1)/g · S/B_intra
// — plus the pipelined double binary tree over the n nodes (one GPU each, so no chains) on
// the S/g shard with k chunks per tree (double_binary_tree_cost.h), T = ring(g) + DBT(n, S/g).
// A phase with a single participant (g = 1 or n = 1) costs nothing. Preconditions: n, g >= 1,
// n·g >= 2, k >= 1. O(n) for the tree shapes.
double two_level_tree_allreduce_seconds(int nodes, int gpus_per_node, const HopCost& intra,
                                        const HopCost& inter, int k, double bytes);

}  // namespace collsim::cost
