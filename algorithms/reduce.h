#pragma once

#include <span>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

// Tree reduce toward the root, the first half of the tree AllReduces and Reduce itself.
// Every non-root vertex v sends each chunk j to its parent once it holds chunk j reduced
// over its subtree (Combine::REDUCE). Dependencies of v's send of chunk j:
//   data: a leaf's ready[v]; otherwise the receipts of chunk j from all of v's children
//         (their REDUCE ops with emit_reduce_ops), so chunks pipeline up the tree;
//   FIFO: v's previous send (its connection to the parent; the single-port FIFO);
//   pipeline = false: also the receipts of the last chunk from all children;
//   serial_receives: the receipt of chunk j from the sibling the parent takes before v;
//   receiver: ready[parent], dependencies of the fold (see reducing_receive); without
//         REDUCE ops only on chunk 0, which FIFO makes the later chunks wait for.
// `ready` (by vertex) may be empty: every rank's own data is valid from the start.
// Labels: run.label's channel/tree/phase, chunk j, step run.next_step + the vertex's level
// (leaves 0, a parent one more than its latest child or, with serial receives, than the
// sibling received before it); advances run.next_step past the root's level.
// Emits (vertices − 1)·chunks sends (plus as many REDUCE ops). Returns, by chunk, the ops
// after which the root holds it reduced over the whole tree (ready[root] without children).
std::vector<DepList> tree_reduce(ScheduleBuilder& b, TreeRun& run, const GenerateOptions& options,
                                 std::span<const DepList> ready);

}  // namespace collsim::algorithms
