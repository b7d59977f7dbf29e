#pragma once

#include <cstdint>

#include "cost/affine_cost.h"
#include "cost/hop_cost.h"
#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// Naive (non-pipelined) tree AllReduce over p ranks — binary and binomial trees share it:
// a reduce up ⌈log2 p⌉ levels, then a broadcast down as many, the whole message on every
// level, each level waiting for the previous one to finish:
//
//   T_tree(S) = 2⌈log2 p⌉·α + 2⌈log2 p⌉ · S/B
//
// Assumptions: one level costs α + S/B (a parent's two children in a binary tree do not
// share its link — incast is the flow model's business, not this formula's); the reduction
// is free. The contention-free simulation of the binomial-tree schedule reproduces it
// exactly for every p, so keep it exactly this formula; that of the binary-tree schedule
// (heap order, critical path 2⌊log2 p⌋ sends with one chunk, binary_tree.h) only when p is
// a power of two — otherwise the simulation is faster.
// Preconditions (std::invalid_argument otherwise): p >= 2. O(1).

// ⌈log2 p⌉ (6 for p = 64, 3 for p = 5).
int naive_tree_levels(int p);

// 2⌈log2 p⌉: the α multiplier (12 for p = 64).
std::int64_t naive_tree_latency_steps(int p);

AffineCost naive_tree_allreduce_cost(int p, const HopCost& hop);

// T_tree in seconds from core types; rejects negative α or bytes and non-positive B.
double naive_tree_allreduce_seconds(int p, core::Time alpha, core::Bandwidth bandwidth,
                                    core::Bytes bytes);

}  // namespace collsim::cost
