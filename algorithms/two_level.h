#pragma once

#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// Two-level (hierarchical) AllReduce (ALL_REDUCE only), per channel:
// 1. intra-node reduce-scatter: each node's GPUs run a ring reduce-scatter (ring in local
//    order) over the G = max node size shards of the channel's share; local index l of a
//    node with g GPUs ends owning the shards s with s mod g = l (shard l when all nodes
//    have G GPUs). Each shard moves as one message (a composite piece), whatever the
//    inter-node chunking.
// 2. inter-node AllReduce of each shard s among its owners (one GPU per node, the same
//    local index — the same rail — when nodes are uniform): options.inter = RING (a ring
//    AllReduce over the nodes in order, shard cut into n parts × k chunks, k = 1 unless
//    set) or DOUBLE_BINARY_TREE (two trees over the nodes, one GPU per node, half the
//    shard each, k pipelined chunks). An owner starts once its intra-node result is in.
// 3. intra-node all-gather on the same rings; an owner forwards a shard once the inter-node
//    phase is done at it.
// Sends per channel with uniform nodes of g GPUs and n nodes: 2·n·g(g−1) intra, plus
// inter g·2(n−1)·n·k (ring) or g·2·2(n−1)·k (double binary tree).
Schedule generate_two_level(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options);

}  // namespace collsim::algorithms
