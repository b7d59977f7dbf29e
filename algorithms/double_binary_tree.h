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

// The rank-level tree `tree` (0 or 1) of NCCL's tree on search channel s: the node tree of
// double_binary_tree(nodes)[tree], and inside each node the chain of NCCL's tree graph for
// channel s, which starts at the first GPU of entry NIC s mod entry_nics (the search
// rotates the NIC with the channel and starts a tree at the NIC's own GPU, exiting by the
// same NIC) and runs up the GPU indices (with NVSwitches the tree search tries only the
// next index). Both trees of a search channel use the same chain. O(ranks).
RankTree nccl_rank_tree(const RankLayout& layout, int tree, std::uint32_t search_channel);

// The channels of nccl_tree's tree 0 out of C: ceil(C/2); NCCL runs tree 0 on channels
// [0, n) and tree 1 on [n, 2n), and a channel limit below 2n cuts from the top.
inline std::uint32_t nccl_tree_zero_channels(std::uint32_t channels) {
  return (channels + 1) / 2;
}

// NCCL's tree AllReduce (nccl_tree, ALL_REDUCE only) on C channels, as NCCL's connectTrees
// lays them out: with n = nccl_tree_zero_channels(C), channel c < n runs tree 0 on search
// channel c's chains (nccl_rank_tree), channel n + c tree 1 on the same chains. Each channel
// carries S/C, cut into k chunks (pipelined default), reduced up and broadcast down as in
// double_binary_tree. For even C: the sends, critical path and bytes of double_binary_tree
// on C/2 channels; only the heads and channel labels differ. One channel is one tree.
Schedule generate_nccl_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options);

}  // namespace collsim::algorithms
