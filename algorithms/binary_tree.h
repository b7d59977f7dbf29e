#pragma once

#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// The binary tree in heap order over p ranks rooted at `root`: vertex v is rank
// (v + root) mod p, its parent vertex (v − 1)/2, its children 2v+1 and 2v+2. Depth
// floor(log2 p). O(p).
RankTree binary_heap_tree(Rank p, Rank root);

// Naive binary-tree schedules (the lesson's tree, whole message per level by default):
// REDUCE toward the root, BROADCAST from it, ALL_REDUCE = reduce to rank 0 then broadcast.
// Both children send to the parent at once (their connections are separate FIFOs), the
// parent forwards chunk j once both children's chunk j arrived, and sends to both children
// at once. Channels: independent copies of the tree, each on its share of the message.
// Sends: (p−1)·k per channel for REDUCE/BROADCAST, twice that for ALL_REDUCE. Critical
// path with k = 1: floor(log2 p) sends each way (2·floor(log2 p) for ALL_REDUCE, which is
// the lesson's 2·ceil(log2 p) when p is a power of two).
Schedule generate_binary_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                              const GenerateOptions& options);

}  // namespace collsim::algorithms
