#pragma once

#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// The binomial tree over p ranks rooted at `root`: vertex v is rank (v + root) mod p; a
// vertex v > 0 with lowest set bit b has parent v − b and children v + b/2, v + b/4, ...,
// v + 1 (those < p), largest subtree first; the root's children are 2^(L−1), ..., 1 with
// L = ceil(log2 p) (the SimGrid peer's tree). O(p).
RankTree binomial_tree(Rank p, Rank root);

// Naive binomial-tree schedules, whole message per level by default: one partner per
// step. In the reduce a parent takes its children one at a time, smallest subtree first
// (the receipt from child v + 2b waits for the one from v + b); in the broadcast a rank
// sends to its children one after the other, largest subtree first; all of a rank's sends
// form one FIFO (single port: its reduce-phase send to its parent, then its broadcast).
// REDUCE, BROADCAST, ALL_REDUCE (reduce to rank 0, then broadcast). Sends: (p−1)·k per
// channel and phase. Critical path with k = 1: ceil(log2 p) sends per phase, so
// 2·ceil(log2 p) for ALL_REDUCE, the lesson's latency term, for every p.
Schedule generate_binomial_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                                const GenerateOptions& options);

}  // namespace collsim::algorithms
