#pragma once

#include <cstdint>

#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// The rank-level tree of NCCL-style double binary tree `tree` (0 or 1) for `channel`: the
// node tree of double_binary_tree(nodes)[tree], and inside each node a chain through its
// GPUs. The chain of node x starts at its head, local index
// h = layout.spread_local(x, 2·channel + tree), and runs h, h+1, ..., h−1 (mod g); the head
// alone talks to the network: it receives from the heads of its child nodes and sends to
// the head of its parent node. The two trees of a channel (and successive channels) thus
// get different head GPUs and, while there are enough, different NICs. The head's children
// are its child nodes' heads, then chain position 1. O(ranks).
RankTree double_binary_rank_tree(const RankLayout& layout, int tree, std::uint32_t channel);

// NCCL-style double binary tree AllReduce (ALL_REDUCE only): per channel two trees
// (double_binary_rank_tree 0 and 1), each carrying half of the channel's share cut into k
// chunks (pipelined default); each tree reduces chunk j up to its root (chains up inside
// nodes, child heads to parent heads) and broadcasts it down as soon as the root has it,
// so chunks pipeline up and down. Connections are FIFO per (src, dst, channel, tree).
// Sends: 2·(p−1)·k per tree and channel. Critical path (k chunks): 2·D + k − 1 sends,
// D = the deepest rank in either tree (node depth + chain position).
Schedule generate_double_binary_tree(Collective collective, core::Bytes bytes,
                                     const RankLayout& layout, const GenerateOptions& options);

}  // namespace collsim::algorithms
