#pragma once

#include <span>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

// Tree broadcast from the root, the second half of the tree AllReduces and Broadcast
// itself. Every vertex with children sends each chunk j to each child (Combine::COPY), in
// the order children() lists them. Dependencies of v's send of chunk j to child c:
//   data: at the root root_ready[j] (e.g. tree_reduce's result), elsewhere the receipt of
//         chunk j from the parent, so chunks pipeline down the tree;
//   FIFO: the previous send on the connection v -> c, or with single_port v's previous
//         send to any destination (which continues its reduce-phase FIFO);
//   pipeline = false: also the root's last chunk / the receipt of the last chunk.
// `root_ready` may be empty: the root holds the data from the start.
// Labels: run.label's channel/tree/phase, chunk j, step run.next_step + the send's level
// (a child is reached one level after its parent; with single_port the i-th child of a
// vertex i levels later still); advances run.next_step past the deepest level.
// Emits (vertices − 1)·chunks sends. Returns, by vertex, ops after which it holds every
// chunk and every write the tree made at it is done (its last receipt — FIFO implies the
// others, and each follows the vertex's own reduce-phase folds through the root; at the
// root its last send to its first child).
std::vector<DepList> tree_broadcast(ScheduleBuilder& b, TreeRun& run,
                                    const GenerateOptions& options,
                                    std::span<const DepList> root_ready);

}  // namespace collsim::algorithms
