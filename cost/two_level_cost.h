#pragma once

#include "cost/affine_cost.h"
#include "cost/hop_cost.h"

namespace collsim::cost {

// Two-level (hierarchical) AllReduce over n nodes × g GPUs, p = n·g:
//   1. intra-node ring reduce-scatter over the g GPUs of each node: g−1 steps of S/g at
//      B_intra — afterwards GPU i of a node holds the node's sum of piece i (S/g bytes);
//   2. inter-node ring AllReduce of that S/g piece among the n GPUs with the same local
//      index (one "rail" per local index, g rails in parallel): 2(n−1) steps of S/(g·n) at
//      B_inter with α_inter;
//   3. intra-node ring all-gather of the g reduced pieces: g−1 steps of S/g at B_intra.
//
//   T = 2(g−1)·α + 2(g−1)/g · S/B_intra + 2(n−1)·α_inter + 2(n−1)/n · (S/g)/B_inter
//
// Assumptions: every GPU has its own network port (a NIC per GPU, B_inter each), so the g
// rails do not share a link; the intra-node rings do not contend (NVSwitch or a ring of
// NVLinks); the phases do not overlap; the reduction is free. g = 1 is a plain ring over the
// nodes at B_inter; n = 1 a plain ring over the GPUs at B_intra.
// Preconditions (std::invalid_argument otherwise): n >= 1, g >= 1, n·g >= 2. O(1).
struct TwoLevelParams {
  int nodes = 1;
  int gpus_per_node = 1;
  HopCost intra;  // α and B_intra of a hop inside a node
  HopCost inter;  // α_inter and B_inter of a hop between nodes
};

AffineCost two_level_allreduce_cost(const TwoLevelParams& params);

}  // namespace collsim::cost
